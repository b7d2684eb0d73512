// What a search or a comparison corrected in its parameters, in words. The car lists
// and the compare page load it only when there is something to say.
import { useT } from "#app/i18n/i18n-provider.tsx";

/** "We ignored …" / "Showing prices from … to …": every correction, in words. */
export function SearchNotices({ notices }: { notices: string[] }) {
  // Each notice is a catalogue message, or already in the reader's words.
  const t = useT();
  return (
    <div
      role="status"
      className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-600/25"
    >
      <ul className="grid gap-1">
        {notices.map((notice) => (
          <li key={notice}>{t(notice)}</li>
        ))}
      </ul>
    </div>
  );
}
