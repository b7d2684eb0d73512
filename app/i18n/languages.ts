// The languages Carlot speaks (issue 26, decision 020), and how a request names one:
// the person's choice (their account, else the `lang` cookie the switcher sets), else
// the browser's Accept-Language, else the site's default. Client-safe: the page cache
// and the switcher use the same rules as the pages.

export const LANGUAGES = ["en", "es", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The pseudo-language the tests render every route in (`en-XA`: accented English in
 * brackets). Chosen only through the cookie, and only when CARLOT_PSEUDO_LOCALE=1.
 */
export const PSEUDO_LANGUAGE = "en-XA";
/** A language a page may be rendered in: a real one, or the tests' pseudo-language. */
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language in its own words, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  ar: "العربية",
};

/** The cookie the switcher sets for visitors (not named "carlot": the page cache still serves them). */
export const LANGUAGE_COOKIE = "lang";
/** A year: a choice made once is kept. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: PageLanguage): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/** The `lang` cookie's language, when it names one we speak (or the pseudo-language, when allowed). */
export function languageFromCookie(
  cookieHeader: string | null | undefined,
  pseudoAllowed = false,
): PageLanguage | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== LANGUAGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (isLanguage(value)) return value;
    if (pseudoAllowed && value === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  }
  return null;
}

/**
 * The best of our languages for an Accept-Language header ("es-MX,es;q=0.9,en;q=0.8"),
 * by quality, then by order; null when it names none of them.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  let best: Language | null = null;
  let bestQuality = 0;
  for (const [index, item] of header.slice(0, 512).split(",").entries()) {
    if (index >= 20) break;
    const [tag = "", ...params] = item.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLanguage(primary)) continue;
    let quality = 1;
    for (const param of params) {
      const [name, value] = param.trim().split("=");
      if (name === "q") quality = Number(value);
    }
    if (Number.isFinite(quality) && quality > bestQuality) {
      best = primary;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * What a visitor's request asks for, before the site's default: the cookie, else
 * Accept-Language. The page cache keys stored pages by it ("" = the site's default).
 */
export function requestedLanguage(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
  pseudoAllowed = false,
): PageLanguage | null {
  return (
    languageFromCookie(cookieHeader, pseudoAllowed) ?? languageFromAcceptLanguage(acceptLanguage)
  );
}
