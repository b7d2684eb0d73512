// Search queries for /products/allProducts and /products/{category} (decision 010).
// Every query keeps the public rule (PublicRules): available cars confirmed within
// the site's fresh days, plus sold cars when asked. Each filter and sort has an index
// (app/db/schema.ts says which); the plans are printed by `npm run bench`. What a search
// asks for (its WHERE and ORDER BY) is search-where.server.ts's.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { listing } from "#app/db/schema.ts";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import { availableSince, publicRules } from "#app/models/listing.server.ts";
import { carFactsOf, selectListingRows, toRow } from "#app/models/listing-rows.server.ts";
import type { ListingRow } from "#app/models/listing.ts";
import { freshnessCutoff } from "#app/models/freshness.ts";
import { pageOffset } from "#app/models/id.ts";
import { getSiteSettings, siteDisplayOf } from "#app/models/site.server.ts";
import {
  keywordQuery,
  newestFirst,
  searchOrder,
  searchWhere,
  type SearchScope,
} from "#app/models/search-where.server.ts";
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
    .select({
      // Named apart from the listing's columns: Drizzle writes a subquery's field unqualified.
      id: sql<number>`${listing.id}`.as("page_id"),
      total: sql<number>`(${countQuery(db, where)})`.as("page_total"),
    })
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

/** A result's row, with the capped count of every match. */
type Found = { total: number; row: ListingRow };

/** A page of ids and the capped count; a page past the end counts on its own. */
async function countedPage(
  rows: Found[],
  page: number,
  count: () => Promise<number>,
): Promise<[number, Found[]]> {
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
 * The page (its rows with the count) of a list only browsed, the page visitors land on
 * most, and its count alone for a page past the end: written once and planned once for
 * each form (with a category or not, with the verified-sellers rule or not). Their plan is
 * the same for every category and cutoff: an index read in the list's order that stops at
 * the page, or at COUNT_CAP + 1 for the count; planned for each value they cost the
 * embedded database about 0.6 ms a page (listing has 18 indexes). A search keeps its plan
 * per value: its best index depends on what was typed.
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
    const pageIds = countedPageQuery(db, where, newestFirst())
      .offset(sql.placeholder("offset"))
      .as("page_ids");
    return {
      count: countQuery(db, where).prepare(`${name}_count`),
      page: browsedRows(db, pageIds).prepare(`${name}_page`),
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
    .select({
      id: sql<number>`${newest.id}`.as("page_id"),
      total: sql<number>`(count(*) over ())::int`.as("page_total"),
    })
    .from(newest)
    .orderBy(desc(newest.rank), desc(newest.createdAt), desc(newest.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset(pageOffset(page, SEARCH_PAGE_SIZE));
}

/** The car facts a result's row shows besides the table's columns. */
const factColumns = () => ({
  make: listing.make,
  model: listing.model,
  year: listing.year,
  mileageKm: listing.mileageKm,
  fuel: listing.fuel,
  transmission: listing.transmission,
});

/** A result as its statement returns it (the browsed lists' read the same columns). */
type ResultRow = Awaited<ReturnType<ReturnType<typeof resultRows>["execute"]>>[number];

/** A result's table row with its car facts. */
const resultRow = (storage: Storage, raw: ResultRow): ListingRow => ({
  ...toRow(storage, raw),
  facts: carFactsOf(raw),
});

/**
 * A browsed list's page of rows with the capped count: its page of ids joined to their
 * rows in one statement (the ids and then their rows were two trips to the embedded
 * database: 0.15 ms of its thread a category page). A search keeps the two: planned for
 * each value, as searches are, the joined statement cost more to plan than the trip.
 */
function browsedRows(
  db: Db,
  page: SubqueryWithSelection<{ id: SQL.Aliased<number>; total: SQL.Aliased<number> }, "page_ids">,
) {
  return selectListingRows(db, { ...factColumns(), total: page.total })
    .innerJoin(page, eq(page.id, listing.id))
    .orderBy(...newestFirst());
}

/** A page of results' rows with their car facts, by id (written once: built-once.ts). */
const resultRows = builtOnce((db) =>
  selectListingRows(db, factColumns())
    .where(anyId(listing.id, sql.placeholder("ids")))
    .prepare("search_result_rows"),
);

/** Table rows (with car facts) for ids, in the given order (a missing id is skipped). */
async function rowsFor(db: Db, storage: Storage, ids: number[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const rows = await resultRows(db).execute({ ids });
  const byId = new Map(rows.map((raw) => [raw.id, resultRow(storage, raw)]));
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
  // A page's rows, each with the capped count: a browsed list's in one statement
  // (browsedRows), a search's ids and then their rows.
  const pageOf = async (page: number): Promise<Found[]> => {
    if (browsed) {
      const rows = await browsed.page.execute({
        ...values,
        offset: pageOffset(page, SEARCH_PAGE_SIZE),
      });
      return rows.map((raw) => ({ total: raw.total, row: resultRow(storage, raw) }));
    }
    const found = await (filters.sort === "relevance"
      ? rankedPageQuery(db, where, filters.q ?? "", page)
      : pageIds(db, where, order, page));
    const rows = await rowsFor(
      db,
      storage,
      found.map((each) => each.id),
    );
    // Every id carries the same count.
    return rows.map((row) => ({ total: found[0]!.total, row }));
  };
  const [counted, firstTry] = await countedPage(await pageOf(filters.page), filters.page, () =>
    browsed
      ? browsed.count.execute(values).then(([row]) => row?.total ?? 0)
      : countMatches(db, where),
  );
  const capped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const found = page === filters.page ? firstTry : await pageOf(page);
  return {
    rows: found.map((each) => each.row),
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
