// A seller managing their own cars (My Products): one page of them, delete,
// status, advertise, "still for sale" confirmation, and the reminder email job.
// Every mutation names both the listing and its seller in its WHERE clause, so a
// listing that changed hands or vanished since the route's ownership check is
// simply not touched.
import { and, asc, count, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";

import { anyId, pickedIds } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { category, listing, listingPhoto, sellerListingCount, user } from "#app/db/schema.ts";
import { pageWindow } from "#app/models/id.ts";
import { removeUnreferencedPhotoFiles } from "#app/models/listing-edit.server.ts";
import { findSellerSummary } from "./listing-detail.server.ts";
import { coverPhotoOf, photoFileColumns } from "./listing-rows.server.ts";
import { freshnessCutoff, reminderCutoff } from "#app/models/freshness.ts";
import { type ListingStatus, type SellerSummary } from "#app/models/listing.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import {
  closeOpenOrders,
  notifyClosedOrders,
  type ClosedOrder,
} from "#app/models/order-close.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { listingPhotoKeys } from "#app/services/images.server.ts";
import type { Storage } from "#app/services/storage.server.ts";
import { recipientWords } from "#app/services/words.server.ts";
import { reminderMail } from "./reminder-mail.server.ts";

/** The reminder email (its own module; exported here for tests and previews). */
export { reminderMail };

export const MY_LISTINGS_PAGE_SIZE = 20;
/** At most this many reminder emails per run; the hourly run picks up the rest. */
export const REMINDER_BATCH = 200;

/**
 * A row of My Products: what its table shows and the seller manages. The seller is
 * the same on every row, so the page carries it once (`MyListingPage.seller`).
 */
export type MyListingRow = {
  id: number;
  title: string;
  resalePrice: number;
  location: string;
  status: ListingStatus;
  category: { name: string };
  /** The cover photo's small rendition, the one the table shows. */
  photo: { small: string; width: number; height: number } | null;
  createdAt: string;
  confirmedAt: string;
  advertised: boolean;
};

export type MyListingPage = {
  seller: SellerSummary;
  rows: MyListingRow[];
  total: number;
  /** Available cars left out of the public lists until confirmed (all pages). */
  stale: number;
  page: number;
  pageCount: number;
};

const sellerTotal = builtOnce((db) =>
  db
    .select({ total: sellerListingCount.total })
    .from(sellerListingCount)
    .where(onePlan(eq(sellerListingCount.sellerId, sql.placeholder("sellerId"))))
    .prepare("seller_total"),
);

// "available" is written into the statement, not passed as a value: a plan made once
// can then use listing_seller_confirmed_idx, which holds available cars only.
const sellerWaiting = builtOnce((db) =>
  db
    .select({ stale: count() })
    .from(listing)
    .where(
      onePlan(
        and(
          eq(listing.sellerId, sql.placeholder("sellerId")),
          sql`${listing.status} = 'available'`,
          lte(listing.confirmedAt, sql.placeholder("cutoff")),
        ),
      ),
    )
    .prepare("seller_waiting"),
);

// "nulls last" as in listing_seller_idx, so the page of ids is read from the index.
const newestFirst = [sql`${listing.createdAt} desc nulls last`, sql`${listing.id} desc nulls last`];

/**
 * A page of a seller's cars (written once, one plan). Unlike a search, its one plan
 * suits every seller: the ids come from listing_seller_idx in its order and the scan
 * stops after the page, so the dealer with 5,000 cars reads 20 entries (page 50: 1,000).
 * Planned for each value it cost the embedded database 2–3 ms a page at 100,000 cars.
 */
const sellerPageRows = builtOnce((db) => {
  const mine = eq(listing.sellerId, sql.placeholder("sellerId"));
  const pageIds = db
    .select({ id: listing.id })
    .from(listing)
    .where(mine)
    .orderBy(...newestFirst)
    .limit(MY_LISTINGS_PAGE_SIZE)
    .offset(sql.placeholder("offset"));
  return db
    .select({
      id: listing.id,
      title: listing.title,
      resalePrice: listing.resalePrice,
      location: listing.location,
      status: listing.status,
      createdAt: listing.createdAt,
      confirmedAt: listing.confirmedAt,
      advertisedAt: listing.advertisedAt,
      categoryName: category.name,
      smallKey: listingPhoto.smallKey,
      photoWidth: listingPhoto.width,
      photoHeight: listingPhoto.height,
    })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .leftJoin(listingPhoto, coverPhotoOf(listing.id))
    .where(onePlan(pickedIds(listing.id, pageIds)))
    .orderBy(...newestFirst)
    .prepare("seller_page");
});

/**
 * One page of a seller's cars, newest first. The page of ids comes from an index scan
 * of listing_seller_idx that stops after the page; only those rows are joined to
 * their category and cover photo (a seller may have thousands of cars), and only the
 * columns the table shows are read.
 */
export async function findSellerListings(
  db: Db,
  storage: Storage,
  options: { sellerId: string; page: number; now: Date },
): Promise<MyListingPage> {
  const { sellerId } = options;
  const { freshDays } = await getSiteSettings(db);
  // The total from seller_listing_count (kept by triggers); the cars waiting for
  // confirmation from a range of listing_seller_confirmed_idx (usually few).
  const [[counted], [waiting], seller] = await Promise.all([
    sellerTotal(db).execute({ sellerId }),
    sellerWaiting(db).execute({
      sellerId,
      cutoff: freshnessCutoff(options.now, freshDays),
    }),
    findSellerSummary(db, sellerId),
  ]);
  if (!seller) throw new Error(`No seller ${sellerId}.`);
  const total = counted?.total ?? 0;
  const { page, pageCount, offset } = pageWindow(total, options.page, MY_LISTINGS_PAGE_SIZE);
  const rows = await sellerPageRows(db).execute({ sellerId, offset });
  return {
    seller,
    rows: rows.map((raw) => ({
      id: raw.id,
      title: raw.title,
      resalePrice: raw.resalePrice,
      location: raw.location,
      status: raw.status,
      category: { name: raw.categoryName },
      photo:
        raw.smallKey && raw.photoWidth && raw.photoHeight
          ? { small: storage.url(raw.smallKey), width: raw.photoWidth, height: raw.photoHeight }
          : null,
      createdAt: raw.createdAt.toISOString(),
      confirmedAt: raw.confirmedAt.toISOString(),
      advertised: raw.advertisedAt !== null,
    })),
    total,
    stale: waiting?.stale ?? 0,
    page,
    pageCount,
  };
}

/** Who owns a listing, for the route's 404 / 403 decision; null when there is none. */
export async function getListingOwner(db: Db, id: number) {
  const [row] = await db
    .select({
      id: listing.id,
      sellerId: listing.sellerId,
      title: listing.title,
      status: listing.status,
    })
    .from(listing)
    .where(eq(listing.id, id))
    .limit(1);
  return row ?? null;
}

export type OwnedListing = { id: number; sellerId: string };

const owned = (car: OwnedListing): SQL =>
  and(eq(listing.id, car.id), eq(listing.sellerId, car.sellerId))!;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What deleting listings leaves to do after the commit. */
export type ListingRemoval = {
  /** How many listings were deleted. */
  deleted: number;
  /** The deleted photos' files: removed after the commit unless another listing uses them. */
  photoKeys: string[];
  /** Requests closed because their car was removed: those buyers are emailed. */
  closed: ClosedOrder[];
};

/**
 * Deletes the listings matching `where` inside the caller's transaction (a
 * seller deleting a car, an admin deleting a reported car or a whole account):
 * their photo rows, reports and wishlist links go with them, and their open
 * contact requests are closed first (they stay in the buyers' My Orders, saying
 * the car was removed). Returns what `finishListingRemoval` does after the commit.
 * Keys are content-addressed, so a file another listing also uses is kept.
 */
export async function removeListingsInTx(tx: Tx, where: SQL): Promise<ListingRemoval> {
  const cars = await tx.select({ id: listing.id }).from(listing).where(where).for("update");
  if (cars.length === 0) return { deleted: 0, photoKeys: [], closed: [] };
  const ids = cars.map((car) => car.id);
  const photos = await tx
    .select(photoFileColumns())
    .from(listingPhoto)
    .where(anyId(listingPhoto.listingId, ids));
  const closed: ClosedOrder[] = [];
  for (const id of ids) closed.push(...(await closeOpenOrders(tx, id, "removed")));
  const deleted = await tx
    .delete(listing)
    .where(anyId(listing.id, ids))
    .returning({ id: listing.id });
  return { deleted: deleted.length, photoKeys: photos.flatMap(listingPhotoKeys), closed };
}

/** After the commit: removes the photo files nothing uses any more and tells the buyers. */
export async function finishListingRemoval(
  services: AppServices,
  removal: ListingRemoval,
): Promise<void> {
  await removeUnreferencedPhotoFiles(services.db, services.storage, removal.photoKeys);
  await notifyClosedOrders(services, removal.closed, "removed");
}

/**
 * A seller deletes one of their own cars, with its photos, reports and wishlist
 * links, in one transaction (see removeListingsInTx). Returns false when nothing
 * was deleted (the car is gone or is not this seller's).
 */
export async function deleteListing(services: AppServices, car: OwnedListing): Promise<boolean> {
  const removal = await services.db.transaction((tx) => removeListingsInTx(tx, owned(car)));
  if (removal.deleted === 0) return false;
  await finishListingRemoval(services, removal);
  return true;
}

/**
 * Sets Available or Sold (DESIGN decision 6). Marking a car Available is also
 * the seller saying it is for sale now, so it counts as a confirmation. Marking
 * it Sold closes its open contact requests in the same transaction; the buyers
 * are emailed after the commit.
 */
export async function setListingStatus(
  services: AppServices,
  car: OwnedListing,
  status: ListingStatus,
  now: Date,
): Promise<boolean> {
  const outcome = await services.db.transaction(async (tx) => {
    const changed = await tx
      .update(listing)
      .set(status === "available" ? { status, confirmedAt: now, reminderSentAt: null } : { status })
      .where(owned(car))
      .returning({ id: listing.id });
    if (changed.length === 0) return null;
    return status === "sold" ? closeOpenOrders(tx, car.id, "sold") : [];
  });
  if (outcome === null) return false;
  await notifyClosedOrders(services, outcome, "sold");
  return true;
}

export type AdvertiseResult = "advertised" | "already advertised" | "not available" | "missing";

/**
 * Puts an available car in the home page's rotation. Advertising says the car is
 * for sale now, so it also counts as a confirmation (a stale car would otherwise
 * be "advertised" without ever appearing).
 */
export async function advertiseListing(
  db: Db,
  car: OwnedListing,
  now: Date,
): Promise<AdvertiseResult> {
  const changed = await db
    .update(listing)
    .set({ advertisedAt: now, confirmedAt: now, reminderSentAt: null })
    .where(and(owned(car), eq(listing.status, "available"), isNull(listing.advertisedAt)))
    .returning({ id: listing.id });
  if (changed.length > 0) return "advertised";
  const [row] = await db
    .select({ status: listing.status, advertisedAt: listing.advertisedAt })
    .from(listing)
    .where(owned(car));
  if (!row) return "missing";
  return row.status !== "available" ? "not available" : "already advertised";
}

export type ConfirmResult = "confirmed" | "not available" | "missing";

/** The seller says the car is still for sale: it is fresh for another `freshDays`. */
export async function confirmListing(db: Db, car: OwnedListing, now: Date): Promise<ConfirmResult> {
  const changed = await db
    .update(listing)
    .set({ confirmedAt: now, reminderSentAt: null })
    .where(and(owned(car), eq(listing.status, "available")))
    .returning({ id: listing.id });
  if (changed.length > 0) return "confirmed";
  const [row] = await db.select({ id: listing.id }).from(listing).where(owned(car));
  return row ? "not available" : "missing";
}

/**
 * Emails each seller whose available car was last confirmed more than
 * freshDays − LISTING_REMINDER_DAYS_BEFORE days ago, once per car and
 * confirmation. Rows are claimed with one UPDATE … RETURNING (locked rows are
 * skipped, and the claim re-checks reminder_sent_at), so two processes never
 * send the same reminder. A message that cannot be sent is released for the
 * next run. Returns how many were sent.
 */
export async function sendListingReminders(
  services: Pick<AppServices, "db" | "mailer" | "config">,
  now: Date,
): Promise<number> {
  const { db, mailer, config } = services;
  const { freshDays, locale, language } = await getSiteSettings(db);
  const due = db
    .select({ id: listing.id })
    .from(listing)
    .where(
      and(
        eq(listing.status, "available"),
        lte(listing.confirmedAt, reminderCutoff(now, freshDays)),
        isNull(listing.reminderSentAt),
      ),
    )
    .orderBy(asc(listing.confirmedAt))
    .limit(REMINDER_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(listing)
    // A reminder is not an edit: updated_at stays as it was.
    .set({ reminderSentAt: now, updatedAt: sql`${listing.updatedAt}` })
    .where(and(inArray(listing.id, due), isNull(listing.reminderSentAt)))
    .returning({ id: listing.id });
  if (claimed.length === 0) return 0;
  const cars = await db
    .select({
      id: listing.id,
      title: listing.title,
      confirmedAt: listing.confirmedAt,
      sellerName: user.name,
      sellerEmail: user.email,
      sellerLanguage: user.language,
    })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.sellerId))
    .where(
      inArray(
        listing.id,
        claimed.map((row) => row.id),
      ),
    );
  let sent = 0;
  for (const car of cars) {
    try {
      // In the seller's language, else the site's.
      const words = recipientWords(car.sellerLanguage, language);
      await mailer.send({
        to: car.sellerEmail,
        ...reminderMail({ ...car, now, publicUrl: config.publicUrl, freshDays, locale, words }),
      });
      sent++;
    } catch (error) {
      logger.warn({ err: error, listingId: car.id }, "could not send a listing reminder");
      await db
        .update(listing)
        .set({ reminderSentAt: null, updatedAt: sql`${listing.updatedAt}` })
        .where(and(eq(listing.id, car.id), eq(listing.reminderSentAt, now)));
    }
  }
  if (sent > 0) logger.info({ sent }, "listing reminders sent");
  return sent;
}
