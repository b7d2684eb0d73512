// How a listing becomes a table row and a photo its URLs: the column sets the
// queries share (photo files, car facts, the seller with the Verified note, the
// category and cover photo of a row), `selectListingRows` for queries that add their
// own where and order, the two ways a page of rows is picked (newest first, or the
// home table's daily rotation of advertised cars), and `toRow`, which turns what
// they read into a ListingRow.
import { and, asc, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { unionAll, type SelectedFields } from "drizzle-orm/pg-core";

import type { Db } from "#app/db/client.server.ts";
import { category, listing, listingPhoto, user } from "#app/db/schema.ts";
import type { CarFacts, ListingRow, PhotoUrls, SellerSummary } from "#app/models/listing.ts";
import { sellerVerificationNote } from "#app/models/verification.server.ts";
import { PRICE_CUT_DAYS } from "#app/models/alerts.ts";
import { DAY_MS, daysSince } from "#app/models/freshness.ts";
import type { VerificationNote } from "./verification-note.ts";
import type { Storage } from "#app/services/storage.server.ts";

/** A table row as queried; the verification note is optional for queries that leave it out. */
type RawRow = Omit<Awaited<ReturnType<typeof selectRows>>[number], "sellerVerification"> & {
  sellerVerification?: VerificationNote | null;
};

export type AvifKeys = {
  avifSmallKey?: string | null;
  avifMediumKey?: string | null;
  avifLargeKey?: string | null;
};

export function photoUrls(
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

/** A price cut of the last PRICE_CUT_DAYS, as rows show it ("Reduced by 1,000$ · 3 days ago"). */
function recentCut(
  raw: Pick<RawRow, "priceCut" | "priceCutAt">,
  now = Date.now(),
): Pick<ListingRow, "priceCut"> {
  if (!raw.priceCut || !raw.priceCutAt) return {};
  if (now - raw.priceCutAt.getTime() > PRICE_CUT_DAYS * DAY_MS) return {};
  return { priceCut: { amount: raw.priceCut, days: daysSince(raw.priceCutAt, now) } };
}

export function toRow(storage: Storage, raw: RawRow): ListingRow {
  return {
    id: raw.id,
    title: raw.title,
    resalePrice: raw.resalePrice,
    location: raw.location,
    quality: raw.quality,
    status: raw.status,
    ...recentCut(raw),
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

/** The typed facts a search result shows under a car's name, from a row that has them. */
export function carFactsOf(raw: CarFacts): CarFacts {
  const { make, model, year, mileageKm, fuel, transmission } = raw;
  return { make, model, year, mileageKm, fuel, transmission };
}

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

/** What a seller wrote about the car and its prices (car page, edit form). */
export const writtenColumns = () => ({
  id: listing.id,
  title: listing.title,
  description: listing.description,
  location: listing.location,
  ...carFactColumns(),
  originalPrice: listing.originalPrice,
  resalePrice: listing.resalePrice,
});

/** A listing's seller as the tables and the detail page show it (`toSellerSummary`). */
export const sellerColumns = () => ({
  sellerName: user.name,
  sellerEmail: user.email,
  sellerImage: user.image,
  sellerVerified: user.verified,
  sellerVerification: sellerVerificationNote(user.id),
});

/** `sellerColumns` as read; the note is kept only for a verified seller. */
export function toSellerSummary(raw: {
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

type RowBasicKey =
  | "id"
  | "title"
  | "resalePrice"
  | "location"
  | "quality"
  | "status"
  | "createdAt"
  | "advertisedAt"
  | "priceCut"
  | "priceCutAt";

/** The join condition of a listing's cover photo (the photo at position 0). */
export const coverPhotoOf = (listingId: SQLWrapper) =>
  and(eq(listingPhoto.listingId, listingId), eq(listingPhoto.position, 0));

/** A table row's own columns. */
const rowBasics = (from: Pick<typeof listing, RowBasicKey>) => ({
  id: from.id,
  title: from.title,
  resalePrice: from.resalePrice,
  location: from.location,
  quality: from.quality,
  status: from.status,
  createdAt: from.createdAt,
  advertisedAt: from.advertisedAt,
  priceCut: from.priceCut,
  priceCutAt: from.priceCutAt,
});

/** The columns of a table row that come from its category, its seller and its cover photo. */
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
    .select({ ...rowBasics(listing), ...joinedRowColumns(), ...extra })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .innerJoin(user, eq(user.id, listing.sellerId))
    .leftJoin(listingPhoto, coverPhotoOf(listing.id));
}

/**
 * Which listings fill a page: newest first, or the day's stretch of the home table's ring
 * of the cars `where` picks: `size` cars on day `day` (ringStretchOf).
 */
export type PageSpec =
  { order: "newest"; where: SQL | undefined; limit: number; offset: number } | RingPage;
type RingPage = {
  order: "ring";
  where: SQL;
  size: number | Placeholder;
  day: number | Placeholder;
};

const pageColumns = () => ({
  ...rowBasics(listing),
  categoryId: listing.categoryId,
  sellerId: listing.sellerId,
});

/**
 * The listings of one page, with a `slot` to order them by.
 *
 * The ring (DESIGN decision 20): the advertised cars, most recently advertised first, in
 * the order of the partial advertised index (which also holds the confirmation date, so
 * on a vacuumed table its places are read from the index alone). A stretch of it is read
 * in two parts, each an index scan that stops at its end: from a place onwards, then,
 * when the stretch runs past the ring's end, from its start (slot 1 after slot 0).
 * Numbering the whole ring with window functions instead cost 5 ms a home page with
 * 2,500 cars advertised.
 */
function pickPage(db: Db, page: PageSpec, ring: RingStretch | null) {
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
  // Ids only, so that each part is read from the index alone; then only their rows.
  const part = (slot: number, offset: SQL | number, limit: SQL) =>
    db
      .select({
        id: sql<number>`${listing.id}`.as("ring_id"),
        slot: sql<number>`${sql.raw(String(slot))}`.as("slot"),
      })
      .from(listing)
      .where(page.where)
      .orderBy(...RING_ORDER())
      .limit(limit as unknown as Placeholder)
      .offset(offset as unknown as Placeholder);
  // Drizzle types LIMIT as a number or a placeholder but writes any SQL there; each
  // subquery reads the one-row CTE.
  const stretch = unionAll(
    part(0, sql`(select ${ring!.from} from ${ring})`, sql`(select ${ring!.take} from ${ring})`),
    part(1, 0, sql`(select ${ring!.wrap} from ${ring})`),
  ).as("stretch");
  return db
    .select({ ...pageColumns(), slot: stretch.slot })
    .from(stretch)
    .innerJoin(listing, eq(listing.id, stretch.id));
}

/**
 * The day's stretch of the ring of advertised cars (DESIGN decision 20): when there are
 * more than `size`, the table starts `day × size` places further round each day, so every
 * advertised car reaches the table (and its top rows) within a few days, and nobody stays
 * on top by advertising last; within a day the order is fixed. It takes `take` cars from
 * place `from`, then `wrap` from the ring's start. Written in SQL so that the ring is
 * counted in the statement that reads it; a CTE, so the count runs once for the three.
 */
function ringStretchOf(db: Db, page: RingPage) {
  const size = sql`(${page.size})::int`;
  const places = sql`(
    select n, case when n > ${size} then (${page.day}::int * ${size}) % n else 0 end as from_place
    from (select count(*)::int as n from ${listing} where ${page.where}) as ring
  ) as places`;
  return db.$with("ring_stretch").as(
    db
      .select({
        from: sql<number>`from_place`.as("from_place"),
        take: sql<number>`least(${size}, n - from_place)`.as("take"),
        wrap: sql<number>`least(${size}, n) - least(${size}, n - from_place)`.as("wrap"),
      })
      .from(places),
  );
}
type RingStretch = ReturnType<typeof ringStretchOf>;

/** The ring's order, as listing_advertised_idx keeps it. */
const RING_ORDER = () => [
  sql`${listing.advertisedAt} desc nulls last`,
  sql`${listing.id} desc nulls last`,
];

/**
 * One page of table rows. The page of listing ids is chosen first (an index
 * scan that stops after `limit` rows, or the advertised ring), and only those
 * rows are joined to their category, seller and cover photo.
 */
export function selectRows(db: Db, page: PageSpec) {
  const ring = page.order === "ring" ? ringStretchOf(db, page) : null;
  const chosen = db.$with("chosen").as(pickPage(db, page, ring));
  return db
    .with(...(ring ? [ring, chosen] : [chosen]))
    .select({
      // The page's own columns, under the CTE's name (rowBasics takes the listing table's).
      id: chosen.id,
      title: chosen.title,
      resalePrice: chosen.resalePrice,
      location: chosen.location,
      quality: chosen.quality,
      status: chosen.status,
      createdAt: chosen.createdAt,
      advertisedAt: chosen.advertisedAt,
      priceCut: chosen.priceCut,
      priceCutAt: chosen.priceCutAt,
      ...joinedRowColumns(),
    })
    .from(chosen)
    .innerJoin(category, eq(category.id, chosen.categoryId))
    .innerJoin(user, eq(user.id, chosen.sellerId))
    .leftJoin(listingPhoto, coverPhotoOf(chosen.id))
    .orderBy(
      ...(page.order === "ring"
        ? [
            asc(chosen.slot),
            sql`${chosen.advertisedAt} desc nulls last`,
            sql`${chosen.id} desc nulls last`,
          ]
        : [desc(chosen.createdAt), desc(chosen.id)]),
    );
}
