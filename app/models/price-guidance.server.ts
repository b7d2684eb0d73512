// The comparables behind price guidance: one query on listing_make_model_idx
// (lower(make), lower(model), year, mileage_km) over public cars.
import { and, between, desc, ne, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { listing } from "#app/db/schema.ts";
import { freshOrSold, publicRules } from "#app/models/listing.server.ts";
import {
  comparableCriteria,
  MAX_COMPARABLES,
  priceGuidance,
  type ComparableCriteria,
  type PriceGuidance,
} from "#app/models/price-guidance.ts";

/**
 * Resale prices (cents) of public cars matching the criteria: available and
 * freshly confirmed, or sold (what similar cars really went for counts too).
 * `excludeId` leaves the car itself out.
 */
export async function findComparablePrices(
  db: Db,
  criteria: ComparableCriteria,
  options: { excludeId?: number; now?: Date } = {},
): Promise<number[]> {
  const rules = await publicRules(db, options.now);
  const rows = await db
    .select({ price: listing.resalePrice })
    .from(listing)
    .where(
      and(
        sql`lower(${listing.make}) = lower(${criteria.make})`,
        sql`lower(${listing.model}) = lower(${criteria.model})`,
        between(listing.year, criteria.yearFrom, criteria.yearTo),
        between(listing.mileageKm, criteria.mileageFrom, criteria.mileageTo),
        freshOrSold(rules),
        options.excludeId === undefined ? undefined : ne(listing.id, options.excludeId),
      ),
    )
    .orderBy(desc(listing.createdAt))
    .limit(MAX_COMPARABLES);
  return rows.map((row) => row.price);
}

/** Guidance for a car's facts and price (cents), or null (facts missing, under 5 comparables). */
export async function getPriceGuidance(
  db: Db,
  car: {
    id?: number;
    make: string | null;
    model: string | null;
    year: number | null;
    mileageKm: number | null;
    price: number | null;
  },
  now?: Date,
): Promise<PriceGuidance | null> {
  const criteria = comparableCriteria(car);
  if (!criteria) return null;
  const prices = await findComparablePrices(db, criteria, { excludeId: car.id, now });
  return priceGuidance(car.price, prices, criteria);
}
