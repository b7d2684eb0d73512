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

export const PRICE_STYLES = ["amount-sign", "locale"] as const;
export type PriceStyle = (typeof PRICE_STYLES)[number];
export const DISTANCE_UNITS = ["km", "mi"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const SPEC_NUMBERS: NumberPattern = { group: ",", decimal: ".", primary: 3, secondary: 3 };

/** The spec's price: the amount followed by `$` (`17,900$`). */
export const SPEC_PRICE_FORMAT: PriceFormat = {
  ...SPEC_NUMBERS,
  currency: "USD",
  symbol: "$",
  prefix: "",
  suffix: "$",
};

function grouped(digits: string, pattern: NumberPattern): string {
  if (digits.length <= pattern.primary) return digits;
  const groups = [digits.slice(-pattern.primary)];
  let rest = digits.slice(0, -pattern.primary);
  while (rest.length > pattern.secondary) {
    groups.unshift(rest.slice(-pattern.secondary));
    rest = rest.slice(0, -pattern.secondary);
  }
  if (rest) groups.unshift(rest);
  return groups.join(pattern.group);
}

/** A number written the site's way: `fractionDigits` decimals (none by default). */
export function formatNumber(
  value: number,
  pattern: NumberPattern = SPEC_NUMBERS,
  fractionDigits = 0,
): string {
  const [whole, fraction] = Math.abs(value).toFixed(fractionDigits).split(".") as [string, string?];
  const sign = value < 0 ? "-" : "";
  return `${sign}${grouped(whole, pattern)}${fraction ? `${pattern.decimal}${fraction}` : ""}`;
}

/** A price in cents (minor units × 100 for every currency, decision 004); cents only when any. */
export function formatMoney(cents: number, format: PriceFormat = SPEC_PRICE_FORMAT): string {
  const amount = cents / 100;
  const text = formatNumber(amount, format, Number.isInteger(amount) ? 0 : 2);
  return `${format.prefix}${text}${format.suffix}`;
}
