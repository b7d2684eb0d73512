// Saved searches (issue 28): a person keeps a results page's filters, names them and chooses
// how often to hear about new matches. The filters are kept as the page's canonical query
// (search.ts), so opening a saved search is opening that address.
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { alert, category, savedSearch, user } from "#app/db/schema.ts";
import type { LinkTarget } from "#app/models/alert-links.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import {
  SAVED_SEARCHES_MAX,
  WIDE_SEARCH_PER_DAY,
  type AlertFrequency,
} from "#app/models/alerts.ts";
import type { Problem } from "#app/models/problem.ts";
import { parseSearch } from "#app/models/search-parse.ts";
import type { MakeModels, SearchFilters } from "#app/models/search.ts";
import type { PublicSite } from "#app/models/site.ts";
import { resultsPath, savedQueryOf, searchSummary } from "#app/models/saved-search.ts";
import { DAY_MS } from "#app/models/freshness.ts";
import { getCategoryBySlug } from "#app/models/category.server.ts";
import { findMakeModels } from "#app/models/make-models.server.ts";

/**
 * A saved query's filters. The make and model are taken as they were saved even when no
 * car on the site has them today: the next one published should match.
 */
export function savedSearchFilters(query: string): SearchFilters {
  const params = new URLSearchParams(query);
  const make = params.get("make");
  const model = params.get("model");
  const known: MakeModels = make ? [{ make, models: model ? [model] : [] }] : [];
  return parseSearch(params, known).filters;
}

export type SavedSearchInput = {
  name: string;
  categoryId: number | null;
  query: string;
  frequency: AlertFrequency;
};

/**
 * Keeps a search; the same search saved again takes the new name and frequency (and is
 * resumed) instead of a second copy. Refused past SAVED_SEARCHES_MAX.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  input: SavedSearchInput,
): Promise<{ ok: true; id: number; again: boolean } | { ok: false; problem: Problem<"conflict"> }> {
  return db.transaction(async (tx) => {
    // Two saves at once must not both pass the count: take the person's searches in turn.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-search:${userId}`}))`);
    const [same] = await tx
      .update(savedSearch)
      .set({ name: input.name, frequency: input.frequency, paused: false })
      .where(
        and(
          eq(savedSearch.userId, userId),
          eq(savedSearch.query, input.query),
          input.categoryId === null
            ? isNull(savedSearch.categoryId)
            : eq(savedSearch.categoryId, input.categoryId),
        ),
      )
      .returning({ id: savedSearch.id });
    if (same) return { ok: true, id: same.id, again: true };
    const [row] = await tx
      .select({ total: count() })
      .from(savedSearch)
      .where(eq(savedSearch.userId, userId));
    if ((row?.total ?? 0) >= SAVED_SEARCHES_MAX)
      return { ok: false, problem: { code: "conflict" } };
    const [created] = await tx
      .insert(savedSearch)
      .values({ userId, ...input })
      .returning({ id: savedSearch.id });
    return { ok: true, id: created!.id, again: false };
  });
}

export type SavedSearchRow = {
  id: number;
  name: string;
  frequency: AlertFrequency;
  paused: boolean;
  query: string;
  categoryName: string | null;
  resultsPath: string;
  /** Matches recorded since the person last opened its results. */
  newCount: number;
  /** Matches in the last day, when more than WIDE_SEARCH_PER_DAY; otherwise null. */
  wideCount: number | null;
  createdAt: Date;
};

/** The person's saved searches, newest first, with their counts. */
export async function findSavedSearches(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<SavedSearchRow[]> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const rows = await db
    .select({
      id: savedSearch.id,
      name: savedSearch.name,
      frequency: savedSearch.frequency,
      paused: savedSearch.paused,
      query: savedSearch.query,
      categoryName: category.name,
      categorySlug: category.slug,
      createdAt: savedSearch.createdAt,
      newCount: sql<number>`(select count(*)::int from ${alert} where ${alert.savedSearchId} = ${savedSearch.id} and ${alert.createdAt} > ${savedSearch.lastOpenedAt})`,
      dayCount: sql<number>`(select count(*)::int from ${alert} where ${alert.savedSearchId} = ${savedSearch.id} and ${alert.createdAt} > ${dayAgo})`,
    })
    .from(savedSearch)
    .leftJoin(category, eq(category.id, savedSearch.categoryId))
    .where(eq(savedSearch.userId, userId))
    .orderBy(sql`${savedSearch.createdAt} desc nulls last`, desc(savedSearch.id));
  return rows.map(({ categorySlug, dayCount, ...row }) => ({
    ...row,
    resultsPath: resultsPath(categorySlug, row.query),
    wideCount: dayCount > WIDE_SEARCH_PER_DAY ? dayCount : null,
  }));
}

type Change = Partial<{ name: string; frequency: AlertFrequency; paused: boolean }>;

/** Changes one of the person's searches; false when they have no such search. */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: number,
  change: Change,
): Promise<boolean> {
  const updated = await db
    .update(savedSearch)
    .set(change)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id });
  return updated.length > 0;
}

/** Deletes one of the person's searches (and its alerts); false when there is none. */
export async function deleteSavedSearch(db: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id });
  return deleted.length > 0;
}

/** The address of one of the person's searches' results, marking it opened. */
export async function openSavedSearch(
  db: Db,
  userId: string,
  id: number,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .update(savedSearch)
    .set({ lastOpenedAt: now })
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ query: savedSearch.query, categoryId: savedSearch.categoryId });
  if (!row) return null;
  const [slug] = row.categoryId
    ? await db.select({ slug: category.slug }).from(category).where(eq(category.id, row.categoryId))
    : [];
  return resultsPath(slug?.slug ?? null, row.query);
}

/** A saved search as its feed and emails need it: name, owner, results address. */
export async function getSavedSearch(db: Db, id: number) {
  const [row] = await db
    .select({
      id: savedSearch.id,
      userId: savedSearch.userId,
      name: savedSearch.name,
      query: savedSearch.query,
      categoryId: savedSearch.categoryId,
      categorySlug: category.slug,
    })
    .from(savedSearch)
    .leftJoin(category, eq(category.id, savedSearch.categoryId))
    .where(eq(savedSearch.id, id));
  return row ? { ...row, resultsPath: resultsPath(row.categorySlug, row.query) } : null;
}

/** Matches of a search since a time (the digest's count). */
export async function countMatchesSince(db: Db, id: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(alert)
    .where(and(eq(alert.savedSearchId, id), gt(alert.createdAt, since)));
  return row?.total ?? 0;
}

/**
 * A results page as a search to save: its category (a visible one), canonical query, address
 * and a name in the reader's words. Null for an address that is not a results page.
 */
export async function describeSearch(
  db: Db,
  path: string,
  site: Pick<PublicSite, "price" | "distanceUnit">,
  t: Translate,
) {
  const url = new URL(path, "http://carlot.invalid");
  const slug = /^\/products\/([^/]+)$/.exec(url.pathname)?.[1];
  if (!slug) return null;
  let found: Awaited<ReturnType<typeof getCategoryBySlug>> = null;
  if (slug !== "allProducts") {
    found = await getCategoryBySlug(db, slug);
    if (!found || found.hidden) return null;
  }
  const { filters } = parseSearch(url.searchParams, await findMakeModels(db));
  const query = savedQueryOf(filters);
  return {
    categoryId: found?.id ?? null,
    query,
    path: resultsPath(found?.slug ?? null, query),
    name: searchSummary(filters, found?.name ?? null, site, t),
  };
}

/** What an unsubscribe link names, for its page: a saved search's name, or saved cars. */
export async function describeLinkTarget(
  db: Db,
  target: LinkTarget,
): Promise<
  { kind: "search"; name: string; paused: boolean } | { kind: "cars"; off: boolean } | null
> {
  if ("search" in target) {
    const [row] = await db
      .select({ name: savedSearch.name, paused: savedSearch.paused })
      .from(savedSearch)
      .where(eq(savedSearch.id, target.search));
    return row ? { kind: "search", ...row } : null;
  }
  const [row] = await db
    .select({ carAlerts: user.carAlerts })
    .from(user)
    .where(eq(user.id, target.cars));
  return row ? { kind: "cars", off: row.carAlerts === "off" } : null;
}

/** Stops what an unsubscribe link names: pauses the search, or turns saved-car emails off. */
export async function unsubscribe(db: Db, target: LinkTarget): Promise<boolean> {
  const done =
    "search" in target
      ? await db
          .update(savedSearch)
          .set({ paused: true })
          .where(eq(savedSearch.id, target.search))
          .returning({ id: savedSearch.id })
      : await db
          .update(user)
          .set({ carAlerts: "off" })
          .where(eq(user.id, target.cars))
          .returning({ id: user.id });
  return done.length > 0;
}
