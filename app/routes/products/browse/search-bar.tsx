// The keyword box and the sort order above the results. They sit outside the filter
// panel but belong to its form (form="search-filters"): typing searches after a
// pause, a new sort order at once.
import { useT } from "#app/i18n/i18n-provider.tsx";
import { SORT_LABEL, SORTS, type SearchFilters } from "#app/models/search.ts";

import { field, labelText } from "./filter-fields.tsx";
import { SEARCH_FORM_ID, type SearchForm } from "./use-search-form.ts";

/** The keyword box and the sort order, above the results; they belong to the form. */
export function SearchBar({
  go,
  schedule,
  filters,
}: {
  go: SearchForm["go"];
  schedule: SearchForm["schedule"];
  filters: SearchFilters;
}) {
  const t = useT();
  return (
    <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor="filter-q" className={labelText}>
          {t("Search cars")}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="filter-q"
            form={SEARCH_FORM_ID}
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            onChange={() => schedule()}
            maxLength={200}
            autoComplete="off"
            placeholder={t("Make, model, words in the description…")}
            className={`${field} mt-0`}
          />
          <button
            type="submit"
            form={SEARCH_FORM_ID}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Search")}
          </button>
        </div>
      </div>
      <div>
        <label htmlFor="filter-sort" className={labelText}>
          {t("Sort by")}
        </label>
        <select
          id="filter-sort"
          form={SEARCH_FORM_ID}
          name="sort"
          defaultValue={filters.sort}
          onChange={() => go()}
          className={`${field} sm:w-56`}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sort === "relevance"
                ? t("{sort} (when searching)", { sort: t(SORT_LABEL[sort]) })
                : t(SORT_LABEL[sort])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
