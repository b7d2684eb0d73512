// How prices and other numbers read on this site (decision 019, step 6). The
// server works the site's pattern out with Intl once per setting; pages apply it
// with plain string work, so the browser writes every number exactly as the
// server did, whatever ICU data each has. Client-safe.

/** How a locale writes a whole number: its separators and group sizes. */
export type NumberPattern = {
  group: string;
  decimal: string;
  /** Digits in the group nearest the decimal point (3), and in the others (3, or 2 in India). */
  primary: number;
  secondary: number;
};

/** How a price reads: the number pattern with what comes before and after it. */
export type PriceFormat = NumberPattern & {
  /** The ISO 4217 code (USD). */
  currency: string;
  /** What the price inputs and filters call the currency: `$`, `€`, `CHF`. */
  symbol: string;
  prefix: string;
  suffix: string;
};

export const SPEC_NUMBERS: NumberPattern = { group: ",", decimal: ".", primary: 3, secondary: 3 };

/** The spec's price: the amount followed by `$` (`17,900$`). */
export const SPEC_PRICE_FORMAT: PriceFormat = {
  ...SPEC_NUMBERS,
  currency: "USD",
  symbol: "$",
  prefix: "",
  suffix: "$",
};

/** A number written the site's way: `fractionDigits` decimals (none by default). */
export function formatNumber(
  value: number,
  pattern: NumberPattern = SPEC_NUMBERS,
  fractionDigits = 0,
): string {
  const [whole, fraction] = value.toFixed(fractionDigits).split(".");
  // A separator before each group: `primary` digits at the end, `secondary` before them.
  const groups = new RegExp(`\\B(?=(\\d{${pattern.secondary}})*\\d{${pattern.primary}}$)`, "g");
  const grouped = whole!.replace(groups, pattern.group);
  return fraction ? grouped + pattern.decimal + fraction : grouped;
}

/**
 * A price in cents (the amount × 100 for every currency, decision 004), by default as
 * the spec shows it: the amount followed by `$` (`12,500$`). Cents only when any.
 */
export function formatMoney(cents: number, format: PriceFormat = SPEC_PRICE_FORMAT): string {
  const amount = cents / 100;
  return format.prefix + formatNumber(amount, format, amount % 1 ? 2 : 0) + format.suffix;
}
