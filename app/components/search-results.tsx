// Around the search results: what was corrected, the filters in use (each one
// removable), and what to loosen when nothing matches.
import { useLocation } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import {
  activeFilters,
  countLabel,
  searchQuery,
  type Loosening,
  type SearchFilters,
} from "#app/models/search.ts";

function withQuery(path: string, query: string): string {
  return `${path}${query ? `?${query}` : ""}`;
}

/** The filters in use as chips; each link is the same search without it. */
export function ActiveFilters({ filters, compare }: { filters: SearchFilters; compare: string }) {
  const { pathname } = useLocation();
  const chips = activeFilters(filters);
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-600">Filters:</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <AppLink
              to={withQuery(pathname, searchQuery(filters, chip.without, { compare }))}
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
        to={withQuery(pathname, compare ? `compare=${encodeURIComponent(compare)}` : "")}
        preventScrollReset
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        Clear all
      </AppLink>
    </div>
  );
}

/** No cars match: say so, and offer the looser searches that do find cars. */
export function EmptySearch({
  filters,
  suggestions,
  compare,
  inCategory,
}: {
  filters: SearchFilters;
  suggestions: Loosening[];
  compare: string;
  inCategory: string | null;
}) {
  const { pathname } = useLocation();
  const filtered = activeFilters(filters).length > 0;
  const hrefOf = (option: Loosening) => {
    const query = compare
      ? `${option.query}${option.query ? "&" : ""}compare=${encodeURIComponent(compare)}`
      : option.query;
    return withQuery(option.everyCategory ? "/products/allProducts" : pathname, query);
  };
  return (
    <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">No cars match this search</p>
      {suggestions.length > 0 ? (
        <>
          <p className="mt-2 text-slate-600">Try loosening it:</p>
          <ul className="mx-auto mt-4 grid max-w-md gap-2 text-left">
            {suggestions.slice(0, 5).map((option) => (
              <li key={option.label}>
                <AppLink
                  to={hrefOf(option)}
                  className="flex items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-slate-200 hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">{option.label}</span>
                  <span className="text-sm whitespace-nowrap text-slate-600">
                    {countLabel(option.total, option.capped)}
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-slate-600">
          {filtered
            ? "Even without these filters nothing matches. Try other words or another category."
            : inCategory
              ? `There are no cars for sale in ${inCategory} right now.`
              : "There are no cars for sale right now."}
        </p>
      )}
      {filtered || inCategory ? (
        <AppLink
          to="/products/allProducts"
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          See all cars
        </AppLink>
      ) : null}
    </div>
  );
}
