// Words about cars that the car lists, a car's page and the comparison share, in the
// reader's language (decision 020): counts with their plurals, and how long a car was
// used. They say what countLabel and usageLine (app/models) say in English. Client-safe:
// loaders pass the request's `t`, components `useT()`'s.
import type { Translate } from "#app/i18n/translator.ts";
import type { PeriodUnit, YearsUsed } from "#app/models/listing-choices.ts";
import { COUNT_CAP } from "#app/models/search.ts";

/** "312 cars", "1 car", "More than 1,000 cars". */
export function carCount(t: Translate, total: number, capped: boolean): string {
  return capped
    ? t("{count, plural, one {More than # car} other {More than # cars}}", { count: COUNT_CAP })
    : t("{count, plural, one {# car} other {# cars}}", { count: total });
}

/** The detail page's usage line: "Used for 3 years", "Used for 6 months (less than a year)". */
export function usageWords(
  t: Translate,
  yearsUsed: YearsUsed,
  periodAmount?: number | null,
  periodUnit?: PeriodUnit | null,
): string {
  const count = periodAmount != null && periodAmount > 0 && periodUnit ? periodAmount : null;
  if (yearsUsed === "less than a year") {
    if (count === null) return t("Used for less than a year");
    switch (periodUnit) {
      case "years":
        return t(
          "{count, plural, one {Used for # year (less than a year)} other {Used for # years (less than a year)}}",
          { count },
        );
      case "months":
        return t(
          "{count, plural, one {Used for # month (less than a year)} other {Used for # months (less than a year)}}",
          { count },
        );
      default:
        return t(
          "{count, plural, one {Used for # day (less than a year)} other {Used for # days (less than a year)}}",
          { count },
        );
    }
  }
  if (yearsUsed === "more than 10 years") {
    if (count === null) return t("Used for more than 10 years");
    switch (periodUnit) {
      case "years":
        return t(
          "{count, plural, one {Used for # year (more than 10 years)} other {Used for # years (more than 10 years)}}",
          { count },
        );
      case "months":
        return t(
          "{count, plural, one {Used for # month (more than 10 years)} other {Used for # months (more than 10 years)}}",
          { count },
        );
      default:
        return t(
          "{count, plural, one {Used for # day (more than 10 years)} other {Used for # days (more than 10 years)}}",
          { count },
        );
    }
  }
  return t("{count, plural, one {Used for # year} other {Used for # years}}", {
    count: Number(yearsUsed),
  });
}
