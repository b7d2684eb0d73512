// What the edit page reads: whether the viewer may change a car, and the car's
// values as the edit form shows them (strings, prices in whole dollars, mileage
// in the seller's unit, photos as tokens in their order).
import { asc, eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { category, listing, listingPhoto } from "#app/db/schema.ts";
import { photoToken } from "#app/models/listing-form.ts";
import { writtenColumns } from "#app/models/listing-rows.server.ts";
import { fromKilometres, type Quality } from "#app/models/listing.ts";
import type { Storage } from "#app/services/storage.server.ts";

type Owner = { id: string };

export type ListingAccess = "ok" | "not-found" | "forbidden";

/** Whether `viewer` may change listing `id`: "not-found" when there is none, "forbidden" when it is someone else's. */
export async function listingAccess(db: Db, viewer: Owner, id: number): Promise<ListingAccess> {
  const [row] = await db
    .select({ sellerId: listing.sellerId })
    .from(listing)
    .where(eq(listing.id, id))
    .limit(1);
  if (!row) return "not-found";
  return row.sellerId === viewer.id ? "ok" : "forbidden";
}

export type EditableListing = NonNullable<Awaited<ReturnType<typeof loadEditable>>>;

async function loadEditable(db: Db, storage: Storage, id: number) {
  const [row] = await db
    .select({
      ...writtenColumns(),
      sellerId: listing.sellerId,
      categorySlug: category.slug,
    })
    .from(listing)
    .innerJoin(category, eq(category.id, listing.categoryId))
    .where(eq(listing.id, id))
    .limit(1);
  if (!row) return null;
  const photos = await db
    .select({
      id: listingPhoto.id,
      smallKey: listingPhoto.smallKey,
      width: listingPhoto.width,
      height: listingPhoto.height,
    })
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, id))
    .orderBy(asc(listingPhoto.position));
  const dollars = (cents: number) => String(cents / 100);
  return {
    id: row.id,
    sellerId: row.sellerId,
    title: row.title,
    defaultValue: {
      carName: row.title,
      category: row.categorySlug,
      details: row.description,
      location: row.location,
      yearsUsed: row.yearsUsed,
      periodAmount: row.periodAmount === null ? "" : String(row.periodAmount),
      periodUnit: row.periodUnit ?? "",
      originalPrice: dollars(row.originalPrice),
      resalePrice: dollars(row.resalePrice),
      make: row.make ?? "",
      model: row.model ?? "",
      year: row.year === null ? "" : String(row.year),
      mileage: row.mileageKm === null ? "" : String(fromKilometres(row.mileageKm, row.mileageUnit)),
      mileageUnit: row.mileageUnit,
      fuel: row.fuel ?? "",
      transmission: row.transmission ?? "",
      colour: row.colour ?? "",
      quality: row.quality as Quality,
      photoOrder: photos.map((photo) => photoToken.existing(photo.id)),
    },
    photos: photos.map((photo) => ({
      id: photo.id,
      url: storage.url(photo.smallKey),
      width: photo.width,
      height: photo.height,
    })),
  };
}

/** The edit form's data for the listing's owner; "not-found" or "forbidden" otherwise. */
export async function getListingForEdit(
  db: Db,
  storage: Storage,
  viewer: Owner,
  id: number,
): Promise<{ access: "ok"; listing: EditableListing } | { access: "not-found" | "forbidden" }> {
  const editable = await loadEditable(db, storage, id);
  if (!editable) return { access: "not-found" };
  if (editable.sellerId !== viewer.id) return { access: "forbidden" };
  return { access: "ok", listing: editable };
}
