// The cars of a comparison (/compare): public ones only, in the order asked.
import { and } from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import type { Db } from "#app/db/client.server.ts";
import { listing } from "#app/db/schema.ts";
import { freshOrSold, publicRules } from "#app/models/listing.server.ts";
import { carFactColumns, selectListingRows, toRow } from "#app/models/listing-rows.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

export type CompareCar = Awaited<ReturnType<typeof findCompareCars>>[number];

/**
 * The cars of a comparison, in the order asked, public ones only (available and
 * freshly confirmed, or sold); ids that are not public are simply missing.
 */
export async function findCompareCars(
  db: Db,
  storage: Storage,
  ids: number[],
  now: Date = new Date(),
) {
  if (ids.length === 0) return [];
  const rules = await publicRules(db, now);
  const rows = await selectListingRows(db, {
    ...carFactColumns(),
    originalPrice: listing.originalPrice,
  }).where(and(anyId(listing.id, ids), freshOrSold(rules)));
  const byId = new Map(
    rows.map((raw) => [
      raw.id,
      {
        id: raw.id,
        title: raw.title,
        resalePrice: raw.resalePrice,
        originalPrice: raw.originalPrice,
        location: raw.location,
        quality: raw.quality,
        status: raw.status,
        yearsUsed: raw.yearsUsed,
        periodAmount: raw.periodAmount,
        periodUnit: raw.periodUnit,
        make: raw.make,
        model: raw.model,
        year: raw.year,
        mileageKm: raw.mileageKm,
        fuel: raw.fuel,
        transmission: raw.transmission,
        colour: raw.colour,
        categoryName: raw.categoryName,
        sellerName: raw.sellerName,
        sellerVerified: raw.sellerVerified,
        photo: toRow(storage, raw).photo,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
