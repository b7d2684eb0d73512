// Above the search results: the filters in use, each one removable. The loader gives
// each chip's label and link, so the browser does not carry the code that makes them.
import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

export type FilterChip = { key: string; label: string; href: string };

/** Chips that show what people typed (keywords, a make and model), not our words. */
const THEIR_WORDS: ReadonlySet<string> = new Set(["q", "make"]);

/** The filters in use as chips; each link is the same search without it. */
export function ActiveFilters({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  const t = useT();
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-600">{t("Filters:")}</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <AppLink
              to={chip.href}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-600/20 hover:bg-brand-100"
            >
              <span translate={THEIR_WORDS.has(chip.key) ? "no" : undefined}>{chip.label}</span>
              <span aria-hidden="true" className="text-brand-600">
                ×
              </span>
              <span className="sr-only">{t("(remove this filter)")}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <AppLink
        to={clearHref}
        preventScrollReset
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("Clear all")}
      </AppLink>
    </div>
  );
}
