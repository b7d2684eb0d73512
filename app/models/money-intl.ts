// The site's number and price patterns (app/models/money.ts) worked out with Intl:
// on the server, once per setting, and on the settings page to check a currency
// code and a locale. Apart from money.ts so that visitors' pages do not carry it.
import type { NumberPattern, PriceFormat } from "#app/models/money.ts";

export const PRICE_STYLES = ["amount-sign", "locale"] as const;
export type PriceStyle = (typeof PRICE_STYLES)[number];
export const DISTANCE_UNITS = ["km", "mi"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** A locale's separators and group sizes, read from how it writes 1234567.5. */
export function numberPatternOf(locale: string): NumberPattern {
  const parts = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    useGrouping: true,
  }).formatToParts(1234567.5);
  const integers = parts.filter((part) => part.type === "integer").map((part) => part.value);
  return {
    group: parts.find((part) => part.type === "group")?.value ?? "",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    primary: integers.at(-1)?.length ?? 3,
    secondary: integers.length > 2 ? integers.at(-2)!.length : (integers.at(-1)?.length ?? 3),
  };
}

const formats = new Map<string, PriceFormat>();

/**
 * The site's price format: `amount-sign` writes the amount in the locale's numbers
 * followed by the currency's sign (the spec's `17,900$`); `locale` writes it as the
 * locale does (`17.900 €`, `£17,900`, `CHF 17’900`). Kept per combination.
 */
export function priceFormatOf(currency: string, locale: string, style: PriceStyle): PriceFormat {
  const key = `${currency} ${locale} ${style}`;
  const known = formats.get(key);
  if (known) return known;
  const pattern = numberPatternOf(locale);
  const parts = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  }).formatToParts(1234567);
  const symbol = parts.find((part) => part.type === "currency")?.value ?? currency;
  const first = parts.findIndex((part) => part.type === "integer");
  const last = parts.findLastIndex((part) => part.type === "integer");
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join("")
      // Spaces inside a price never break it over two lines.
      .replace(/ /g, "\u00a0");
  const format: PriceFormat =
    style === "amount-sign"
      ? { ...pattern, currency, symbol, prefix: "", suffix: symbol }
      : {
          ...pattern,
          currency,
          symbol,
          prefix: text(0, first),
          suffix: text(last + 1, parts.length),
        };
  formats.set(key, format);
  return format;
}

/** Whether Intl knows the currency code (ISO 4217, upper case). */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);
}

/** The locale in its canonical spelling ("en-gb" → "en-GB"), or null when unknown. */
export function knownLocale(tag: string): string | null {
  if (tag.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(canonical)) return null;
    return Intl.NumberFormat.supportedLocalesOf([canonical]).length === 1 ? canonical : null;
  } catch {
    return null;
  }
}
