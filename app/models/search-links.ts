// The links around a search's results: the chips of the filters in use (each one a link
// to the same search without it) and the looser searches offered when nothing matches.
// The loader makes them, so the page's browser code carries only labels and hrefs.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import { shownPageNumbers } from "#app/models/page-numbers.ts";
import { formatPrice, type Quality } from "#app/models/listing.ts";
import { formatNumber } from "#app/models/money.ts";
import { FALLBACK_SITE, type PublicSite } from "#app/models/site.ts";
import { countLabel, searchQuery, type Loosening, type SearchFilters } from "#app/models/search.ts";

type SiteDisplay = Pick<PublicSite, "price" | "distanceUnit">;

/** A path with a query string, or the bare path when the query is empty. */
export function withQuery(path: string, query: string): string {
  return `${path}${query ? `?${query}` : ""}`;
}

const QUALITY_CHIP: Record<Quality, string> = {
  Good: msg("Good quality"),
  Excellent: msg("Excellent quality"),
  "Not bad": msg("Not bad quality"),
};

/** "Year 2015–2020", "Price from 5,000$", "Year up to 2020": whole sentences, so they translate. */
const RANGE_LABEL = {
  year: {
    both: msg("Year {min}–{max}"),
    min: msg("Year from {min}"),
    max: msg("Year up to {max}"),
  },
  price: {
    both: msg("Price {min}–{max}"),
    min: msg("Price from {min}"),
    max: msg("Price up to {max}"),
  },
} as const;

/** The filters in use, as removable chips: label (in the reader's words) and the filters without it. */
export function activeFilters(
  filters: SearchFilters,
  /** How prices read, and the unit the mileage filter is typed in. */
  site: SiteDisplay = FALLBACK_SITE,
  t: Translate = english,
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
      label: rangeLabel(filters.minYear, filters.maxYear, String, RANGE_LABEL.year, t),
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
        RANGE_LABEL.price,
        t,
      ),
      without: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filters.maxMileage !== undefined) {
    chips.push({
      key: "maxMileage",
      label: t("Up to {distance} {unit}", {
        distance: formatNumber(filters.maxMileage, site.price),
        unit: site.distanceUnit,
      }),
      without: { maxMileage: undefined },
    });
  }
  if (filters.fuel) {
    chips.push({ key: "fuel", label: t(filters.fuel), without: { fuel: undefined } });
  }
  if (filters.transmission) {
    chips.push({
      key: "transmission",
      label: t(filters.transmission),
      without: { transmission: undefined },
    });
  }
  if (filters.quality) {
    chips.push({
      key: "quality",
      label: t(QUALITY_CHIP[filters.quality]),
      without: { quality: undefined },
    });
  }
  if (filters.location) {
    chips.push({
      key: "location",
      label: t("In {location}", { location: filters.location }),
      without: { location: undefined },
    });
  }
  if (filters.verified) {
    chips.push({ key: "verified", label: t("Verified sellers"), without: { verified: false } });
  }
  if (filters.reduced) {
    chips.push({ key: "reduced", label: t("Price reduced"), without: { reduced: undefined } });
  }
  if (filters.sold) {
    chips.push({ key: "sold", label: t("Including sold"), without: { sold: false } });
  }
  return chips;
}

function rangeLabel(
  min: number | undefined,
  max: number | undefined,
  format: (n: number) => string,
  labels: (typeof RANGE_LABEL)[keyof typeof RANGE_LABEL],
  t: Translate,
): string {
  if (min !== undefined && max !== undefined) {
    return t(labels.both, { min: format(min), max: format(max) });
  }
  if (min !== undefined) return t(labels.min, { min: format(min) });
  return t(labels.max, { max: format(max!) });
}

/** The chips above the results, and the link that clears them all (keeping the compare tray). */
export function filterChips(
  pathname: string,
  filters: SearchFilters,
  compare: string,
  site: SiteDisplay = FALLBACK_SITE,
  t: Translate = english,
) {
  return {
    chips: activeFilters(filters, site, t).map((chip) => ({
      key: chip.key,
      label: chip.label,
      href: withQuery(pathname, searchQuery(filters, chip.without, { compare })),
    })),
    clearHref: withQuery(pathname, compare ? `compare=${encodeURIComponent(compare)}` : ""),
  };
}

/** The looser searches of an empty result as links, each with its count in the reader's words. */
export function looserSearches(
  pathname: string,
  suggestions: Loosening[],
  compare: string,
  t: Translate = english,
) {
  return suggestions.map((option) => {
    const query = compare
      ? `${option.query}${option.query ? "&" : ""}compare=${encodeURIComponent(compare)}`
      : option.query;
    return {
      label: option.label,
      href: withQuery(option.everyCategory ? "/products/allProducts" : pathname, query),
      count: countLabel(option.total, option.capped, t),
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
