// Search queries for /products/allProducts and /products/{category} (decision 010).
// Every query keeps the public rule (PublicRules): available cars confirmed within
// the site's fresh days, plus sold cars when asked. Each filter and sort has an index
// (app/db/schema.ts says which); the plans are printed by `npm run bench`.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { listing } from "#app/db/schema.ts";
import {
  availableAndFresh,
  availableSince,
  freshOrSold,
  publicRules,
  verifiedSellerIds,
  type PublicRules,
} from "#app/models/listing.server.ts";
import { carFactsOf, selectListingRows, toRow } from "#app/models/listing-rows.server.ts";
import { toKilometres, type ListingRow } from "#app/models/listing.ts";
import { PRICE_CUT_DAYS } from "#app/models/alerts.ts";
import { DAY_MS, freshnessCutoff } from "#app/models/freshness.ts";
import { pageOffset } from "#app/models/id.ts";
import { getSiteSettings, siteDisplayOf } from "#app/models/site.server.ts";
import { foldSqlText, SEARCH_CONFIG } from "#app/models/search-text.ts";
import { activeFilters } from "#app/models/search-links.ts";
import {
  COUNT_CAP,
  SEARCH_PAGE_SIZE,
  searchQuery,
  type Loosening,
  type SearchFilters,
} from "#app/models/search.ts";
import type { Storage } from "#app/services/storage.server.ts";
import { english } from "#app/services/words.server.ts";

/** Lower-cases and folds the accents of a parameter, exactly as the stored vector was. */
function foldSql(value: string): SQL {
  const [before, after] = foldSqlText("\u0000").split("\u0000") as [string, string];
  return sql.join([sql.raw(before), sql`${value}`, sql.raw(after)], sql.raw(""));
}

const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);

/** The visitor's words as a query: "quoted phrases", or, -not (websearch syntax). */
export function keywordQuery(q: string): SQL {
  return sql`websearch_to_tsquery(${config}, ${foldSql(q)})`;
}

/** Location words, matched only against the location part of the vector (weight B). */
function locationQuery(location: string): SQL | null {
  const words = (location.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return null;
  return sql`to_tsquery(${config}, ${foldSql(words.map((word) => `${word}:B`).join(" & "))})`;
}

/** A query of stop words only ("the") has no lexemes: it narrows nothing. */
function matches(query: SQL): SQL {
  return sql`(numnode(${query}) = 0 or ${listing.searchVector} @@ ${query})`;
}

export type SearchScope = { categoryId?: number; now?: Date };

/** The WHERE clause for a search: the public rule, the category, then each filter. */
export function searchWhere(
  filters: SearchFilters,
  scope: { categoryId?: number; rules: PublicRules },
): SQL {
  const { rules } = scope;
  const parts: SQL[] = [filters.sold ? freshOrSold(rules) : availableAndFresh(rules)];
  if (scope.categoryId !== undefined) parts.push(eq(listing.categoryId, scope.categoryId));
  if (filters.make) parts.push(sql`lower(${listing.make}) = lower(${filters.make})`);
  if (filters.model) parts.push(sql`lower(${listing.model}) = lower(${filters.model})`);
  if (filters.minYear !== undefined) parts.push(gte(listing.year, filters.minYear));
  if (filters.maxYear !== undefined) parts.push(lte(listing.year, filters.maxYear));
  if (filters.minPrice !== undefined) parts.push(gte(listing.resalePrice, filters.minPrice * 100));
  if (filters.maxPrice !== undefined) parts.push(lte(listing.resalePrice, filters.maxPrice * 100));
  if (filters.maxMileage !== undefined) {
    // Typed in the site's unit; every car's mileage is kept in km, whatever its seller typed.
    parts.push(lte(listing.mileageKm, toKilometres(filters.maxMileage, rules.distanceUnit)));
  }
  if (filters.fuel) parts.push(eq(listing.fuel, filters.fuel));
  if (filters.transmission) parts.push(eq(listing.transmission, filters.transmission));
  if (filters.quality) parts.push(eq(listing.quality, filters.quality));
  if (filters.verified) {
    parts.push(inArray(listing.sellerId, verifiedSellerIds));
  }
  if (filters.reduced) {
    // A cut in the last PRICE_CUT_DAYS (listing_price_cut_idx).
    parts.push(
      isNotNull(listing.priceCut),
      gt(listing.priceCutAt, new Date(rules.now.getTime() - PRICE_CUT_DAYS * DAY_MS)),
    );
  }
  // The words last: PostgreSQL checks a row's conditions in this order where their costs
  // look alike, and matching the text vector costs the most. With the price checked
  // first, "toyota" under $30,000 took 15 ms instead of 17 at 100,000 cars.
  if (filters.q) parts.push(matches(keywordQuery(filters.q)));
  if (filters.location) {
    const query = locationQuery(filters.location);
    if (query) parts.push(sql`${listing.searchVector} @@ ${query}`);
  }
  return and(...parts)!;
}

/** ORDER BY for each sort, written to match its index exactly (nulls included). */
export function searchOrder(filters: SearchFilters): SQL[] {
  switch (filters.sort) {
    case "relevance":
      return [
        sql`ts_rank(${listing.searchVector}, ${keywordQuery(filters.q ?? "")}) desc`,
        sql`${listing.createdAt} desc nulls last`,
        sql`${listing.id} desc nulls last`,
      ];
    case "price-asc":
      return [asc(listing.resalePrice), asc(listing.id)];
    case "price-desc":
      return [desc(listing.resalePrice), desc(listing.id)];
    case "mileage":
      return [sql`${listing.mileageKm} asc nulls last`, asc(listing.id)];
    case "year":
      return [sql`${listing.year} desc nulls last`, sql`${listing.id} desc nulls last`];
    case "newest":
      return newestFirst();
  }
}

/** Newest first, as listing_created_idx and listing_category_status_created_idx keep it. */
const newestFirst = () => [
  sql`${listing.createdAt} desc nulls last`,
  sql`${listing.id} desc nulls last`,
];

/** How many cars match, counting no further than COUNT_CAP + 1. */
export async function countMatches(db: Db, where: SQL): Promise<number> {
  const [row] = await countQuery(db, where);
  return row?.total ?? 0;
}

function countQuery(db: Db, where: SQL) {
  const limited = db
    .select({ one: sql`1` })
    .from(listing)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("limited");
  return db.select({ total: sql<number>`count(*)::int` }).from(limited);
}

/**
 * One page of ids in the chosen order (every sort but best match), each carrying the
 * capped count of every match: an uncorrelated subquery PostgreSQL runs once, so the page
 * and its count are one statement (one trip, one planning) where they were two; about
 * 0.4 ms of the embedded database's thread on a category page. A page with no rows
 * carries no count (see `countedPage`).
 */
function countedPageQuery(db: Db, where: SQL, order: SQL[]) {
  return db
    .select({ id: listing.id, total: sql<number>`(${countQuery(db, where)})` })
    .from(listing)
    .where(where)
    .orderBy(...order)
    .limit(SEARCH_PAGE_SIZE)
    .$dynamic();
}

/** One page of ids in `order`, with the capped count (`countedPageQuery`). */
export function pageIds(db: Db, where: SQL, order: SQL[], page: number) {
  return countedPageQuery(db, where, order).offset(pageOffset(page, SEARCH_PAGE_SIZE));
}

/** A page of ids and the capped count; a page past the end counts on its own. */
async function countedPage(
  rows: { id: number; total: number }[],
  page: number,
  count: () => Promise<number>,
): Promise<[number, { id: number }[]]> {
  const total = rows[0]?.total ?? (page === 1 ? 0 : await count());
  return [total, rows];
}

/**
 * Whether a list is only browsed: a category's or all cars, newest first, with nothing
 * chosen. Every new filter counts as chosen here without being named.
 */
function onlyBrowsed(filters: SearchFilters): boolean {
  const { sort, page: _page, ...chosen } = filters;
  return (
    sort === "newest" &&
    Object.values(chosen).every((value) => value === undefined || value === false || value === "")
  );
}

/**
 * The page (with its count) of a list only browsed, the page visitors land on most, and its
 * count alone for a page past the end: written once and planned once for each form (with a category or not, with the verified-sellers
 * rule or not). Their plan is the same for every category and cutoff: an index read in
 * the list's order that stops at the page, or at COUNT_CAP + 1 for the count; planned for
 * each value they cost the embedded database about 0.6 ms a page (listing has 18 indexes).
 * A search keeps its plan per value: its best index depends on what was typed.
 */
const browseStatementsOf = (inCategory: boolean, verifiedSellersOnly: boolean) =>
  builtOnce((db) => {
    const where = onePlan(
      and(
        availableSince(sql.placeholder("cutoff"), verifiedSellersOnly),
        inCategory ? eq(listing.categoryId, sql.placeholder("categoryId")) : undefined,
      ),
    );
    const name = `browse_${inCategory ? "category" : "all"}${verifiedSellersOnly ? "_verified" : ""}`;
    return {
      count: countQuery(db, where).prepare(`${name}_count`),
      page: countedPageQuery(db, where, newestFirst())
        .offset(sql.placeholder("offset"))
        .prepare(`${name}_page`),
    };
  });
const browseStatements = [
  [browseStatementsOf(false, false), browseStatementsOf(false, true)],
  [browseStatementsOf(true, false), browseStatementsOf(true, true)],
] as const;

/**
 * Best match: the newest COUNT_CAP + 1 matching cars (an index scan that stops
 * there), ranked by ts_rank; the count comes from the same rows. Ranking every
 * match of a common word would read most of the table; past COUNT_CAP the list
 * stops anyway (decision 010).
 */
export function rankedPageQuery(db: Db, where: SQL, q: string, page: number) {
  const newest = db
    .select({
      id: listing.id,
      createdAt: listing.createdAt,
      rank: sql<number>`ts_rank(${listing.searchVector}, ${keywordQuery(q)})`.as("rank"),
    })
    .from(listing)
    .where(where)
    .orderBy(sql`${listing.createdAt} desc nulls last`, sql`${listing.id} desc nulls last`)
    .limit(COUNT_CAP + 1)
    .as("newest");
  return db
    .select({ id: newest.id, total: sql<number>`(count(*) over ())::int` })
    .from(newest)
    .orderBy(desc(newest.rank), desc(newest.createdAt), desc(newest.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset(pageOffset(page, SEARCH_PAGE_SIZE));
}

async function rankedPage(
  db: Db,
  where: SQL,
  q: string,
  page: number,
): Promise<[number, { id: number }[]]> {
  const rows = await rankedPageQuery(db, where, q, page);
  // Past the last page the window has no row to report on: count on its own.
  const total = rows[0]?.total ?? (await countMatches(db, where));
  return [total, rows];
}

/** A page of results' rows with their car facts, by id (written once: built-once.ts). */
const resultRows = builtOnce((db) =>
  selectListingRows(db, {
    make: listing.make,
    model: listing.model,
    year: listing.year,
    mileageKm: listing.mileageKm,
    fuel: listing.fuel,
    transmission: listing.transmission,
  })
    .where(anyId(listing.id, sql.placeholder("ids")))
    .prepare("search_result_rows"),
);

/** Table rows (with car facts) for ids, in the given order. */
async function rowsFor(db: Db, storage: Storage, ids: number[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const rows = await resultRows(db).execute({ ids });
  const byId = new Map(
    rows.map((raw) => [
      raw.id,
      {
        ...toRow(storage, raw),
        facts: carFactsOf(raw),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type SearchPage = {
  rows: ListingRow[];
  /** Exact up to COUNT_CAP; see `capped`. */
  total: number;
  capped: boolean;
  page: number;
  pageCount: number;
};

/**
 * One page of search results and the count. The count stops at COUNT_CAP (the
 * page then says "More than 1,000 cars" and offers COUNT_CAP / 20 pages), so a
 * broad search costs no more than a narrow one. A page past the end shows the last.
 */
export async function searchListings(
  db: Db,
  storage: Storage,
  filters: SearchFilters,
  scope: SearchScope = {},
): Promise<SearchPage> {
  const rules = await publicRules(db, scope.now);
  const where = searchWhere(filters, { categoryId: scope.categoryId, rules });
  const order = searchOrder(filters);
  const browsed = onlyBrowsed(filters)
    ? browseStatements[scope.categoryId === undefined ? 0 : 1][rules.verifiedSellersOnly ? 1 : 0](
        db,
      )
    : null;
  const values = {
    cutoff: freshnessCutoff(rules.now, rules.freshDays),
    categoryId: scope.categoryId,
  };
  const idsOf = (page: number) =>
    browsed
      ? browsed.page.execute({ ...values, offset: pageOffset(page, SEARCH_PAGE_SIZE) })
      : pageIds(db, where, order, page);
  const [counted, firstTry] =
    filters.sort === "relevance"
      ? await rankedPage(db, where, filters.q ?? "", filters.page)
      : await countedPage(await idsOf(filters.page), filters.page, () =>
          browsed
            ? browsed.count.execute(values).then(([row]) => row?.total ?? 0)
            : countMatches(db, where),
        );
  const capped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const ids = page === filters.page ? firstTry : await idsOf(page);
  return {
    rows: await rowsFor(
      db,
      storage,
      ids.map((row) => row.id),
    ),
    total,
    capped,
    page,
    pageCount,
  };
}

/**
 * For an empty result: each filter in use, and the category, with how many cars
 * the search would find without it. Only those that find something, most first.
 * Labelled in `t`'s words (the request's).
 */
export async function suggestLooser(
  db: Db,
  filters: SearchFilters,
  scope: SearchScope = {},
  t: Translate = english,
): Promise<Loosening[]> {
  const settings = await getSiteSettings(db);
  const options = activeFilters(filters, siteDisplayOf(settings), t).map((chip) => ({
    label: t("Remove {filter}", { filter: chip.label }),
    filters: { ...filters, ...chip.without, page: 1 },
    categoryId: scope.categoryId,
  }));
  if (scope.categoryId !== undefined) {
    options.push({ label: t("Search every category"), filters, categoryId: undefined });
  }
  const rules = await publicRules(db, scope.now);
  const counted = await Promise.all(
    options.map(async (option) => {
      const found = await countMatches(
        db,
        searchWhere(option.filters, { categoryId: option.categoryId, rules }),
      );
      return {
        label: option.label,
        query: searchQuery(option.filters),
        everyCategory: option.categoryId === undefined && scope.categoryId !== undefined,
        total: Math.min(found, COUNT_CAP),
        capped: found > COUNT_CAP,
      };
    }),
  );
  return counted.filter((option) => option.total > 0).sort((a, b) => b.total - a.total);
}
