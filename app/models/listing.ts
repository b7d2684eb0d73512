// Listing vocabulary shared by client and server: the filters' option lists, labels and
// the pure helpers that word a listing for people (usage line, prices). What only the
// sell and edit forms offer is listing-choices.ts; this file imports only its types, so
// the visitors' pages do not carry it.
import { formatNumber, SPEC_NUMBERS, type NumberPattern } from "#app/models/money.ts";
import type {
  LISTING_STATUSES,
  MileageUnit,
  PeriodUnit,
  YearsUsed,
} from "#app/models/listing-choices.ts";
import type { VerificationNote } from "#app/models/verification-note.ts";

export const QUALITIES = ["Good", "Excellent", "Not bad"] as const;
export type Quality = (typeof QUALITIES)[number];

export const FUELS = ["Petrol", "Diesel", "Hybrid", "Electric", "LPG"] as const;
export const TRANSMISSIONS = ["Automatic", "Manual"] as const;

/**
 * A car not confirmed available for the site's fresh days (a setting, 60 by default)
 * leaves the public lists (DESIGN 21); the seller is emailed this many days before.
 */
export const LISTING_REMINDER_DAYS_BEFORE = 7;

export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_STATUS_LABEL: Record<ListingStatus, string> = {
  available: "Available",
  sold: "Sold",
};

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const UNIT_WORDS: Record<PeriodUnit, [string, string]> = {
  years: ["year", "years"],
  months: ["month", "months"],
  days: ["day", "days"],
};

/**
 * The detail page's usage line, worded correctly for every years-used value
 * (DESIGN decision 8: the original showed "years years used").
 */
export function usageLine(
  yearsUsed: YearsUsed,
  periodAmount?: number | null,
  periodUnit?: PeriodUnit | null,
): string {
  const exact =
    periodAmount != null && periodAmount > 0 && periodUnit
      ? plural(periodAmount, ...UNIT_WORDS[periodUnit])
      : null;
  if (yearsUsed === "less than a year") {
    return exact ? `Used for ${exact} (less than a year)` : "Used for less than a year";
  }
  if (yearsUsed === "more than 10 years") {
    return exact ? `Used for ${exact} (more than 10 years)` : "Used for more than 10 years";
  }
  return `Used for ${plural(Number(yearsUsed), "year", "years")}`;
}

// A price in cents, written the site's way (app/models/money.ts).
export { formatMoney as formatPrice } from "#app/models/money.ts";

const KM_PER_MILE = 1.609344;

/** Mileage is stored in km; sellers may type it in miles. */
export function toKilometres(distance: number, unit: MileageUnit): number {
  return unit === "mi" ? Math.round(distance * KM_PER_MILE) : distance;
}

export function fromKilometres(km: number, unit: MileageUnit): number {
  return unit === "mi" ? Math.round(km / KM_PER_MILE) : km;
}

/** A mileage stored in km, shown in `unit` (km by default) with the site's numbers. */
export function formatMileage(
  km: number,
  unit: MileageUnit = "km",
  numbers: NumberPattern = SPEC_NUMBERS,
): string {
  return `${formatNumber(fromKilometres(km, unit), numbers)} ${unit}`;
}

export type PhotoUrls = {
  small: string;
  medium: string;
  large: string;
  width: number;
  height: number;
  /** AVIF renditions of the same widths, where they are smaller than the WebP ones. */
  avifSmall?: string;
  avifMedium?: string;
  avifLarge?: string;
};

export type SellerSummary = {
  name: string;
  email: string;
  imageUrl: string | null;
  verified: boolean;
  /** What the Verified badge explains (DESIGN decision 23); null or absent without details. */
  verification?: VerificationNote | null;
};

/** The typed car facts a search result shows under its name. */
export type CarFacts = {
  make: string | null;
  model: string | null;
  year: number | null;
  mileageKm: number | null;
  fuel: string | null;
  transmission: string | null;
};

/** One row of a listings table (home, category and all-cars pages). */
export type ListingRow = {
  id: number;
  title: string;
  resalePrice: number;
  location: string;
  quality: Quality;
  status: ListingStatus;
  category: { name: string; slug: string };
  seller: SellerSummary;
  photo: PhotoUrls | null;
  /** Search results carry the car facts; other tables leave them out. */
  facts?: CarFacts;
};

export function listingPath(id: number): string {
  return `/dashboard/productDetails/${id}`;
}
