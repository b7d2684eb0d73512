// The "still for sale?" reminder email (sendListingReminders, in
// listing-manage.server.ts), in the seller's words: their language, and dates as it
// writes them.
import type { PageLanguage } from "#app/i18n/languages.ts";
import type { Translator } from "#app/i18n/translator.ts";
import { hiddenFrom, isStale } from "#app/models/freshness.ts";
import { english } from "#app/services/words.server.ts";

/** "March 3, 2026" in the site's locale. */
const longDate = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });

/**
 * The locale of an email's dates: the site's, unless the reader's language is another
 * one ("3 de marzo de 2026" in a Spanish email on an en-US site); digits stay Western.
 */
export function mailDateLocale(siteLocale: string, language: PageLanguage): string {
  if (language === "en" || language === "en-XA") return siteLocale;
  let site: Intl.Locale;
  try {
    site = new Intl.Locale(siteLocale);
  } catch {
    return language;
  }
  if (site.language === language) return siteLocale;
  const tag = site.region ? `${language}-${site.region}` : language;
  return `${tag}-u-nu-latn`;
}

/** The reminder email for one car (exported for tests and previews). */
export function reminderMail(options: {
  sellerName: string;
  title: string;
  confirmedAt: Date;
  now: Date;
  publicUrl: string;
  /** The site's fresh days (a setting). */
  freshDays: number;
  /** The site's locale, for the dates. */
  locale?: string;
  /** The seller's words (their language); English when not given. */
  words?: Translator;
}) {
  const { sellerName, title, confirmedAt, now, publicUrl, freshDays } = options;
  const t = options.words?.t ?? english;
  const dates = longDate(
    mailDateLocale(options.locale ?? "en-US", options.words?.language ?? "en"),
  );
  const stale = isStale({ status: "available", confirmedAt }, now, freshDays);
  const leaves = dates.format(hiddenFrom(confirmedAt, freshDays));
  const what = stale
    ? t(
        "{days, plural, one {Because it has not been confirmed for {days} day, it is no longer shown on the home page, the category pages or the list of all cars.} other {Because it has not been confirmed for {days} days, it is no longer shown on the home page, the category pages or the list of all cars.}}",
        { days: freshDays },
      )
    : t(
        "If you don't confirm it by {date}, it will leave the home page, the category pages and the list of all cars until you do.",
        { date: leaves },
      );
  return {
    subject: t("Is your {car} still for sale?", { car: title }),
    text: [
      t("Hello {name},", { name: sellerName }),
      "",
      t(
        "You last confirmed that your {car} is for sale on {date}. {what} It is not deleted, and its own page keeps working.",
        { car: title, date: dates.format(confirmedAt), what },
      ),
      "",
      t("If it is still for sale, confirm it with one click in My Products:"),
      "",
      `${publicUrl}/dashboard/myProducts`,
      "",
      t("If you have sold it, mark it Sold there (or delete it), so buyers don't ask about it."),
    ].join("\n"),
  };
}
