// One car as its public page shows it: the listing with its typed facts, prices,
// dates, category and seller (with the Verified note), and all its photos in order;
// and one seller's summary as the tables show it.
import { asc, desc, eq, sql } from "drizzle-orm";

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

/** One car as its page receives it (the seller's id stays on the server). */
export type ListingDetail = Omit<
  NonNullable<Awaited<ReturnType<typeof getListingDetail>>>,
  "sellerId"
>;

/** A car with its category and seller, and its photos (written once: built-once.ts). */
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
    })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .innerJoin(user, eq(user.id, listing.sellerId))
    .where(onePlan(eq(listing.id, sql.placeholder("id"))))
    .limit(1)
    .prepare("listing_detail"),
);
const detailPhotos = builtOnce((db) =>
  db
    .select({
      ...photoFileColumns(),
      width: listingPhoto.width,
      height: listingPhoto.height,
    })
    .from(listingPhoto)
    .where(onePlan(eq(listingPhoto.listingId, sql.placeholder("id"))))
    .orderBy(asc(listingPhoto.position))
    .prepare("listing_detail_photos"),
);

/** Everything the public detail page shows, or null when there is no such listing. */
export async function getListingDetail(db: Db, storage: Storage, id: number) {
  const [row] = await detailRow(db).execute({ id });
  if (!row) return null;
  const photos = await detailPhotos(db).execute({ id });
  const {
    categoryName,
    categorySlug,
    categoryHidden,
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
  };
}

/** The car's prices with when each began, oldest first (the last PRICE_HISTORY_MAX changes). */
export async function findPriceHistory(
  db: Db,
  listingId: number,
): Promise<{ price: number; changedAt: string }[]> {
  const rows = await priceRows(db).execute({ listingId });
  return rows
    .reverse()
    .map((row) => ({ price: row.price, changedAt: row.changedAt.toISOString() }));
}

const PRICE_HISTORY_MAX = 50;

const priceRows = builtOnce((db) =>
  db
    .select({ price: listingPrice.price, changedAt: listingPrice.changedAt })
    .from(listingPrice)
    .where(onePlan(eq(listingPrice.listingId, sql.placeholder("listingId"))))
    .orderBy(desc(listingPrice.changedAt), desc(listingPrice.id))
    .limit(PRICE_HISTORY_MAX)
    .prepare("listing_price_history"),
);
