// Above the search results: the filters in use, each one removable. The loader gives
// each chip's label and link, so the browser does not carry the code that makes them.
import { AppLink } from "#app/components/ui/app-link.tsx";

export type FilterChip = { key: string; label: string; href: string };

/** The filters in use as chips; each link is the same search without it. */
export function ActiveFilters({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-600">Filters:</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <AppLink
              to={chip.href}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-600/20 hover:bg-brand-100"
            >
              {chip.label}
              <span aria-hidden="true" className="text-brand-600">
                ×
              </span>
              <span className="sr-only">(remove this filter)</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <AppLink
        to={clearHref}
        preventScrollReset
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        Clear all
      </AppLink>
    </div>
  );
}
