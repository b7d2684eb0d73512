// The wishlist: cars a signed-in person saved. An entry outlives its car (the
// car's name is kept) so the list can say the car is gone.
import { and, count, desc, eq, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { readCountedPage } from "#app/models/id.ts";
import { listing, user, wishlist } from "#app/db/schema.ts";
import { anyId } from "#app/db/any-id.ts";
import type { CarAlertChoice } from "#app/models/alerts.ts";
import { followedCars } from "#app/models/listing.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { Storage } from "#app/services/storage.server.ts";
import { english } from "#app/services/words.server.ts";

export const WISHLIST_PAGE_SIZE = 20;

/** Saves a car; saving it twice is the same as once. False when there is no such car. */
export async function saveToWishlist(db: Db, userId: string, listingId: number): Promise<boolean> {
  const [car] = await db
    .select({ id: listing.id, title: listing.title })
    .from(listing)
    .where(eq(listing.id, listingId));
  if (!car) return false;
  await db
    .insert(wishlist)
    .values({ userId, listingId: car.id, listingTitle: car.title })
    .onConflictDoNothing();
  return true;
}

/** Removes an entry, by the car it saved or (for a car that is gone) by the entry's id. */
export async function removeFromWishlist(
  db: Db,
  userId: string,
  which: { listingId: number } | { entryId: number },
): Promise<boolean> {
  const removed = await db
    .delete(wishlist)
    .where(
      and(
        eq(wishlist.userId, userId),
        "listingId" in which
          ? eq(wishlist.listingId, which.listingId)
          : eq(wishlist.id, which.entryId),
      ),
    )
    .returning({ id: wishlist.id });
  return removed.length > 0;
}

/** Which of `listingIds` this person saved (for the save buttons on a page). */
export async function savedListingIds(
  db: Db,
  userId: string,
  listingIds: number[],
): Promise<number[]> {
  if (listingIds.length === 0) return [];
  const rows = await saved(db).execute({ userId, ids: listingIds });
  return rows.flatMap((row) => (row.listingId === null ? [] : [row.listingId]));
}

/** One page of the person's saved cars, newest first. */
export async function findWishlist(db: Db, userId: string, page: number) {
  return readCountedPage(
    page,
    WISHLIST_PAGE_SIZE,
    (offset) => savedPage(db).execute({ userId, offset }),
    async () => (await savedCount(db).execute({ userId }))[0]?.total ?? 0,
  );
}

// The wishlist's statements are written once and planned once: each is one person's
// range of wishlist_user_created_idx or wishlist_user_listing_idx, whoever it is. A page's
// rows carry the count (readCountedPage): one statement a page, not two.
const mine = () => eq(wishlist.userId, sql.placeholder("userId"));
const saved = builtOnce((db) =>
  db
    .select({ listingId: wishlist.listingId })
    .from(wishlist)
    .where(and(mine(), anyId(wishlist.listingId, sql.placeholder("ids"))))
    .prepare("wishlist_saved"),
);
const savedTotal = (db: Db) => db.select({ total: count() }).from(wishlist).where(onePlan(mine()));
const savedCount = builtOnce((db) => savedTotal(db).prepare("wishlist_count"));
const savedPage = builtOnce((db) =>
  db
    .select({
      id: wishlist.id,
      listingId: wishlist.listingId,
      listingTitle: wishlist.listingTitle,
      total: sql<number>`(${savedTotal(db)})::int`,
    })
    .from(wishlist)
    .where(onePlan(mine()))
    // "nulls last" as in wishlist_user_created_idx, so the page is read from the index.
    .orderBy(sql`${wishlist.createdAt} desc nulls last`, desc(wishlist.id))
    .limit(WISHLIST_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .prepare("wishlist_page"),
);

/**
 * My Wishlist's rows: each saved car as it is now, or a note that it is gone (in `t`'s
 * words: the request's).
 */
export async function loadWishlistPage(
  db: Db,
  storage: Storage,
  userId: string,
  page: number,
  t: Translate = english,
) {
  const [entries, site, carAlerts] = await Promise.all([
    findWishlist(db, userId, page),
    getSiteSettings(db),
    getCarAlerts(db, userId),
  ]);
  const rows = await followedCars(db, storage, entries.rows, (_entry, car) =>
    !car
      ? t("This car is no longer on {site}.", { site: site.name })
      : car.status === "sold"
        ? t("Sold: this car is no longer for sale.")
        : null,
  );
  return {
    rows,
    page: entries.page,
    pageCount: entries.pageCount,
    total: entries.total,
    carAlerts,
  };
}

/** How often the person hears about the cars they saved ("off": never). */
export async function setCarAlerts(
  db: Db,
  userId: string,
  choice: CarAlertChoice,
): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ carAlerts: choice })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return updated.length > 0;
}

export async function getCarAlerts(db: Db, userId: string): Promise<CarAlertChoice> {
  const [row] = await carAlertsOf(db).execute({ userId });
  return row?.carAlerts ?? "daily";
}

const carAlertsOf = builtOnce((db) =>
  db
    .select({ carAlerts: user.carAlerts })
    .from(user)
    .where(onePlan(eq(user.id, sql.placeholder("userId"))))
    .prepare("car_alerts_of"),
);
