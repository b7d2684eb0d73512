// What the car lists' loader words in the reader's language (decision 020): the
// heading, the page's title and description, the filter chips and the looser
// searches' counts. The English is what search-links.ts and countLabel say.
import type { Translate } from "#app/i18n/translator.ts";
import { formatPrice, type ListingRow } from "#app/models/listing.ts";
import { formatNumber } from "#app/models/money.ts";
import { filterChips, looserSearches } from "#app/models/search-links.ts";
import { COUNT_CAP, hasFilters, type Loosening, type SearchFilters } from "#app/models/search.ts";
import type { PublicSite } from "#app/models/site.ts";

import { carCount } from "../car-words.ts";

type SiteDisplay = Pick<PublicSite, "price" | "distanceUnit">;

/** "312 cars", "more than 1,000 cars": a count inside a sentence of the page's description. */
function carCountInText(t: Translate, total: number, capped: boolean): string {
  return capped
    ? t("{count, plural, one {more than # car} other {more than # cars}}", { count: COUNT_CAP })
    : t("{count, plural, one {# car} other {# cars}}", { count: total });
}

/** The page's title, description and preview picture. */
function browseSeo(
  t: Translate,
  heading: string,
  categoryName: string | null,
  filters: SearchFilters,
  page: { total: number; capped: boolean; page: number; rows: ListingRow[] },
) {
  const what = categoryName
    ? t("used {category} cars", { category: categoryName })
    : t("used cars");
  const count = carCountInText(t, page.total, page.capped);
  const filtered = hasFilters(filters);
  const photo = page.rows[0]?.photo;
  const pageNote = page.page > 1;
  const title = filtered
    ? pageNote
      ? t("Search results: {heading}, page {page}", { heading, page: page.page })
      : t("Search results: {heading}", { heading })
    : pageNote
      ? t("{heading}, page {page}", { heading, page: page.page })
      : heading;
  return {
    title,
    description: filtered
      ? t(
          "{count} matching your search among the {what} for sale on Carlot, from trusted sellers.",
          { count, what },
        )
      : pageNote
        ? t(
            "Browse {count} {what} for sale on Carlot (page {page}): compare prices, mileage and years, filter by make, model, price and fuel, and contact trusted sellers.",
            { count, what, page: page.page },
          )
        : t(
            "Browse {count} {what} for sale on Carlot: compare prices, mileage and years, filter by make, model, price and fuel, and contact trusted sellers.",
            { count, what },
          ),
    image: photo
      ? { url: photo.large, width: photo.width, height: photo.height, alt: page.rows[0]!.title }
      : null,
    noindex: filtered,
  };
}

/**
 * The page's category (null for all cars), its heading ("Sedan cars", "All cars") and
 * its title, description and picture.
 */
export function browseHeading(
  t: Translate,
  category: { name: string; slug: string } | null,
  filters: SearchFilters,
  page: { total: number; capped: boolean; page: number; rows: ListingRow[] },
) {
  const heading = category ? t("{category} cars", { category: category.name }) : t("All cars");
  return {
    heading,
    seo: browseSeo(t, heading, category?.name ?? null, filters, page),
    categoryName: category?.name ?? null,
    categorySlug: category?.slug ?? null,
  };
}

/** "Year 2015–2020", "Price from 5,000$", "Year up to 2019": a range filter's chip. */
function rangeWords(
  t: Translate,
  what: "year" | "price",
  min: number | undefined,
  max: number | undefined,
  format: (n: number) => string,
): string {
  if (what === "year") {
    if (min !== undefined && max !== undefined) {
      return t("Year {from}–{to}", { from: format(min), to: format(max) });
    }
    if (min !== undefined) return t("Year from {from}", { from: format(min) });
    return t("Year up to {to}", { to: format(max!) });
  }
  if (min !== undefined && max !== undefined) {
    return t("Price {from}–{to}", { from: format(min), to: format(max) });
  }
  if (min !== undefined) return t("Price from {from}", { from: format(min) });
  return t("Price up to {to}", { to: format(max!) });
}

/**
 * A filter chip in the reader's words: what activeFilters (search-links.ts) says in
 * English, from the same filters. The words people typed (keywords, make) stay as they are.
 */
function chipWords(
  t: Translate,
  chip: { key: string; label: string },
  filters: SearchFilters,
  site: SiteDisplay,
): string {
  switch (chip.key) {
    case "year":
      return rangeWords(t, "year", filters.minYear, filters.maxYear, String);
    case "price":
      return rangeWords(t, "price", filters.minPrice, filters.maxPrice, (n) =>
        formatPrice(n * 100, site.price),
      );
    case "maxMileage":
      return filters.maxMileage === undefined
        ? chip.label
        : t("Up to {distance}", {
            distance: `${formatNumber(filters.maxMileage, site.price)} ${site.distanceUnit}`,
          });
    case "fuel":
    case "transmission":
      return t(chip.label);
    case "quality":
      return filters.quality ? t("{quality} quality", { quality: t(filters.quality) }) : chip.label;
    case "location":
      return t("In {location}", { location: filters.location ?? "" });
    case "verified":
      return t("Verified sellers");
    case "sold":
      return t("Including sold");
    default:
      return chip.label;
  }
}

/** The chips of the filters in use, in the reader's words, and the link that clears them. */
export function chipsInWords(
  t: Translate,
  pathname: string,
  filters: SearchFilters,
  compare: string,
  site: SiteDisplay,
) {
  const { chips, clearHref } = filterChips(pathname, filters, compare, site);
  return {
    chips: chips.map((chip) => ({ ...chip, label: chipWords(t, chip, filters, site) })),
    clearHref,
  };
}

/** The looser searches of an empty result as links, each with its count in the reader's words. */
export function suggestionsInWords(
  t: Translate,
  pathname: string,
  looser: Loosening[],
  compare: string,
) {
  return looserSearches(pathname, looser, compare).map((option, index) => ({
    ...option,
    count: carCount(t, looser[index]!.total, looser[index]!.capped),
  }));
}
