// The links around a search's results: the chips of the filters in use (each one a link
// to the same search without it) and the looser searches offered when nothing matches.
// The loader makes them, so the page's browser code carries only labels and hrefs.
import { shownPageNumbers } from "#app/models/page-numbers.ts";
import { formatPrice } from "#app/models/listing.ts";
import { formatNumber } from "#app/models/money.ts";
import { FALLBACK_SITE, type PublicSite } from "#app/models/site.ts";
import { countLabel, searchQuery, type Loosening, type SearchFilters } from "#app/models/search.ts";

type SiteDisplay = Pick<PublicSite, "price" | "distanceUnit">;

/** A path with a query string, or the bare path when the query is empty. */
export function withQuery(path: string, query: string): string {
  return `${path}${query ? `?${query}` : ""}`;
}

/** The filters in use, as removable chips: label and the filters without it. */
export function activeFilters(
  filters: SearchFilters,
  /** How prices read, and the unit the mileage filter is typed in. */
  site: SiteDisplay = FALLBACK_SITE,
): { key: string; label: string; without: Partial<SearchFilters> }[] {
  const chips: { key: string; label: string; without: Partial<SearchFilters> }[] = [];
  if (filters.q) chips.push({ key: "q", label: `“${filters.q}”`, without: { q: undefined } });
  if (filters.make) {
    chips.push({
      key: "make",
      label: filters.model ? `${filters.make} ${filters.model}` : filters.make,
      without: { make: undefined, model: undefined },
    });
  }
  if (filters.minYear !== undefined || filters.maxYear !== undefined) {
    chips.push({
      key: "year",
      label: rangeLabel(filters.minYear, filters.maxYear, String, "Year"),
      without: { minYear: undefined, maxYear: undefined },
    });
  }
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    chips.push({
      key: "price",
      label: rangeLabel(
        filters.minPrice,
        filters.maxPrice,
        (n) => formatPrice(n * 100, site.price),
        "Price",
      ),
      without: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filters.maxMileage !== undefined) {
    chips.push({
      key: "maxMileage",
      label: `Up to ${formatNumber(filters.maxMileage, site.price)} ${site.distanceUnit}`,
      without: { maxMileage: undefined },
    });
  }
  if (filters.fuel) chips.push({ key: "fuel", label: filters.fuel, without: { fuel: undefined } });
  if (filters.transmission) {
    chips.push({
      key: "transmission",
      label: filters.transmission,
      without: { transmission: undefined },
    });
  }
  if (filters.quality) {
    chips.push({
      key: "quality",
      label: `${filters.quality} quality`,
      without: { quality: undefined },
    });
  }
  if (filters.location) {
    chips.push({
      key: "location",
      label: `In ${filters.location}`,
      without: { location: undefined },
    });
  }
  if (filters.verified) {
    chips.push({ key: "verified", label: "Verified sellers", without: { verified: false } });
  }
  if (filters.sold) chips.push({ key: "sold", label: "Including sold", without: { sold: false } });
  return chips;
}

function rangeLabel(
  min: number | undefined,
  max: number | undefined,
  format: (n: number) => string,
  what: string,
): string {
  if (min !== undefined && max !== undefined) return `${what} ${format(min)}–${format(max)}`;
  if (min !== undefined) return `${what} from ${format(min)}`;
  return `${what} up to ${format(max!)}`;
}

/** The chips above the results, and the link that clears them all (keeping the compare tray). */
export function filterChips(
  pathname: string,
  filters: SearchFilters,
  compare: string,
  site: SiteDisplay = FALLBACK_SITE,
) {
  return {
    chips: activeFilters(filters, site).map((chip) => ({
      key: chip.key,
      label: chip.label,
      href: withQuery(pathname, searchQuery(filters, chip.without, { compare })),
    })),
    clearHref: withQuery(pathname, compare ? `compare=${encodeURIComponent(compare)}` : ""),
  };
}

/** The looser searches of an empty result as links, each with its count in words. */
export function looserSearches(pathname: string, suggestions: Loosening[], compare: string) {
  return suggestions.map((option) => {
    const query = compare
      ? `${option.query}${option.query ? "&" : ""}compare=${encodeURIComponent(compare)}`
      : option.query;
    return {
      label: option.label,
      href: withQuery(option.everyCategory ? "/products/allProducts" : pathname, query),
      count: countLabel(option.total, option.capped),
    };
  });
}

/** The links Pagination shows: the window of page numbers, and previous and next. */
export function pageLinks(
  pathname: string,
  filters: SearchFilters,
  compare: string,
  page: number,
  pageCount: number,
): Record<number, string> {
  const pages = [page - 1, page + 1, ...shownPageNumbers(page, pageCount)];
  const links: Record<number, string> = {};
  for (const target of pages) {
    if (target === null || target < 1 || target > pageCount) continue;
    links[target] = withQuery(pathname, searchQuery(filters, { page: target }, { compare }));
  }
  return links;
}
