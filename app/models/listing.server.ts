// Listing queries for the public pages. Each selects only what its page renders.
// This module holds the lists: the public rule (fresh or sold), the home table's
// advertised cars, the pages of the car lists, and cars by id for the entries that
// follow them. How a row is read and shaped is in listing-rows.server.ts, one car's
// page in listing-detail.server.ts; both are re-exported here.
import {
  and,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import { onePlan } from "#app/db/one-plan.ts";
import type { Db } from "#app/db/client.server.ts";
import { listing, user } from "#app/db/schema.ts";
import { DAY_MS, freshnessCutoff } from "#app/models/freshness.ts";
import type { FollowedCar } from "#app/models/followed-car.ts";
import { pageWindow } from "#app/models/id.ts";
import type { ListingRow } from "#app/models/listing.ts";
import type { MileageUnit } from "#app/models/listing-choices.ts";
import { selectListingRows, selectRows, toRow } from "#app/models/listing-rows.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

export const LISTINGS_PAGE_SIZE = 20;
/**
 * The home table shows at most this many advertised cars (a daily rotation when there
 * are more): the most an operator may choose, and the default.
 */
export const ADVERTISED_LIMIT = 12;

/**
 * Which cars the public sees (decision 019): the time, and the site's rules. A car
 * not confirmed for `freshDays` leaves the lists (DESIGN decision 21); with
 * `verifiedSellersOnly`, so do the cars of sellers an admin has not verified.
 */
export type PublicRules = {
  now: Date;
  freshDays: number;
  verifiedSellersOnly: boolean;
  /** The unit the mileage filter is typed in (cars are compared in km). */
  distanceUnit: MileageUnit;
};

/** The rules as the site's settings set them now (read from memory, not per request). */
export async function publicRules(db: Db, now: Date = new Date()): Promise<PublicRules> {
  const settings = await getSiteSettings(db);
  return {
    now,
    freshDays: settings.freshDays,
    verifiedSellersOnly: settings.sellersNeedVerification,
    distanceUnit: settings.distanceUnit,
  };
}

/** The sellers whose cars are public when only verified sellers' are (user_verified_idx). */
export const verifiedSellerIds = sql`(select ${user.id} from ${user} where ${user.verified} and ${user.role} = 'seller')`;

function shownSeller(verifiedSellersOnly: boolean): SQL | undefined {
  return verifiedSellersOnly ? inArray(listing.sellerId, verifiedSellerIds) : undefined;
}

/** Sold cars (nothing to confirm) and freshly confirmed ones, of sellers the rules show. */
export function freshOrSold(rules: PublicRules): SQL {
  const cutoff = freshnessCutoff(rules.now, rules.freshDays);
  return soldOrFreshSince(cutoff, rules.verifiedSellersOnly);
}

/** Sold cars and those confirmed after `cutoff` (a placeholder in a statement built once). */
export function soldOrFreshSince(cutoff: Date | Placeholder, verifiedSellersOnly: boolean): SQL {
  const fresh = gt(listing.confirmedAt, cutoff);
  return and(or(eq(listing.status, "sold"), fresh), shownSeller(verifiedSellersOnly))!;
}

export function availableAndFresh(rules: PublicRules): SQL {
  const cutoff = freshnessCutoff(rules.now, rules.freshDays);
  return availableSince(cutoff, rules.verifiedSellersOnly);
}

/**
 * Available cars confirmed after `cutoff` (a placeholder in a statement built once). The
 * status is written into the statement, not passed as a value, so that a plan made once
 * may use the indexes of available cars only (listing_confirmed_idx).
 */
export function availableSince(cutoff: Date | Placeholder, verifiedSellersOnly: boolean): SQL {
  const fresh = gt(listing.confirmedAt, cutoff);
  return and(sql`${listing.status} = 'available'`, fresh, shownSeller(verifiedSellersOnly))!;
}

/** The day number the home table's rotation uses (UTC days since 1970). */
export function rotationDay(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS);
}

/**
 * The home table: advertised cars that are available and freshly confirmed, at
 * most `limit` (the site's setting), in the day's rotation (ringStretchOf in
 * listing-rows.server.ts).
 */
export async function findAdvertisedListings(
  db: Db,
  storage: Storage,
  now: Date = new Date(),
  limit: number = ADVERTISED_LIMIT,
): Promise<ListingRow[]> {
  const rules = await publicRules(db, now);
  const statements = rules.verifiedSellersOnly ? advertised.verifiedOnly : advertised.all;
  const rows = await statements(db).execute({
    cutoff: freshnessCutoff(now, rules.freshDays),
    size: Math.min(limit, ADVERTISED_LIMIT),
    day: rotationDay(now),
  });
  return rows.map((raw) => toRow(storage, raw));
}

/**
 * The home table's statements, for each value of the verified-sellers rule, written once
 * (its joins and 35 columns took Drizzle 0.7 ms a request to write) and planned once:
 * the ring's cars counted, and the day's stretch of them read, from
 * listing_advertised_idx, in one statement (one trip where there were two: 0.15 ms of
 * the embedded database's thread a home page).
 */
const advertisedOf = (verifiedSellersOnly: boolean) =>
  builtOnce((db) =>
    selectRows(db, {
      order: "ring",
      where: onePlan(
        and(
          isNotNull(listing.advertisedAt),
          availableSince(sql.placeholder("cutoff"), verifiedSellersOnly),
        )!,
      ),
      size: sql.placeholder("size"),
      day: sql.placeholder("day"),
    }).prepare(`ring_rows${verifiedSellersOnly ? "_verified" : ""}`),
  );
const advertised = { all: advertisedOf(false), verifiedOnly: advertisedOf(true) };

export type ListingPage = {
  rows: ListingRow[];
  total: number;
  page: number;
  pageCount: number;
};

/**
 * One page of listings, newest first; only available cars unless `includeSold`.
 * Available cars not confirmed for the site's fresh days are left out either way.
 */
export async function findListings(
  db: Db,
  storage: Storage,
  options: { categoryId?: number; includeSold: boolean; page: number; now?: Date },
): Promise<ListingPage> {
  const rules = await publicRules(db, options.now);
  const filters: SQL[] = [];
  if (options.categoryId !== undefined) filters.push(eq(listing.categoryId, options.categoryId));
  filters.push(options.includeSold ? freshOrSold(rules) : availableAndFresh(rules));
  const where = filters.length ? and(...filters) : undefined;

  const [totals] = await db.select({ total: count() }).from(listing).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, offset } = pageWindow(total, options.page, LISTINGS_PAGE_SIZE);
  const rows = await selectRows(db, { order: "newest", where, limit: LISTINGS_PAGE_SIZE, offset });
  return { rows: rows.map((raw) => toRow(storage, raw)), total, page, pageCount };
}

/**
 * Table rows for the given listings whatever their status or freshness, keyed by
 * id (My Orders and My Wishlist show each saved or requested car as it is now).
 */
export async function findListingRowsByIds(
  db: Db,
  storage: Storage,
  ids: number[],
): Promise<Map<number, ListingRow>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsByIds(db).execute({ ids });
  return new Map(rows.map((raw) => [raw.id, toRow(storage, raw)]));
}

/** Cars' table rows by id, written once (built-once.ts). */
const rowsByIds = builtOnce((db) =>
  selectListingRows(db, {})
    .where(anyId(listing.id, sql.placeholder("ids")))
    .prepare("listing_rows_by_ids"),
);

/**
 * Entries that follow a car (contact requests, wishlist entries) with each car as
 * it is now (null once deleted) and the sentence `noteOf` gives for it.
 */
export async function followedCars<
  Entry extends { id: number; listingId: number | null; listingTitle: string },
>(
  db: Db,
  storage: Storage,
  entries: Entry[],
  noteOf: (entry: Entry, car: ListingRow | null) => string | null,
): Promise<FollowedCar[]> {
  const cars = await findListingRowsByIds(
    db,
    storage,
    entries.flatMap((entry) => (entry.listingId === null ? [] : [entry.listingId])),
  );
  return entries.map((entry) => {
    const car = entry.listingId === null ? null : (cars.get(entry.listingId) ?? null);
    return { id: entry.id, car, title: entry.listingTitle, note: noteOf(entry, car) };
  });
}
