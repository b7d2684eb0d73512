// Listing vocabulary shared by client and server: the filters' option lists, labels and
// the pure helpers that word a listing for people (usage line, prices). What only the
// sell and edit forms offer is listing-choices.ts; this file imports only its types, so
// the visitors' pages do not carry it.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import { formatNumber, SPEC_NUMBERS, type NumberPattern } from "#app/models/money.ts";
import type {
  LISTING_STATUSES,
  MileageUnit,
  PeriodUnit,
  YearsUsed,
} from "#app/models/listing-choices.ts";
import type { VerificationNote } from "#app/models/verification-note.ts";

// The stored values are English words, shown as `t(value)`.
export const QUALITIES = [msg("Good"), msg("Excellent"), msg("Not bad")] as const;
export type Quality = (typeof QUALITIES)[number];

export const FUELS = [
  msg("Petrol"),
  msg("Diesel"),
  msg("Hybrid"),
  msg("Electric"),
  msg("LPG"),
] as const;
export const TRANSMISSIONS = [msg("Automatic"), msg("Manual")] as const;

/**
 * A car not confirmed available for the site's fresh days (a setting, 60 by default)
 * leaves the public lists (DESIGN 21); the seller is emailed this many days before.
 */
export const LISTING_REMINDER_DAYS_BEFORE = 7;

export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_STATUS_LABEL: Record<ListingStatus, string> = {
  available: msg("Available"),
  sold: msg("Sold"),
};

/** "Used for 7 months (less than a year)": an exact period within each range choice. */
const EXACT_USAGE: Record<"less than a year" | "more than 10 years", Record<PeriodUnit, string>> = {
  "less than a year": {
    years: msg("Used for {count, plural, one {# year} other {# years}} (less than a year)"),
    months: msg("Used for {count, plural, one {# month} other {# months}} (less than a year)"),
    days: msg("Used for {count, plural, one {# day} other {# days}} (less than a year)"),
  },
  "more than 10 years": {
    years: msg("Used for {count, plural, one {# year} other {# years}} (more than 10 years)"),
    months: msg("Used for {count, plural, one {# month} other {# months}} (more than 10 years)"),
    days: msg("Used for {count, plural, one {# day} other {# days}} (more than 10 years)"),
  },
};

/**
 * The detail page's usage line, worded correctly for every years-used value
 * (DESIGN decision 8: the original showed "years years used"), in the reader's words.
 */
export function usageLine(
  yearsUsed: YearsUsed,
  periodAmount?: number | null,
  periodUnit?: PeriodUnit | null,
  t: Translate = english,
): string {
  const exact = periodAmount != null && periodAmount > 0 && periodUnit ? periodUnit : null;
  if (yearsUsed === "less than a year" || yearsUsed === "more than 10 years") {
    if (exact) return t(EXACT_USAGE[yearsUsed][exact], { count: periodAmount });
    return yearsUsed === "less than a year"
      ? t("Used for less than a year")
      : t("Used for more than 10 years");
  }
  return t("Used for {count, plural, one {# year} other {# years}}", {
    count: Number(yearsUsed),
  });
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
  /** The price fell lately (issue 28): by how much in all, and how many days ago the last cut was. */
  priceCut?: { amount: number; days: number };
  category: { name: string; slug: string };
  seller: SellerSummary;
  photo: PhotoUrls | null;
  /** Search results carry the car facts; other tables leave them out. */
  facts?: CarFacts;
};

export function listingPath(id: number): string {
  return `/dashboard/productDetails/${id}`;
}
