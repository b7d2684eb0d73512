// Dates on pages (decision 019, step 6): in the site's locale. Client-safe.

/**
 * The locale dates on pages are written in: the site's, except that American English
 * keeps the day-month-year form the product has always shown ("3 March 2026").
 */
export function dateLocaleOf(locale: string): string {
  return locale === "en-US" ? "en-GB" : locale;
}
