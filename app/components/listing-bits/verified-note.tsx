// The Verified badge that explains itself (DESIGN decision 23): a native
// <details>, so it opens with a click, a tap, Enter or Space, without JavaScript,
// and its note flows below the badge (no popover to fall off a phone's screen).
import { CheckBadgeIcon } from "#app/components/icons.tsx";
import { useSite } from "#app/components/use-site.ts";
import { useTranslator } from "#app/i18n/i18n-provider.tsx";
import { dateLocaleOf } from "#app/models/dates.ts";
import { verificationNoteText, type VerificationNote } from "#app/models/verification-note.ts";

export function VerifiedNote({
  note,
  className = "",
}: {
  note: VerificationNote | null;
  className?: string;
}) {
  const site = useSite();
  const { t, language } = useTranslator();
  return (
    <details className={`group max-w-full min-w-0 ${className}`}>
      <summary className="verified-badge">
        <CheckBadgeIcon className="size-3.5 text-emerald-600" />
        {t("Verified")}
        <span className="sr-only">{t("seller: what was checked")}</span>
      </summary>
      <span className="verified-note">
        {verificationNoteText(note, site.name, dateLocaleOf(site.locale, language), t)}
      </span>
    </details>
  );
}
