// Search on /products/allProducts and /products/{category}: the URL parameters and
// their one canonical order (decision 010). Client-safe: the page builds its links with
// these functions. Reading a URL's parameters is search-parse.ts, on the server.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import type { FUELS, Quality, TRANSMISSIONS } from "#app/models/listing.ts";

export const SORTS = ["relevance", "newest", "price-asc", "price-desc", "mileage", "year"] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABEL: Record<Sort, string> = {
  relevance: msg("Best match"),
  newest: msg("Newest first"),
  "price-asc": msg("Price: low to high"),
  "price-desc": msg("Price: high to low"),
  mileage: msg("Mileage: lowest first"),
  year: msg("Year: newest first"),
};

export type Fuel = (typeof FUELS)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];

/** A keyword search longer than this is cut to its first QUERY_MAX characters. */
export const QUERY_MAX = 100;
export const LOCATION_MAX = 100;
/**
 * Counting stops here: past it the page says "More than 1,000 cars" and offers
 * its first 50 pages (decision 010: a million cars cannot be counted per keystroke).
 */
export const COUNT_CAP = 1_000;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PRICE_MAX = 10_000_000;
export const SEARCH_MILEAGE_MAX = 2_000_000;
export const SEARCH_FIRST_YEAR = 1900;
export const searchLastYear = (now = new Date()) => now.getFullYear() + 1;

export type SearchFilters = {
  q?: string;
  make?: string;
  model?: string;
  minYear?: number;
  maxYear?: number;
  /** Whole dollars. */
  minPrice?: number;
  maxPrice?: number;
  /** Kilometres. */
  maxMileage?: number;
  fuel?: Fuel;
  transmission?: Transmission;
  quality?: Quality;
  location?: string;
  verified: boolean;
  /** Only cars whose price fell in the last 30 days (issue 28); absent means no. */
  reduced?: boolean;
  sold: boolean;
  sort: Sort;
  page: number;
};

/** The canonical order of the parameters; `compare` (the comparison tray) rides along last. */
export const PARAM_ORDER = [
  "q",
  "make",
  "model",
  "minYear",
  "maxYear",
  "minPrice",
  "maxPrice",
  "maxMileage",
  "fuel",
  "transmission",
  "quality",
  "location",
  "verified",
  "reduced",
  "sold",
  "sort",
  "page",
] as const;

/** Makes and their models on public listings, spelled as most listings spell them. */
export type MakeModels = { make: string; models: string[] }[];

export function defaultSort(filters: Pick<SearchFilters, "q">): Sort {
  return filters.q ? "relevance" : "newest";
}

/** The canonical query string (no "?"), leaving out defaults; `compare` is kept last. */
export function searchQuery(
  filters: SearchFilters,
  changes: Partial<SearchFilters> = {},
  extra: { compare?: string } = {},
): string {
  const merged: SearchFilters = { ...filters, ...changes };
  // Changing anything but the page starts again at page 1.
  if (!("page" in changes) && Object.keys(changes).length > 0) merged.page = 1;
  if (merged.sort === "relevance" && !merged.q) merged.sort = "newest";
  const params = new URLSearchParams();
  for (const name of PARAM_ORDER) {
    const value = merged[name];
    if (value === undefined || value === "" || value === false) continue;
    if (name === "sort" && value === defaultSort(merged)) continue;
    if (name === "page" && value === 1) continue;
    params.append(name, value === true ? "1" : String(value));
  }
  if (extra.compare) params.append("compare", extra.compare);
  return params.toString();
}

/** The parameters that hold whole numbers. */
const WHOLE_PARAMS: ReadonlySet<string> = new Set([
  "minYear",
  "maxYear",
  "minPrice",
  "maxPrice",
  "maxMileage",
]);

/**
 * The search form's fields as their canonical query, without parseSearch: the
 * browser builds the URL with this, so a first visit does not download the parser
 * and its messages. It gives what searchQuery(parseSearch(fields).filters) gives for
 * every value parseSearch takes without a notice (tests/unit/search-form.test.ts);
 * a value the parser would correct goes as typed, and the page says what it corrected.
 * A change of the form starts again at page 1.
 */
export function formSearchQuery(fields: URLSearchParams): string {
  const query = new URLSearchParams();
  const words = (fields.get("q") ?? "").replace(/\s+/g, " ").trim();
  for (const name of PARAM_ORDER) {
    let value = (fields.get(name) ?? "").replace(/\s+/g, " ").trim();
    if (WHOLE_PARAMS.has(name)) {
      const digits = value.replace(/[\s,$]/g, "").replace(/km$/i, "");
      if (/^\d{1,12}$/.test(digits)) value = String(Number(digits));
      // A minimum price of 0 is no minimum.
      if (name === "minPrice" && value === "0") value = "";
    }
    if (
      name === "sort" &&
      (value === defaultSort({ q: words }) || (!words && value === "relevance"))
    ) {
      value = "";
    }
    if (name === "page") value = "";
    if (value) query.append(name, value);
  }
  const compare = fields.get("compare");
  if (compare) query.append("compare", compare);
  return query.toString();
}

/** Whether anything narrows the list beyond its category (such pages are not indexed). */
export function hasFilters(filters: SearchFilters): boolean {
  return searchQuery({ ...filters, page: 1 }) !== "";
}

export type Loosening = {
  /** What to do, e.g. "Remove “Diesel”" or "Search every category". */
  label: string;
  /** The canonical query of the looser search. */
  query: string;
  /** True when the looser search leaves the category for all cars. */
  everyCategory: boolean;
  total: number;
  capped: boolean;
};

/** "312 cars", "1 car", "More than 1,000 cars", in the reader's words. */
export function countLabel(total: number, capped: boolean, t: Translate = english): string {
  if (capped) return t("More than {count} cars", { count: COUNT_CAP.toLocaleString("en-US") });
  return t("{count, plural, one {# car} other {# cars}}", { count: total });
}
