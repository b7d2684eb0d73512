// Listing queries for the public pages. Each selects only what its page renders.
import { and, asc, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { category, listing, listingPhoto, user } from "#app/db/schema.ts";
import type { ListingRow, PhotoUrls } from "#app/models/listing.ts";
import type { Storage } from "#app/services/storage.server.ts";

export const LISTINGS_PAGE_SIZE = 20;
/** The home table shows the most recently advertised cars, at most this many. */
export const ADVERTISED_LIMIT = 12;

type RawRow = Awaited<ReturnType<typeof selectRows>>[number];

function photoUrls(
  storage: Storage,
  keys: { smallKey: string; mediumKey: string; largeKey: string; width: number; height: number },
): PhotoUrls {
  return {
    small: storage.url(keys.smallKey),
    medium: storage.url(keys.mediumKey),
    large: storage.url(keys.largeKey),
    width: keys.width,
    height: keys.height,
  };
}

function toRow(storage: Storage, raw: RawRow): ListingRow {
  return {
    id: raw.id,
    title: raw.title,
    resalePrice: raw.resalePrice,
    location: raw.location,
    quality: raw.quality,
    status: raw.status,
    category: { name: raw.categoryName, slug: raw.categorySlug },
    seller: {
      name: raw.sellerName,
      email: raw.sellerEmail,
      imageUrl: raw.sellerImage,
      verified: raw.sellerVerified,
    },
    photo:
      raw.smallKey && raw.mediumKey && raw.largeKey && raw.photoWidth && raw.photoHeight
        ? photoUrls(storage, {
            smallKey: raw.smallKey,
            mediumKey: raw.mediumKey,
            largeKey: raw.largeKey,
            width: raw.photoWidth,
            height: raw.photoHeight,
          })
        : null,
  };
}

/**
 * One page of table rows. The page of listing ids is chosen first (an index
 * scan that stops after `limit` rows), and only those rows are joined to their
 * category, seller and cover photo.
 */
function selectRows(
  db: Db,
  page: { where: SQL | undefined; order: "advertised" | "newest"; limit: number; offset?: number },
) {
  const sortKey = page.order === "advertised" ? listing.advertisedAt : listing.createdAt;
  const chosen = db.$with("chosen").as(
    db
      .select({
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
      })
      .from(listing)
      .where(page.where)
      .orderBy(desc(sortKey), desc(listing.id))
      .limit(page.limit)
      .offset(page.offset ?? 0),
  );
  return db
    .with(chosen)
    .select({
      id: chosen.id,
      title: chosen.title,
      resalePrice: chosen.resalePrice,
      location: chosen.location,
      quality: chosen.quality,
      status: chosen.status,
      categoryName: category.name,
      categorySlug: category.slug,
      sellerName: user.name,
      sellerEmail: user.email,
      sellerImage: user.image,
      sellerVerified: user.verified,
      smallKey: listingPhoto.smallKey,
      mediumKey: listingPhoto.mediumKey,
      largeKey: listingPhoto.largeKey,
      photoWidth: listingPhoto.width,
      photoHeight: listingPhoto.height,
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
      desc(page.order === "advertised" ? chosen.advertisedAt : chosen.createdAt),
      desc(chosen.id),
    );
}

/** Advertised cars that are still available, most recently advertised first. */
export async function findAdvertisedListings(db: Db, storage: Storage): Promise<ListingRow[]> {
  const rows = await selectRows(db, {
    where: and(isNotNull(listing.advertisedAt), eq(listing.status, "available")),
    order: "advertised",
    limit: ADVERTISED_LIMIT,
  });
  return rows.map((raw) => toRow(storage, raw));
}

export type ListingPage = {
  rows: ListingRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** One page of listings, newest first; only available cars unless `includeSold`. */
export async function findListings(
  db: Db,
  storage: Storage,
  options: { categoryId?: number; includeSold: boolean; page: number },
): Promise<ListingPage> {
  const filters: SQL[] = [];
  if (options.categoryId !== undefined) filters.push(eq(listing.categoryId, options.categoryId));
  if (!options.includeSold) filters.push(eq(listing.status, "available"));
  const where = filters.length ? and(...filters) : undefined;

  const [totals] = await db.select({ total: count() }).from(listing).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LISTINGS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const rows = await selectRows(db, {
    where,
    order: "newest",
    limit: LISTINGS_PAGE_SIZE,
    offset: (page - 1) * LISTINGS_PAGE_SIZE,
  });
  return { rows: rows.map((raw) => toRow(storage, raw)), total, page, pageCount };
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
      yearsUsed: listing.yearsUsed,
      periodAmount: listing.periodAmount,
      periodUnit: listing.periodUnit,
      quality: listing.quality,
      originalPrice: listing.originalPrice,
      resalePrice: listing.resalePrice,
      status: listing.status,
      make: listing.make,
      model: listing.model,
      year: listing.year,
      mileageKm: listing.mileageKm,
      fuel: listing.fuel,
      transmission: listing.transmission,
      colour: listing.colour,
      createdAt: listing.createdAt,
      categoryName: category.name,
      categorySlug: category.slug,
      sellerName: user.name,
      sellerEmail: user.email,
      sellerImage: user.image,
      sellerVerified: user.verified,
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
    ...rest
  } = row;
  return {
    ...rest,
    createdAt: rest.createdAt.toISOString(),
    category: { name: categoryName, slug: categorySlug },
    seller: {
      name: sellerName,
      email: sellerEmail,
      imageUrl: sellerImage,
      verified: sellerVerified,
    },
    photos: photos.map((photo) => photoUrls(storage, photo)),
  };
}
