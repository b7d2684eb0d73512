// Matching new cars to saved searches (issue 28), for the alert job (alert-job.server.ts).
// Each car is checked against the searches of its make and those of any make; the filters
// other than words are checked here (passesFilters, held to searchWhere by the tests), and
// searches with keyword or location words are confirmed by the database's text search.
import { and, eq, inArray, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { type alert, listing, type listingEvent, savedSearch, user } from "#app/db/schema.ts";
import { PRICE_CUT_DAYS } from "#app/models/alerts.ts";
import { DAY_MS } from "#app/models/freshness.ts";
import { availableAndFresh, type PublicRules } from "#app/models/listing.server.ts";
import { toKilometres } from "#app/models/listing.ts";
import { savedSearchFilters } from "#app/models/saved-search.server.ts";
import { searchWhere } from "#app/models/search-where.server.ts";
import type { SearchFilters } from "#app/models/search.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Event = typeof listingEvent.$inferSelect;
export type AlertRow = typeof alert.$inferInsert;

/** A car as the matching sees it. */
export type CarFacts = {
  id: number;
  categoryId: number;
  make: string | null;
  model: string | null;
  year: number | null;
  resalePrice: number;
  mileageKm: number | null;
  fuel: string | null;
  transmission: string | null;
  quality: string;
  sellerVerified: boolean;
  priceCut: number | null;
  priceCutAt: Date | null;
};

/** A saved search's filters other than words, ready to check many cars against. */
type Check = {
  categoryId: number | null;
  make: string | null;
  model: string | null;
  minYear?: number;
  maxYear?: number;
  /** Cents, as cars' prices are kept. */
  minPrice?: number;
  maxPrice?: number;
  maxKm?: number;
  fuel?: string;
  transmission?: string;
  quality?: string;
  verified: boolean;
  reduced: boolean;
};

/** A saved search as the matching sees it. */
export type Watch = {
  id: number;
  userId: string;
  categoryId: number | null;
  filters: SearchFilters;
  check: Check;
  /** Keyword or location words: confirmed by the database's text search. */
  needsText: boolean;
};

const lower = (value: string | null | undefined) => value?.toLocaleLowerCase("en-US") ?? null;

function prepare(
  f: SearchFilters,
  categoryId: number | null,
  unit: PublicRules["distanceUnit"],
): Check {
  return {
    categoryId,
    make: f.make ? lower(f.make) : null,
    model: f.model ? lower(f.model) : null,
    minYear: f.minYear,
    maxYear: f.maxYear,
    minPrice: f.minPrice === undefined ? undefined : f.minPrice * 100,
    maxPrice: f.maxPrice === undefined ? undefined : f.maxPrice * 100,
    maxKm: f.maxMileage === undefined ? undefined : toKilometres(f.maxMileage, unit),
    fuel: f.fuel,
    transmission: f.transmission,
    quality: f.quality,
    verified: f.verified,
    reduced: Boolean(f.reduced),
  };
}

/** A car with its make and model lower-cased once, and the time a price cut counts from. */
type Candidate = CarFacts & { makeKey: string | null; modelKey: string | null; cutSince: number };

const candidateOf = (car: CarFacts, now: Date): Candidate => ({
  ...car,
  makeKey: lower(car.make),
  modelKey: lower(car.model),
  cutSince: now.getTime() - PRICE_CUT_DAYS * DAY_MS,
});

function passes(c: Check, car: Candidate): boolean {
  if (c.categoryId !== null && car.categoryId !== c.categoryId) return false;
  if (c.make !== null && car.makeKey !== c.make) return false;
  if (c.model !== null && car.modelKey !== c.model) return false;
  if (c.minYear !== undefined && (car.year === null || car.year < c.minYear)) return false;
  if (c.maxYear !== undefined && (car.year === null || car.year > c.maxYear)) return false;
  if (c.minPrice !== undefined && car.resalePrice < c.minPrice) return false;
  if (c.maxPrice !== undefined && car.resalePrice > c.maxPrice) return false;
  if (c.maxKm !== undefined && (car.mileageKm === null || car.mileageKm > c.maxKm)) return false;
  if (c.fuel && car.fuel !== c.fuel) return false;
  if (c.transmission && car.transmission !== c.transmission) return false;
  if (c.quality && car.quality !== c.quality) return false;
  if (c.verified && !car.sellerVerified) return false;
  if (
    c.reduced &&
    (car.priceCut === null || !car.priceCutAt || car.priceCutAt.getTime() <= car.cutSince)
  )
    return false;
  return true;
}

/**
 * Whether a public car passes a search's filters other than the keyword and location words:
 * the same conditions as searchWhere (search.server.ts), which the tests hold it to.
 */
export function passesFilters(
  filters: SearchFilters,
  categoryId: number | null,
  car: CarFacts,
  rules: Pick<PublicRules, "distanceUnit" | "now">,
): boolean {
  return passes(prepare(filters, categoryId, rules.distanceUnit), candidateOf(car, rules.now));
}

/** The active saved searches, their filters read once per run (same query, same filters). */
export async function loadWatches(db: Db, unit: PublicRules["distanceUnit"]): Promise<Watch[]> {
  const rows = await db
    .select({
      id: savedSearch.id,
      userId: savedSearch.userId,
      categoryId: savedSearch.categoryId,
      query: savedSearch.query,
    })
    .from(savedSearch)
    .where(eq(savedSearch.paused, false));
  const parsed = new Map<string, SearchFilters>();
  return rows.map((row) => {
    let filters = parsed.get(row.query);
    if (!filters) {
      filters = savedSearchFilters(row.query);
      parsed.set(row.query, filters);
    }
    return {
      id: row.id,
      userId: row.userId,
      categoryId: row.categoryId,
      filters,
      check: prepare(filters, row.categoryId, unit),
      needsText: Boolean(filters.q || filters.location),
    };
  });
}

/** Watches by lower-cased make ("" for searches of any make): a car is checked against few. */
export function byMake(watches: Watch[]): Map<string, Watch[]> {
  const map = new Map<string, Watch[]>();
  for (const watch of watches) {
    const key = watch.check.make ?? "";
    const list = map.get(key);
    if (list) list.push(watch);
    else map.set(key, [watch]);
  }
  return map;
}

/** The public cars among `ids`, with what the filters look at. */
async function publicCars(tx: Tx, ids: number[], rules: PublicRules): Promise<CarFacts[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: listing.id,
      categoryId: listing.categoryId,
      make: listing.make,
      model: listing.model,
      year: listing.year,
      resalePrice: listing.resalePrice,
      mileageKm: listing.mileageKm,
      fuel: listing.fuel,
      transmission: listing.transmission,
      quality: listing.quality,
      priceCut: listing.priceCut,
      priceCutAt: listing.priceCutAt,
      sellerVerified: sql<boolean>`exists (select 1 from ${user} where ${user.id} = ${listing.sellerId} and ${user.verified} and ${user.role} = 'seller')`,
    })
    .from(listing)
    .where(and(inArray(listing.id, ids), availableAndFresh(rules)));
}

/** New matches of the saved searches among the events' cars. */
export async function searchAlerts(
  tx: Tx,
  events: Event[],
  watches: Map<string, Watch[]>,
  rules: PublicRules,
): Promise<AlertRow[]> {
  const published = events.filter((event) => event.kind === "public" || event.kind === "available");
  if (published.length === 0 || watches.size === 0) return [];
  const cars = new Map(
    (
      await publicCars(
        tx,
        published.map((event) => event.listingId),
        rules,
      )
    ).map((car) => [car.id, candidateOf(car, rules.now)]),
  );
  const anyMake = watches.get("") ?? [];
  const rows: AlertRow[] = [];
  // Searches with words: the cars that pass their other filters, confirmed in one query each.
  const toConfirm = new Map<Watch, Event[]>();
  for (const event of published) {
    const car = cars.get(event.listingId);
    if (!car) continue;
    for (const watch of [...(watches.get(car.makeKey ?? "") ?? []), ...anyMake]) {
      if (!passes(watch.check, car)) continue;
      if (watch.needsText) {
        const list = toConfirm.get(watch);
        if (list) list.push(event);
        else toConfirm.set(watch, [event]);
      } else {
        rows.push(matchRow(watch, event));
      }
    }
  }
  // One query per distinct words (many searches share them), over the cars that passed any
  // of those searches' other filters: the results page's own text conditions.
  const byWords = new Map<
    string,
    { words: Pick<SearchFilters, "q" | "location">; ids: Set<number> }
  >();
  for (const [watch, list] of toConfirm) {
    const words = { q: watch.filters.q, location: watch.filters.location };
    const key = JSON.stringify(words);
    const entry = byWords.get(key) ?? { words, ids: new Set<number>() };
    for (const event of list) entry.ids.add(event.listingId);
    byWords.set(key, entry);
  }
  const matching = new Map<string, Set<number>>();
  for (const [key, { words, ids }] of byWords) {
    const found = await tx
      .select({ id: listing.id })
      .from(listing)
      .where(
        and(
          inArray(listing.id, [...ids]),
          searchWhere(
            { ...words, verified: false, sold: false, sort: "newest", page: 1 },
            { rules },
          ),
        ),
      );
    matching.set(key, new Set(found.map((row) => row.id)));
  }
  for (const [watch, list] of toConfirm) {
    const ids = matching.get(
      JSON.stringify({ q: watch.filters.q, location: watch.filters.location }),
    );
    for (const event of list) if (ids?.has(event.listingId)) rows.push(matchRow(watch, event));
  }
  return rows;
}

const matchRow = (watch: Watch, event: Event): AlertRow => ({
  userId: watch.userId,
  savedSearchId: watch.id,
  eventId: event.id,
  listingId: event.listingId,
  kind: "match",
  newPrice: event.newPrice,
  title: event.title,
});
