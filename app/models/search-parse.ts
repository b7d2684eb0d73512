// Reading the search parameters of /products/allProducts and /products/{category}: bad or
// hostile values are dropped or corrected, and the page says what was corrected (decision
// 010). The loader runs it; the browser never needs it.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
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

/** What the notices call each parameter ("We ignored the {field} …"). */
const LABEL: Record<string, string> = {
  q: msg("search"),
  make: msg("make"),
  model: msg("model"),
  minYear: msg("earliest year"),
  maxYear: msg("latest year"),
  minPrice: msg("minimum price"),
  maxPrice: msg("maximum price"),
  maxMileage: msg("maximum mileage"),
  fuel: msg("fuel"),
  transmission: msg("transmission"),
  quality: msg("quality"),
  location: msg("location"),
  verified: msg("verified sellers setting"),
  reduced: msg("price reduced setting"),
  sold: msg("sold cars setting"),
  sort: msg("sort order"),
  page: msg("page"),
};

/** Short, quoted and printable: how a bad value is echoed back in a notice. */
function echo(value: string): string {
  const printable = value.replace(/[\p{C}]/gu, "").trim();
  return `“${printable.length > 30 ? `${printable.slice(0, 30)}…` : printable}”`;
}

/** The parameters people type into; the others are chosen from lists. */
const TEXT_PARAMS = ["q", "make", "model", "location"] as const;
export const CONTROL_NOTICE = msg(
  "We removed invisible control characters from your search and searched for the rest.",
);

/** Collapses spaces and drops control characters. */
function cleanText(value: string): string {
  return value
    .replace(/[\p{C}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type Bounds = { min: number; max: number };

/** The notices, in the reader's words, and what each names. */
type Notices = { list: string[]; t: Translate };

function say(notices: Notices, message: string, values?: Record<string, unknown>) {
  notices.list.push(notices.t(message, values));
}

/** A parameter's value as a notice names it: the field's name and the value, quoted. */
function named(notices: Notices, name: string, raw: string) {
  return { field: notices.t(LABEL[name]!), value: echo(raw) };
}

function parseWhole(
  name: string,
  raw: string,
  bounds: Bounds,
  notices: Notices,
): number | undefined {
  const cleaned = raw.replace(/[\s,$]/g, "").replace(/km$/i, "");
  if (cleaned === "") return undefined;
  if (/^-\d/.test(cleaned)) {
    say(
      notices,
      msg("We ignored the {field} {value}: it cannot be negative."),
      named(notices, name, raw),
    );
    return undefined;
  }
  if (!/^\d{1,12}$/.test(cleaned)) {
    say(
      notices,
      msg("We ignored the {field} {value}: it is not a whole number."),
      named(notices, name, raw),
    );
    return undefined;
  }
  const value = Number(cleaned);
  if (value < bounds.min || value > bounds.max) {
    say(notices, msg("We ignored the {field} {value}: it must be from {min} to {max}."), {
      ...named(notices, name, raw),
      min: bounds.min.toLocaleString("en-US"),
      max: bounds.max.toLocaleString("en-US"),
    });
    return undefined;
  }
  return value;
}

function pickOne<T extends string>(
  name: string,
  raw: string,
  choices: readonly T[],
  notices: Notices,
): T | undefined {
  if (raw === "") return undefined;
  const found = choices.find((choice) => choice.toLowerCase() === raw.trim().toLowerCase());
  if (!found) {
    say(notices, msg("We ignored the {field} {value}: choose one of {choices}."), {
      ...named(notices, name, raw),
      choices: choices.map((choice) => notices.t(choice)).join(notices.t(", ")),
    });
  }
  return found;
}

function parseFlag(name: string, raw: string, notices: Notices): boolean {
  if (raw === "") return false;
  if (["1", "true", "on", "yes"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "off", "no"].includes(raw.toLowerCase())) return false;
  say(notices, msg("We ignored the {field} {value}."), named(notices, name, raw));
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
  /** The reader's words for the notices. */
  t: Translate = english,
): { filters: SearchFilters; notices: string[] } {
  const notices: Notices = { list: [], t };
  const get = (name: (typeof PARAM_ORDER)[number]): string => {
    const all = params.getAll(name);
    if (all.length > 1 && new Set(all).size > 1) {
      say(
        notices,
        msg("We used the first {field} {value} and ignored the others."),
        named(notices, name, all[0]!),
      );
    }
    return all[0] ?? "";
  };
  const filters: SearchFilters = { verified: false, sold: false, sort: "newest", page: 1 };
  if (TEXT_PARAMS.some((name) => !isPlainText(params.get(name) ?? ""))) {
    say(notices, CONTROL_NOTICE);
  }

  let q = cleanText(get("q"));
  if (q.length > QUERY_MAX) {
    q = q.slice(0, QUERY_MAX).trim();
    say(
      notices,
      msg("Your search was longer than {max} characters, so we searched for its first {max}."),
      { max: QUERY_MAX },
    );
  }
  if (q) filters.q = q;

  const makeRaw = cleanText(get("make"));
  const modelRaw = cleanText(get("model"));
  if (makeRaw) {
    const make = makeModels.find((entry) => entry.make.toLowerCase() === makeRaw.toLowerCase());
    if (!make) {
      say(notices, msg("We ignored the make {value}: no car on {site} has it."), {
        value: echo(makeRaw),
        site: site.name,
      });
    } else {
      filters.make = make.make;
      if (modelRaw) {
        const model = make.models.find((name) => name.toLowerCase() === modelRaw.toLowerCase());
        if (model) filters.model = model;
        else
          say(notices, msg("We ignored the model {value}: no {make} on {site} has it."), {
            value: echo(modelRaw),
            make: make.make,
            site: site.name,
          });
      }
    }
  } else if (modelRaw) {
    say(notices, msg("We ignored the model {value}: choose a make first."), {
      value: echo(modelRaw),
    });
  }

  const years = { min: SEARCH_FIRST_YEAR, max: searchLastYear(now) };
  let minYear = parseWhole("minYear", get("minYear"), years, notices);
  let maxYear = parseWhole("maxYear", get("maxYear"), years, notices);
  if (minYear !== undefined && maxYear !== undefined && minYear > maxYear) {
    [minYear, maxYear] = [maxYear, minYear];
    say(notices, msg("Showing years from {min} to {max}."), { min: minYear, max: maxYear });
  }
  if (minYear !== undefined) filters.minYear = minYear;
  if (maxYear !== undefined) filters.maxYear = maxYear;

  const prices = { min: 0, max: SEARCH_PRICE_MAX };
  let minPrice = parseWhole("minPrice", get("minPrice"), prices, notices);
  let maxPrice = parseWhole("maxPrice", get("maxPrice"), prices, notices);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
    say(notices, msg("Showing prices from {min} to {max}."), {
      min: formatPrice(minPrice * 100, site.price),
      max: formatPrice(maxPrice * 100, site.price),
    });
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
    say(notices, msg("We used the first {max} characters of the location."), { max: LOCATION_MAX });
  }
  if (location) filters.location = location;

  filters.verified = parseFlag("verified", get("verified"), notices);
  if (parseFlag("reduced", get("reduced"), notices)) filters.reduced = true;
  filters.sold = parseFlag("sold", get("sold"), notices);

  const sortRaw = get("sort");
  const sort = sortRaw ? SORTS.find((choice) => choice === sortRaw) : undefined;
  if (sortRaw && !sort)
    say(notices, msg("We ignored the sort order {value}."), { value: echo(sortRaw) });
  // "Best match" needs words to match: without a search it falls back to newest.
  filters.sort = sort && (sort !== "relevance" || filters.q) ? sort : defaultSort(filters);

  const pageRaw = get("page");
  if (pageRaw && !/^\d{1,9}$/.test(pageRaw)) {
    say(notices, msg("We ignored the page {value} and showed the first page."), {
      value: echo(pageRaw),
    });
  }
  filters.page = /^\d{1,9}$/.test(pageRaw) && Number(pageRaw) > 0 ? Number(pageRaw) : 1;
  return { filters, notices: notices.list };
}
