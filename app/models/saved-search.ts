// A saved search in words and addresses (issue 28): client-safe, shared by the results page's
// "Save this search" and the server.
import type { Translate } from "#app/i18n/translator.ts";
import { SAVED_SEARCH_NAME_MAX } from "#app/models/alerts.ts";
import { activeFilters, withQuery } from "#app/models/search-links.ts";
import { searchQuery, type SearchFilters } from "#app/models/search.ts";
import type { PublicSite } from "#app/models/site.ts";

/** The query a saved search keeps: the results' filters, without the page. */
export const savedQueryOf = (filters: SearchFilters) => searchQuery(filters, { page: 1 });

/** "Sedan, Toyota, Price up to 20,000$, Hybrid": the filters in words, as the chips say them. */
export function searchSummary(
  filters: SearchFilters,
  categoryName: string | null,
  site: Pick<PublicSite, "price" | "distanceUnit">,
  t: Translate,
): string {
  const parts = [
    ...(categoryName ? [categoryName] : []),
    ...activeFilters(filters, site, t).map((chip) => chip.label),
  ];
  const summary = parts.length > 0 ? parts.join(", ") : t("All cars");
  return summary.length > SAVED_SEARCH_NAME_MAX
    ? `${summary.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…`
    : summary;
}

/** Where a saved search's results are: its category's page (or all cars) with its query. */
export const resultsPath = (categorySlug: string | null, query: string) =>
  withQuery(`/products/${categorySlug ?? "allProducts"}`, query);
