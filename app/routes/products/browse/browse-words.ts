// What the car lists' loader words in the reader's language (decision 020): the
// heading and the page's title and description. The filter chips and the looser
// searches are search-links.ts's, given the same `t`.
import type { Translate } from "#app/i18n/translator.ts";
import type { ListingRow } from "#app/models/listing.ts";
import { COUNT_CAP, hasFilters, searchQuery, type SearchFilters } from "#app/models/search.ts";
import { searchSummary } from "#app/models/saved-search.ts";
import { withQuery } from "#app/models/search-links.ts";
import type { PublicSite } from "#app/models/site.ts";

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

/** "Save this search": the canonical results address and a name in the reader's words. */
export function saveSearchOf(
  url: URL,
  filters: SearchFilters,
  category: { name: string } | null,
  signedIn: boolean,
  site: Pick<PublicSite, "price" | "distanceUnit">,
  t: Translate,
) {
  return {
    path: withQuery(url.pathname, searchQuery(filters, { page: 1 })),
    name: searchSummary(filters, category?.name ?? null, site, t),
    signedIn,
  };
}
