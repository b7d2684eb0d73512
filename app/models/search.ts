// Search on /products/allProducts and /products/{category}: the URL parameters,
// their one canonical order, and how bad or hostile values are corrected visibly
// (decision 010). Client-safe: the page builds its links with the same functions.
import {
  FUELS,
  QUALITIES,
  TRANSMISSIONS,
  formatMileage,
  formatPrice,
  type Quality,
} from "#app/models/listing.ts";
import { isPlainText } from "#app/models/text.ts";

export const SORTS = ["relevance", "newest", "price-asc", "price-desc", "mileage", "year"] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABEL: Record<Sort, string> = {
  relevance: "Best match",
  newest: "Newest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  mileage: "Mileage: lowest first",
  year: "Year: newest first",
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
  "sold",
  "sort",
  "page",
] as const;

/** Makes and their models on public listings, spelled as most listings spell them. */
export type MakeModels = { make: string; models: string[] }[];

export function defaultSort(filters: Pick<SearchFilters, "q">): Sort {
  return filters.q ? "relevance" : "newest";
}

const LABEL: Record<string, string> = {
  q: "search",
  make: "make",
  model: "model",
  minYear: "earliest year",
  maxYear: "latest year",
  minPrice: "minimum price",
  maxPrice: "maximum price",
  maxMileage: "maximum mileage",
  fuel: "fuel",
  transmission: "transmission",
  quality: "quality",
  location: "location",
  verified: "verified sellers setting",
  sold: "sold cars setting",
  sort: "sort order",
  page: "page",
};

/** Short, quoted and printable: how a bad value is echoed back in a notice. */
function echo(value: string): string {
  const printable = value.replace(/[\p{C}]/gu, "").trim();
  return `“${printable.length > 30 ? `${printable.slice(0, 30)}…` : printable}”`;
}

/** The parameters people type into; the others are chosen from lists. */
const TEXT_PARAMS = ["q", "make", "model", "location"] as const;
export const CONTROL_NOTICE =
  "We removed invisible control characters from your search and searched for the rest.";

/** Collapses spaces and drops control characters. */
function cleanText(value: string): string {
  return value
    .replace(/[\p{C}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type Bounds = { min: number; max: number };

function parseWhole(
  name: string,
  raw: string,
  bounds: Bounds,
  notices: string[],
): number | undefined {
  const cleaned = raw.replace(/[\s,$]/g, "").replace(/km$/i, "");
  if (cleaned === "") return undefined;
  if (/^-\d/.test(cleaned)) {
    notices.push(`We ignored the ${LABEL[name]} ${echo(raw)}: it cannot be negative.`);
    return undefined;
  }
  if (!/^\d{1,12}$/.test(cleaned)) {
    notices.push(`We ignored the ${LABEL[name]} ${echo(raw)}: it is not a whole number.`);
    return undefined;
  }
  const value = Number(cleaned);
  if (value < bounds.min || value > bounds.max) {
    notices.push(
      `We ignored the ${LABEL[name]} ${echo(raw)}: it must be from ${bounds.min.toLocaleString("en-US")} to ${bounds.max.toLocaleString("en-US")}.`,
    );
    return undefined;
  }
  return value;
}

function pickOne<T extends string>(
  name: string,
  raw: string,
  choices: readonly T[],
  notices: string[],
): T | undefined {
  if (raw === "") return undefined;
  const found = choices.find((choice) => choice.toLowerCase() === raw.trim().toLowerCase());
  if (!found) {
    notices.push(
      `We ignored the ${LABEL[name]} ${echo(raw)}: choose one of ${choices.join(", ")}.`,
    );
  }
  return found;
}

function parseFlag(name: string, raw: string, notices: string[]): boolean {
  if (raw === "") return false;
  if (["1", "true", "on", "yes"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "off", "no"].includes(raw.toLowerCase())) return false;
  notices.push(`We ignored the ${LABEL[name]} ${echo(raw)}.`);
  return false;
}

/**
 * Reads the search parameters. Nothing here throws: a bad value is dropped or
 * corrected, and `notices` says what happened, in words, for the page to show.
 */
export function parseSearch(
  params: URLSearchParams,
  makeModels: MakeModels,
  now = new Date(),
): { filters: SearchFilters; notices: string[] } {
  const notices: string[] = [];
  const get = (name: (typeof PARAM_ORDER)[number]): string => {
    const all = params.getAll(name);
    if (all.length > 1 && new Set(all).size > 1) {
      notices.push(`We used the first ${LABEL[name]} ${echo(all[0]!)} and ignored the others.`);
    }
    return all[0] ?? "";
  };
  const filters: SearchFilters = { verified: false, sold: false, sort: "newest", page: 1 };
  if (TEXT_PARAMS.some((name) => !isPlainText(params.get(name) ?? ""))) {
    notices.push(CONTROL_NOTICE);
  }

  let q = cleanText(get("q"));
  if (q.length > QUERY_MAX) {
    q = q.slice(0, QUERY_MAX).trim();
    notices.push(
      `Your search was longer than ${QUERY_MAX} characters, so we searched for its first ${QUERY_MAX}.`,
    );
  }
  if (q) filters.q = q;

  const makeRaw = cleanText(get("make"));
  const modelRaw = cleanText(get("model"));
  if (makeRaw) {
    const make = makeModels.find((entry) => entry.make.toLowerCase() === makeRaw.toLowerCase());
    if (!make) {
      notices.push(`We ignored the make ${echo(makeRaw)}: no car on Carlot has it.`);
    } else {
      filters.make = make.make;
      if (modelRaw) {
        const model = make.models.find((name) => name.toLowerCase() === modelRaw.toLowerCase());
        if (model) filters.model = model;
        else
          notices.push(`We ignored the model ${echo(modelRaw)}: no ${make.make} on Carlot has it.`);
      }
    }
  } else if (modelRaw) {
    notices.push(`We ignored the model ${echo(modelRaw)}: choose a make first.`);
  }

  const years = { min: SEARCH_FIRST_YEAR, max: searchLastYear(now) };
  let minYear = parseWhole("minYear", get("minYear"), years, notices);
  let maxYear = parseWhole("maxYear", get("maxYear"), years, notices);
  if (minYear !== undefined && maxYear !== undefined && minYear > maxYear) {
    [minYear, maxYear] = [maxYear, minYear];
    notices.push(`Showing years from ${minYear} to ${maxYear}.`);
  }
  if (minYear !== undefined) filters.minYear = minYear;
  if (maxYear !== undefined) filters.maxYear = maxYear;

  const prices = { min: 0, max: SEARCH_PRICE_MAX };
  let minPrice = parseWhole("minPrice", get("minPrice"), prices, notices);
  let maxPrice = parseWhole("maxPrice", get("maxPrice"), prices, notices);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
    notices.push(
      `Showing prices from ${formatPrice(minPrice * 100)} to ${formatPrice(maxPrice * 100)}.`,
    );
  }
  if (minPrice) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;

  const maxMileage = parseWhole(
    "maxMileage",
    get("maxMileage"),
    { min: 0, max: SEARCH_MILEAGE_MAX },
    notices,
  );
  if (maxMileage !== undefined) filters.maxMileage = maxMileage;

  const fuel = pickOne("fuel", get("fuel"), FUELS, notices);
  if (fuel) filters.fuel = fuel;
  const transmission = pickOne("transmission", get("transmission"), TRANSMISSIONS, notices);
  if (transmission) filters.transmission = transmission;
  const quality = pickOne("quality", get("quality"), QUALITIES, notices);
  if (quality) filters.quality = quality;

  let location = cleanText(get("location"));
  if (location.length > LOCATION_MAX) {
    location = location.slice(0, LOCATION_MAX).trim();
    notices.push(`We used the first ${LOCATION_MAX} characters of the location.`);
  }
  if (location) filters.location = location;

  filters.verified = parseFlag("verified", get("verified"), notices);
  filters.sold = parseFlag("sold", get("sold"), notices);

  const sortRaw = get("sort");
  const sort = sortRaw ? SORTS.find((choice) => choice === sortRaw) : undefined;
  if (sortRaw && !sort) notices.push(`We ignored the sort order ${echo(sortRaw)}.`);
  // "Best match" needs words to match: without a search it falls back to newest.
  filters.sort = sort && (sort !== "relevance" || filters.q) ? sort : defaultSort(filters);

  const pageRaw = get("page");
  if (pageRaw && !/^\d{1,9}$/.test(pageRaw)) {
    notices.push(`We ignored the page ${echo(pageRaw)} and showed the first page.`);
  }
  filters.page = /^\d{1,9}$/.test(pageRaw) && Number(pageRaw) > 0 ? Number(pageRaw) : 1;
  return { filters, notices };
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

/** The filters in use, as removable chips: label and the filters without it. */
export function activeFilters(
  filters: SearchFilters,
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
      label: rangeLabel(filters.minPrice, filters.maxPrice, (n) => formatPrice(n * 100), "Price"),
      without: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filters.maxMileage !== undefined) {
    chips.push({
      key: "maxMileage",
      label: `Up to ${formatMileage(filters.maxMileage)}`,
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

/** "312 cars", "1 car", "More than 1,000 cars". */
export function countLabel(total: number, capped: boolean, noun = "car"): string {
  if (capped) return `More than ${COUNT_CAP.toLocaleString("en-US")} ${noun}s`;
  return `${total.toLocaleString("en-US")} ${total === 1 ? noun : `${noun}s`}`;
}
