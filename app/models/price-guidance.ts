// Price guidance: how a price compares with similar cars on Carlot (same make and
// model, year ±2, a mileage band), always with the evidence, and nothing at all
// when fewer than MIN_COMPARABLES such cars exist. Pure and client-safe.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import {
  formatNumber,
  SPEC_NUMBERS,
  SPEC_PRICE_FORMAT,
  type NumberPattern,
  type PriceFormat,
} from "#app/models/money.ts";
import { formatMileage, formatPrice } from "#app/models/listing.ts";

export const MIN_COMPARABLES = 5;
/** At most this many comparables (the most recently listed) are looked at. */
export const MAX_COMPARABLES = 500;
export const YEAR_SPREAD = 2;
/** Within this many percent of the median, a price is "about the median". */
export const CLOSE_PERCENT = 3;

export type ComparableCriteria = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  mileageFrom: number;
  mileageTo: number;
};

/**
 * The mileage band of a car: half its mileage either side, at least 20,000 km
 * either side (so nearly new cars still find company).
 */
export function mileageBand(km: number): { from: number; to: number } {
  const spread = Math.max(20_000, Math.round(km * 0.5));
  return { from: Math.max(0, km - spread), to: km + spread };
}

/** What "similar" means for this car, or null when a fact it needs is missing. */
export function comparableCriteria(car: {
  make: string | null | undefined;
  model: string | null | undefined;
  year: number | null | undefined;
  mileageKm: number | null | undefined;
}): ComparableCriteria | null {
  const make = car.make?.trim();
  const model = car.model?.trim();
  if (!make || !model || car.year == null || car.mileageKm == null) return null;
  const band = mileageBand(car.mileageKm);
  return {
    make,
    model,
    yearFrom: car.year - YEAR_SPREAD,
    yearTo: car.year + YEAR_SPREAD,
    mileageFrom: band.from,
    mileageTo: band.to,
  };
}

/** The q-th quantile (0–1) of sorted numbers, interpolating between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error("quantile of nothing");
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export type PriceGuidance = {
  count: number;
  /** Cents, rounded to whole dollars. */
  median: number;
  /** The middle half of the prices: 25th to 75th percentile, cents. */
  low: number;
  high: number;
  min: number;
  max: number;
  /** How far the price is from the median, in whole percent (negative = below); null without a price. */
  percent: number | null;
  verdict: "below" | "above" | "close" | null;
  criteria: ComparableCriteria;
};

const roundDollars = (cents: number) => Math.round(cents / 100) * 100;

/**
 * The statistics for a price (cents, or null when none is typed yet) against the
 * prices of comparable cars (cents). Null when there are fewer than MIN_COMPARABLES.
 */
export function priceGuidance(
  price: number | null,
  comparablePrices: readonly number[],
  criteria: ComparableCriteria,
): PriceGuidance | null {
  const prices = comparablePrices.filter((p) => Number.isFinite(p) && p >= 0);
  if (prices.length < MIN_COMPARABLES) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const median = roundDollars(quantile(sorted, 0.5));
  let percent: number | null = null;
  let verdict: PriceGuidance["verdict"] = null;
  if (price !== null && price > 0 && median > 0) {
    percent = Math.round(((price - median) / median) * 100);
    verdict = Math.abs(percent) < CLOSE_PERCENT ? "close" : percent < 0 ? "below" : "above";
  }
  return {
    count: sorted.length,
    median,
    low: roundDollars(quantile(sorted, 0.25)),
    high: roundDollars(quantile(sorted, 0.75)),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    percent,
    verdict,
    criteria,
  };
}

/** What the guidance sentence says, by verdict (null: no price to compare yet). */
const GUIDANCE = {
  none: msg("{count, plural, one {# similar car} other {# similar cars}}, median {median}"),
  close: msg(
    "{count, plural, one {# similar car} other {# similar cars}}, median {median}, {subject} is about the median",
  ),
  below: msg(
    "{count, plural, one {# similar car} other {# similar cars}}, median {median}, {subject} is {percent}% below",
  ),
  above: msg(
    "{count, plural, one {# similar car} other {# similar cars}}, median {median}, {subject} is {percent}% above",
  ),
} as const;

/**
 * "12 similar cars, median 18,400$, this one is 6% below", in the reader's words. The
 * subject is a word choice: an English key ("this one", "your price"), translated here.
 */
export function guidanceSentence(
  guidance: PriceGuidance,
  subject: string = msg("this one"),
  format: PriceFormat = SPEC_PRICE_FORMAT,
  t: Translate = english,
): string {
  const verdict = guidance.percent === null ? null : guidance.verdict;
  return t(GUIDANCE[verdict ?? "none"], {
    count: guidance.count,
    median: formatPrice(guidance.median, format),
    subject: t(subject),
    percent: Math.abs(guidance.percent ?? 0),
  });
}

/** "Toyota Corolla, 2018–2022, 20,000–60,000 km": what "similar" meant. */
export function criteriaSentence(
  criteria: ComparableCriteria,
  numbers: NumberPattern = SPEC_NUMBERS,
): string {
  // The bands are in km: comparables are found by their km, whatever unit the site shows.
  const from = formatNumber(criteria.mileageFrom, numbers);
  return `${criteria.make} ${criteria.model}, ${criteria.yearFrom}–${criteria.yearTo}, ${from}–${formatMileage(criteria.mileageTo, "km", numbers)}`;
}
