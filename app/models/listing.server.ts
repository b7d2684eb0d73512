// Listing queries for the public pages. Each selects only what its page renders.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";

import type { Db } from "#app/db/client.server.ts";
import { category, listing, listingPhoto, user } from "#app/db/schema.ts";
import { DAY_MS, freshnessCutoff } from "#app/models/freshness.ts";
import type { FollowedCar } from "#app/models/followed-car.ts";
import type { ListingRow, PhotoUrls, SellerSummary } from "#app/models/listing.ts";
import { sellerVerificationNote } from "#app/models/verification.server.ts";
import type { VerificationNote } from "#app/models/verification.ts";
import type { Storage } from "#app/services/storage.server.ts";

export const LISTINGS_PAGE_SIZE = 20;
/** The home table shows at most this many advertised cars (a daily rotation when there are more). */
export const ADVERTISED_LIMIT = 12;

/**
 * Public lists leave out available cars whose seller has not confirmed them for
 * LISTING_FRESH_DAYS (DESIGN decision 21); sold cars have nothing to confirm.
 */
export function freshOrSold(now: Date): SQL {
  return or(eq(listing.status, "sold"), gt(listing.confirmedAt, freshnessCutoff(now)))!;
}

export function availableAndFresh(now: Date): SQL {
  return and(eq(listing.status, "available"), gt(listing.confirmedAt, freshnessCutoff(now)))!;
}

/** A table row as queried; the verification note is optional for queries that leave it out. */
type RawRow = Omit<Awaited<ReturnType<typeof selectRows>>[number], "sellerVerification"> & {
  sellerVerification?: VerificationNote | null;
};

export type AvifKeys = {
  avifSmallKey?: string | null;
  avifMediumKey?: string | null;
  avifLargeKey?: string | null;
};

function photoUrls(
  storage: Storage,
  keys: {
    smallKey: string;
    mediumKey: string;
    largeKey: string;
    width: number;
    height: number;
  } & AvifKeys,
): PhotoUrls {
  const avif = (key: string | null | undefined) => (key ? storage.url(key) : undefined);
  return {
    small: storage.url(keys.smallKey),
    medium: storage.url(keys.mediumKey),
    large: storage.url(keys.largeKey),
    width: keys.width,
    height: keys.height,
    ...(keys.avifSmallKey ? { avifSmall: avif(keys.avifSmallKey) } : {}),
    ...(keys.avifMediumKey ? { avifMedium: avif(keys.avifMediumKey) } : {}),
    ...(keys.avifLargeKey ? { avifLarge: avif(keys.avifLargeKey) } : {}),
  };
}

export function toRow(storage: Storage, raw: RawRow): ListingRow {
  return {
    id: raw.id,
    title: raw.title,
    resalePrice: raw.resalePrice,
    location: raw.location,
    quality: raw.quality,
    status: raw.status,
    category: { name: raw.categoryName, slug: raw.categorySlug },
    seller: toSellerSummary(raw),
    photo:
      raw.smallKey && raw.mediumKey && raw.largeKey && raw.photoWidth && raw.photoHeight
        ? photoUrls(storage, {
            smallKey: raw.smallKey,
            mediumKey: raw.mediumKey,
            largeKey: raw.largeKey,
            width: raw.photoWidth,
            height: raw.photoHeight,
            avifSmallKey: raw.avifSmallKey,
            avifMediumKey: raw.avifMediumKey,
            avifLargeKey: raw.avifLargeKey,
          })
        : null,
  };
}

/** Every stored file of a photo: the WebP renditions and the AVIF ones, if any. */
export const photoFileColumns = () => ({
  smallKey: listingPhoto.smallKey,
  mediumKey: listingPhoto.mediumKey,
  largeKey: listingPhoto.largeKey,
  avifSmallKey: listingPhoto.avifSmallKey,
  avifMediumKey: listingPhoto.avifMediumKey,
  avifLargeKey: listingPhoto.avifLargeKey,
});

/** How long a car was used, its quality and its typed facts (car page, edit form, compare). */
export const carFactColumns = () => ({
  yearsUsed: listing.yearsUsed,
  periodAmount: listing.periodAmount,
  periodUnit: listing.periodUnit,
  quality: listing.quality,
  make: listing.make,
  model: listing.model,
  year: listing.year,
  mileageKm: listing.mileageKm,
  mileageUnit: listing.mileageUnit,
  fuel: listing.fuel,
  transmission: listing.transmission,
  colour: listing.colour,
});

/** The columns of a table row that come from its category, its seller and its cover photo. */
/** A listing's seller as the tables and the detail page show it (`toSellerSummary`). */
const sellerColumns = () => ({
  sellerName: user.name,
  sellerEmail: user.email,
  sellerImage: user.image,
  sellerVerified: user.verified,
  sellerVerification: sellerVerificationNote(user.id),
});

/** `sellerColumns` as read; the note is kept only for a verified seller. */
function toSellerSummary(raw: {
  sellerName: string;
  sellerEmail: string;
  sellerImage: string | null;
  sellerVerified: boolean;
  sellerVerification?: VerificationNote | null;
}): SellerSummary {
  return {
    name: raw.sellerName,
    email: raw.sellerEmail,
    imageUrl: raw.sellerImage,
    verified: raw.sellerVerified,
    verification: raw.sellerVerified ? (raw.sellerVerification ?? null) : null,
  };
}

const joinedRowColumns = () => ({
  categoryName: category.name,
  categorySlug: category.slug,
  ...sellerColumns(),
  ...photoFileColumns(),
  photoWidth: listingPhoto.width,
  photoHeight: listingPhoto.height,
});

/**
 * Listings joined to what a table row shows (category, seller, cover photo), with
 * `extra` columns; the caller adds where, order and limit. `toRow` turns a row
 * into a ListingRow.
 */
export function selectListingRows<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({
      id: listing.id,
      title: listing.title,
      resalePrice: listing.resalePrice,
      location: listing.location,
      quality: listing.quality,
      status: listing.status,
      createdAt: listing.createdAt,
      advertisedAt: listing.advertisedAt,
      ...joinedRowColumns(),
      ...extra,
    })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .innerJoin(user, eq(user.id, listing.sellerId))
    .leftJoin(
      listingPhoto,
      and(eq(listingPhoto.listingId, listing.id), eq(listingPhoto.position, 0)),
    );
}

/** Which listings fill a page: newest first, or the home table's daily rotation. */
type PageSpec =
  | { order: "newest"; where: SQL | undefined; limit: number; offset: number }
  | { order: "rotation"; where: SQL; limit: number; day: number };

const pageColumns = () => ({
  id: listing.id,
  title: listing.title,
  resalePrice: listing.resalePrice,
  location: listing.location,
  quality: listing.quality,
  status: listing.status,
  categoryId: listing.categoryId,
  sellerId: listing.sellerId,
  createdAt: listing.createdAt,
  advertisedAt: listing.advertisedAt,
});

/**
 * The listings of one page, with a `slot` to order them by.
 *
 * Rotation (DESIGN decision 20): the advertised cars form a ring, most recently
 * advertised first. When there are more than `limit`, the window of `limit`
 * cars starts `day × limit` places further round the ring each day, so every
 * advertised car reaches the table (and its top rows) within a few days, and
 * nobody stays on top by advertising last. Within a day the order is fixed.
 * The ring is numbered over ids alone, in the order of the partial advertised index
 * (which also holds the confirmation date, so on a vacuumed table the ring is read
 * from the index alone); only the `limit` chosen cars are read from the table.
 */
function pickPage(db: Db, page: PageSpec) {
  if (page.order === "newest") {
    const newest = db
      .select({ id: sql<number>`${listing.id}`.as("page_id") })
      .from(listing)
      .where(page.where)
      .orderBy(desc(listing.createdAt), desc(listing.id))
      .limit(page.limit)
      .offset(page.offset)
      .as("newest");
    return db
      .select({ ...pageColumns(), slot: sql<number>`0`.as("slot") })
      .from(newest)
      .innerJoin(listing, eq(listing.id, newest.id));
  }
  const ring = db
    .select({
      id: sql<number>`${listing.id}`.as("ring_id"),
      position:
        sql<number>`row_number() over (order by ${listing.advertisedAt} desc nulls last, ${listing.id} desc nulls last) - 1`.as(
          "position",
        ),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(listing)
    .where(page.where)
    .as("ring");
  const slot = sql<number>`((${ring.position} + ${ring.total} - case when ${ring.total} > ${page.limit} then (${page.day}::bigint * ${page.limit}) % ${ring.total} else 0 end) % ${ring.total})::int`;
  return db
    .select({ ...pageColumns(), slot: slot.as("slot") })
    .from(ring)
    .innerJoin(listing, eq(listing.id, ring.id))
    .where(sql`${slot} < ${page.limit}`);
}

/**
 * One page of table rows. The page of listing ids is chosen first (an index
 * scan that stops after `limit` rows, or the advertised ring), and only those
 * rows are joined to their category, seller and cover photo.
 */
function selectRows(db: Db, page: PageSpec) {
  const chosen = db.$with("chosen").as(pickPage(db, page));
  return db
    .with(chosen)
    .select({
      id: chosen.id,
      title: chosen.title,
      resalePrice: chosen.resalePrice,
      location: chosen.location,
      quality: chosen.quality,
      status: chosen.status,
      ...joinedRowColumns(),
      createdAt: chosen.createdAt,
      advertisedAt: chosen.advertisedAt,
    })
    .from(chosen)
    .innerJoin(category, eq(category.id, chosen.categoryId))
    .innerJoin(user, eq(user.id, chosen.sellerId))
    .leftJoin(
      listingPhoto,
      and(eq(listingPhoto.listingId, chosen.id), eq(listingPhoto.position, 0)),
    )
    .orderBy(
      ...(page.order === "rotation"
        ? [asc(chosen.slot)]
        : [desc(chosen.createdAt), desc(chosen.id)]),
    );
}

/** The day number the home table's rotation uses (UTC days since 1970). */
export function rotationDay(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS);
}

/**
 * The home table: advertised cars that are available and freshly confirmed, at
 * most ADVERTISED_LIMIT, in the day's rotation (see pickPage).
 */
export async function findAdvertisedListings(
  db: Db,
  storage: Storage,
  now: Date = new Date(),
): Promise<ListingRow[]> {
  const rows = await selectRows(db, {
    order: "rotation",
    where: and(isNotNull(listing.advertisedAt), availableAndFresh(now))!,
    limit: ADVERTISED_LIMIT,
    day: rotationDay(now),
  });
  return rows.map((raw) => toRow(storage, raw));
}

export type ListingPage = {
  rows: ListingRow[];
  total: number;
  page: number;
  pageCount: number;
};

/**
 * One page of listings, newest first; only available cars unless `includeSold`.
 * Available cars not confirmed for LISTING_FRESH_DAYS are left out either way.
 */
export async function findListings(
  db: Db,
  storage: Storage,
  options: { categoryId?: number; includeSold: boolean; page: number; now?: Date },
): Promise<ListingPage> {
  const now = options.now ?? new Date();
  const filters: SQL[] = [];
  if (options.categoryId !== undefined) filters.push(eq(listing.categoryId, options.categoryId));
  filters.push(options.includeSold ? freshOrSold(now) : availableAndFresh(now));
  const where = filters.length ? and(...filters) : undefined;

  const [totals] = await db.select({ total: count() }).from(listing).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LISTINGS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const rows = await selectRows(db, {
    order: "newest",
    where,
    limit: LISTINGS_PAGE_SIZE,
    offset: (page - 1) * LISTINGS_PAGE_SIZE,
  });
  return { rows: rows.map((raw) => toRow(storage, raw)), total, page, pageCount };
}

/** One seller's name, photo and Verified badge as the tables show them; null if none. */
export async function findSellerSummary(db: Db, sellerId: string): Promise<SellerSummary | null> {
  const [row] = await db.select(sellerColumns()).from(user).where(eq(user.id, sellerId));
  return row ? toSellerSummary(row) : null;
}

export type ListingDetail = Awaited<ReturnType<typeof getListingDetail>>;

/** Everything the public detail page shows, or null when there is no such listing. */
export async function getListingDetail(db: Db, storage: Storage, id: number) {
  const [row] = await db
    .select({
      id: listing.id,
      title: listing.title,
      description: listing.description,
      location: listing.location,
      ...carFactColumns(),
      originalPrice: listing.originalPrice,
      resalePrice: listing.resalePrice,
      status: listing.status,
      createdAt: listing.createdAt,
      confirmedAt: listing.confirmedAt,
      categoryName: category.name,
      categorySlug: category.slug,
      ...sellerColumns(),
    })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .innerJoin(user, eq(user.id, listing.sellerId))
    .where(eq(listing.id, id))
    .limit(1);
  if (!row) return null;
  const photos = await db
    .select({
      smallKey: listingPhoto.smallKey,
      mediumKey: listingPhoto.mediumKey,
      largeKey: listingPhoto.largeKey,
      avifSmallKey: listingPhoto.avifSmallKey,
      avifMediumKey: listingPhoto.avifMediumKey,
      avifLargeKey: listingPhoto.avifLargeKey,
      width: listingPhoto.width,
      height: listingPhoto.height,
    })
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, id))
    .orderBy(asc(listingPhoto.position));
  const {
    categoryName,
    categorySlug,
    sellerName,
    sellerEmail,
    sellerImage,
    sellerVerified,
    sellerVerification,
    ...rest
  } = row;
  return {
    ...rest,
    createdAt: rest.createdAt.toISOString(),
    confirmedAt: rest.confirmedAt.toISOString(),
    category: { name: categoryName, slug: categorySlug },
    seller: toSellerSummary({
      sellerName,
      sellerEmail,
      sellerImage,
      sellerVerified,
      sellerVerification,
    }),
    photos: photos.map((photo) => photoUrls(storage, photo)),
  };
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
  const rows = await selectListingRows(db, {}).where(inArray(listing.id, ids));
  return new Map(rows.map((raw) => [raw.id, toRow(storage, raw)]));
}

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
