// Dates on pages (decisions 019 and 020): in the page's language, in the site's locale's
// form where the two agree. Client-safe.
import type { PageLanguage } from "#app/i18n/languages.ts";

/**
 * The locale dates on pages are written in. English pages: the site's locale, except
 * that American English keeps the day-month-year form the product has always shown
 * ("3 March 2026"). Other languages: the site's locale when it is of that language
 * (es-MX), else the language itself ("3 de marzo de 2026"); Arabic with Western digits,
 * as the prices beside the dates.
 */
export function dateLocaleOf(locale: string, language: PageLanguage = "en"): string {
  if (language === "en" || language === "en-XA") return locale === "en-US" ? "en-GB" : locale;
  const base = locale.split("-")[0] === language ? locale : language;
  return language === "ar" ? `${base}-u-nu-latn` : base;
}
