// One car as its public page shows it: the listing with its typed facts, prices,
// dates, category and seller (with the Verified note), and all its photos in order;
// and one seller's summary as the tables show it.
import { eq, sql, type SQLWrapper } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { builtOnce } from "#app/db/built-once.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { category, listing, listingPhoto, listingPrice, user } from "#app/db/schema.ts";
import type { SellerSummary } from "#app/models/listing.ts";
import {
  writtenColumns,
  photoFileColumns,
  photoUrls,
  sellerColumns,
  toSellerSummary,
} from "#app/models/listing-rows.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

/** One seller's name, photo and Verified badge as the tables show them; null if none. */
export async function findSellerSummary(db: Db, sellerId: string): Promise<SellerSummary | null> {
  const [row] = await sellerSummaryRow(db).execute({ sellerId });
  return row ? toSellerSummary(row) : null;
}

/** A person by id (written once: every page of My Products and My Buyers reads it). */
const sellerSummaryRow = builtOnce((db) =>
  db
    .select(sellerColumns())
    .from(user)
    .where(onePlan(eq(user.id, sql.placeholder("sellerId"))))
    .prepare("seller_summary"),
);

/** One car as its page receives it (the seller's id stays on the server; its prices come apart). */
export type ListingDetail = Omit<
  NonNullable<Awaited<ReturnType<typeof getListingDetail>>>,
  "sellerId" | "priceHistory"
>;

/** A photo's stored files and size, as a car's page lists them. */
type PhotoFiles = Pick<
  typeof listingPhoto.$inferSelect,
  keyof ReturnType<typeof photoFileColumns> | "width" | "height"
>;

/**
 * A car's photos in order, as one JSON array in the car's own row: a second statement
 * for them cost the embedded database's thread a trip of its own (0.3 ms) on every view.
 */
const photosOf = (listingId: SQLWrapper) =>
  sql<PhotoFiles[]>`(select coalesce(json_agg(json_build_object(${sql.join(
    Object.entries({
      ...photoFileColumns(),
      width: listingPhoto.width,
      height: listingPhoto.height,
    }).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
    sql`, `,
  )}) order by ${listingPhoto.position}), '[]'::json) from ${listingPhoto} where ${listingPhoto.listingId} = ${listingId})`;

/** The car's prices with when each began, oldest first (the last PRICE_HISTORY_MAX changes). */
const PRICE_HISTORY_MAX = 50;

/**
 * A car's price history as one JSON array in the car's own row, as its photos are: a
 * statement of its own cost every view a trip to the embedded database (0.15 ms of its
 * thread). Read newest first from listing_price_listing_idx up to the limit, then put in
 * time order.
 */
const priceHistoryOf = (listingId: SQLWrapper) =>
  sql<
    { price: number; changedAt: string }[]
  >`(select coalesce(json_agg(json_build_object('price', recent.price, 'changedAt', recent.changed_at) order by recent.changed_at, recent.id), '[]'::json) from (select ${listingPrice.price} as price, ${listingPrice.changedAt} as changed_at, ${listingPrice.id} as id from ${listingPrice} where ${listingPrice.listingId} = ${listingId} order by ${listingPrice.changedAt} desc, ${listingPrice.id} desc limit ${sql.raw(String(PRICE_HISTORY_MAX))}) as recent)`;

/** A car with its category, seller, photos and prices (written once: built-once.ts). */
const detailRow = builtOnce((db) =>
  db
    .select({
      ...writtenColumns(),
      status: listing.status,
      createdAt: listing.createdAt,
      confirmedAt: listing.confirmedAt,
      sellerId: listing.sellerId,
      categoryName: category.name,
      categorySlug: category.slug,
      categoryHidden: category.hidden,
      ...sellerColumns(),
      photos: photosOf(listing.id),
      priceHistory: priceHistoryOf(listing.id),
    })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .innerJoin(user, eq(user.id, listing.sellerId))
    .where(onePlan(eq(listing.id, sql.placeholder("id"))))
    .limit(1)
    .prepare("listing_detail"),
);

/** Everything the public detail page shows, or null when there is no such listing. */
export async function getListingDetail(db: Db, storage: Storage, id: number) {
  const [row] = await detailRow(db).execute({ id });
  if (!row) return null;
  const {
    categoryName,
    categorySlug,
    categoryHidden,
    sellerName,
    sellerEmail,
    sellerImage,
    sellerVerified,
    sellerVerification,
    photos,
    priceHistory,
    ...rest
  } = row;
  return {
    ...rest,
    createdAt: rest.createdAt.toISOString(),
    confirmedAt: rest.confirmedAt.toISOString(),
    // A hidden category has no page to link to (decision 019).
    category: { name: categoryName, slug: categoryHidden ? null : categorySlug },
    seller: toSellerSummary({
      sellerName,
      sellerEmail,
      sellerImage,
      sellerVerified,
      sellerVerification,
    }),
    photos: photos.map((photo) => photoUrls(storage, photo)),
    // JSON writes a timestamp as PostgreSQL does ("+00:00"); the page reads ISO 8601 "Z".
    priceHistory: priceHistory.map(({ price, changedAt }) => ({
      price,
      changedAt: new Date(changedAt).toISOString(),
    })),
  };
}
