// The Verified badge that explains itself (DESIGN decision 23): a native
// <details>, so it opens with a click, a tap, Enter or Space, without JavaScript,
// and its note flows below the badge (no popover to fall off a phone's screen).
import { CheckBadgeIcon } from "#app/components/icons.tsx";
import { verificationNoteText, type VerificationNote } from "#app/models/verification.ts";

export function VerifiedNote({
  note,
  className = "",
}: {
  note: VerificationNote | null;
  className?: string;
}) {
  return (
    <details className={`group max-w-full min-w-0 ${className}`}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 [&::-webkit-details-marker]:hidden">
        <CheckBadgeIcon className="size-3.5 text-emerald-600" />
        Verified
        <span className="sr-only">seller: what was checked</span>
      </summary>
      <span className="mt-1 block max-w-64 rounded-lg bg-emerald-50 px-2.5 py-1.5 text-left text-xs font-normal whitespace-normal text-emerald-950 ring-1 ring-emerald-600/20">
        {verificationNoteText(note)}
      </span>
    </details>
  );
}
