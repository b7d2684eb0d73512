// What a seller chooses in the sell and edit forms: how long the car was used (and the
// units of an exact period), the unit of its mileage; and the statuses a listing has.
import type { Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";

export const YEARS_USED_VALUES = [
  "less than a year",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "more than 10 years",
] as const;
export type YearsUsed = (typeof YEARS_USED_VALUES)[number];

export const LESS_THAN_A_YEAR = "less than a year" satisfies YearsUsed;
export const MORE_THAN_TEN_YEARS = "more than 10 years" satisfies YearsUsed;

/** What the years-used select shows for each stored value (DESIGN decision 8), in the reader's words. */
export function yearsUsedLabel(value: YearsUsed, t: Translate = english): string {
  if (value === LESS_THAN_A_YEAR) return t("Less than a year");
  if (value === MORE_THAN_TEN_YEARS) return t("More than 10 years");
  return t("{count, plural, one {# year} other {# years}}", { count: Number(value) });
}

export const PERIOD_UNITS = ["years", "months", "days"] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** Units the exact-period select offers for each range choice (spec §3). */
export const PERIOD_UNITS_FOR: Record<
  typeof LESS_THAN_A_YEAR | typeof MORE_THAN_TEN_YEARS,
  readonly PeriodUnit[]
> = {
  [LESS_THAN_A_YEAR]: ["years", "months", "days"],
  [MORE_THAN_TEN_YEARS]: ["years"],
};

export const MILEAGE_UNITS = ["km", "mi"] as const;
export type MileageUnit = (typeof MILEAGE_UNITS)[number];

export const LISTING_STATUSES = ["available", "sold"] as const;
