// Reading the search parameters of /products/allProducts and /products/{category}: bad or
// hostile values are dropped or corrected, and the page says what was corrected (decision
// 010). The loader runs it; the browser never needs it.
import { FUELS, QUALITIES, TRANSMISSIONS, formatPrice } from "#app/models/listing.ts";
import {
  defaultSort,
  LOCATION_MAX,
  QUERY_MAX,
  SEARCH_FIRST_YEAR,
  SEARCH_MILEAGE_MAX,
  SEARCH_PRICE_MAX,
  searchLastYear,
  SORTS,
  type MakeModels,
  type PARAM_ORDER,
  type SearchFilters,
} from "#app/models/search.ts";
import { isPlainText } from "#app/models/text.ts";
import { FALLBACK_SITE, type PublicSite } from "#app/models/site.ts";

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
  /** The site's name, for "no car on Carlot has it", and how its prices read. */
  site: Pick<PublicSite, "name" | "price"> = FALLBACK_SITE,
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
      notices.push(`We ignored the make ${echo(makeRaw)}: no car on ${site.name} has it.`);
    } else {
      filters.make = make.make;
      if (modelRaw) {
        const model = make.models.find((name) => name.toLowerCase() === modelRaw.toLowerCase());
        if (model) filters.model = model;
        else
          notices.push(
            `We ignored the model ${echo(modelRaw)}: no ${make.make} on ${site.name} has it.`,
          );
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
      `Showing prices from ${formatPrice(minPrice * 100, site.price)} to ${formatPrice(maxPrice * 100, site.price)}.`,
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
