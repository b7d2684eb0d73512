// The comparables behind price guidance: one statement on listing_make_model_idx
// (lower(make), lower(model), year, mileage_km) over public cars.
import { and, between, desc, ne, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { listing } from "#app/db/schema.ts";
import { freshnessCutoff } from "#app/models/freshness.ts";
import { publicRules, soldOrFreshSince } from "#app/models/listing.server.ts";
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
  const statement = rules.verifiedSellersOnly ? verifiedComparables : comparables;
  const rows = await statement(db).execute({
    ...criteria,
    cutoff: freshnessCutoff(rules.now, rules.freshDays),
    // Ids start at 1: 0 leaves no car out.
    excludeId: options.excludeId ?? 0,
  });
  return rows.map((row) => row.price);
}

/**
 * The comparables' statement, written once and planned once (every car page runs it):
 * whatever the make and model, its plan is a range of listing_make_model_idx, and planned
 * for each car it cost the embedded database 1-3 ms a page at 100,000 cars.
 */
const comparablesOf = (verifiedSellersOnly: boolean) =>
  builtOnce((db) => {
    const value = (name: keyof ComparableCriteria) => sql.placeholder(name);
    return db
      .select({ price: listing.resalePrice })
      .from(listing)
      .where(
        onePlan(
          and(
            sql`lower(${listing.make}) = lower(${value("make")})`,
            sql`lower(${listing.model}) = lower(${value("model")})`,
            between(listing.year, value("yearFrom"), value("yearTo")),
            between(listing.mileageKm, value("mileageFrom"), value("mileageTo")),
            soldOrFreshSince(sql.placeholder("cutoff"), verifiedSellersOnly),
            ne(listing.id, sql.placeholder("excludeId")),
          ),
        ),
      )
      .orderBy(desc(listing.createdAt))
      .limit(MAX_COMPARABLES)
      .prepare(verifiedSellersOnly ? "comparables_verified" : "comparables");
  });
const comparables = comparablesOf(false);
const verifiedComparables = comparablesOf(true);

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
