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
import { searchWhere } from "#app/models/search.server.ts";
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

/** A saved search as the matching sees it. */
export type Watch = {
  id: number;
  userId: string;
  categoryId: number | null;
  filters: SearchFilters;
  /** Keyword or location words: confirmed by the database's text search. */
  needsText: boolean;
};

const lower = (value: string | null | undefined) => value?.toLocaleLowerCase("en-US") ?? null;

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
  const { distanceUnit: unit, now } = rules;
  const f = filters;
  if (categoryId !== null && car.categoryId !== categoryId) return false;
  if (f.make && lower(car.make) !== lower(f.make)) return false;
  if (f.model && lower(car.model) !== lower(f.model)) return false;
  if (f.minYear !== undefined && (car.year === null || car.year < f.minYear)) return false;
  if (f.maxYear !== undefined && (car.year === null || car.year > f.maxYear)) return false;
  if (f.minPrice !== undefined && car.resalePrice < f.minPrice * 100) return false;
  if (f.maxPrice !== undefined && car.resalePrice > f.maxPrice * 100) return false;
  if (f.maxMileage !== undefined) {
    if (car.mileageKm === null || car.mileageKm > toKilometres(f.maxMileage, unit)) return false;
  }
  if (f.fuel && car.fuel !== f.fuel) return false;
  if (f.transmission && car.transmission !== f.transmission) return false;
  if (f.quality && car.quality !== f.quality) return false;
  if (f.verified && !car.sellerVerified) return false;
  if (f.reduced) {
    const since = now.getTime() - PRICE_CUT_DAYS * DAY_MS;
    if (car.priceCut === null || !car.priceCutAt || car.priceCutAt.getTime() <= since) return false;
  }
  return true;
}

/** The active saved searches, their filters read once per run (same query, same filters). */
export async function loadWatches(db: Db): Promise<Watch[]> {
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
      needsText: Boolean(filters.q || filters.location),
    };
  });
}

/** Watches by lower-cased make ("" for searches of any make): a car is checked against few. */
export function byMake(watches: Watch[]): Map<string, Watch[]> {
  const map = new Map<string, Watch[]>();
  for (const watch of watches) {
    const key = lower(watch.filters.make) ?? "";
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
    ).map((car) => [car.id, car]),
  );
  const rows: AlertRow[] = [];
  // Searches with words: the cars that pass their other filters, confirmed in one query each.
  const toConfirm = new Map<Watch, Event[]>();
  for (const event of published) {
    const car = cars.get(event.listingId);
    if (!car) continue;
    const candidates = [...(watches.get(lower(car.make) ?? "") ?? []), ...(watches.get("") ?? [])];
    for (const watch of candidates) {
      if (!passesFilters(watch.filters, watch.categoryId, car, rules)) continue;
      if (watch.needsText) {
        const list = toConfirm.get(watch);
        if (list) list.push(event);
        else toConfirm.set(watch, [event]);
      } else {
        rows.push(matchRow(watch, event));
      }
    }
  }
  for (const [watch, list] of toConfirm) {
    const found = await tx
      .select({ id: listing.id })
      .from(listing)
      .where(
        and(
          inArray(
            listing.id,
            list.map((event) => event.listingId),
          ),
          searchWhere(watch.filters, { categoryId: watch.categoryId ?? undefined, rules }),
        ),
      );
    const ids = new Set(found.map((row) => row.id));
    for (const event of list) if (ids.has(event.listingId)) rows.push(matchRow(watch, event));
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
