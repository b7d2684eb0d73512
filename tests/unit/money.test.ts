// How prices and numbers read (decision 019, step 6): the spec's `17,900$` by
// default, a locale's own format when the operator chooses it, and the same text
// whether the server or the browser writes it (the pattern, not Intl, does).
import { describe, expect, test } from "vitest";

import { formatMileage, formatPrice } from "#app/models/listing.ts";
import {
  isKnownCurrency,
  knownLocale,
  numberPatternOf,
  priceFormatOf,
} from "#app/models/money-intl.ts";
import { formatMoney, formatNumber, SPEC_PRICE_FORMAT } from "#app/models/money.ts";

const NBSP = "\u00a0";

describe("prices", () => {
  test("the default is the spec's: the amount followed by $", () => {
    expect(formatPrice(1_790_000)).toBe("17,900$");
    expect(formatPrice(1_250_050)).toBe("12,500.50$");
    expect(formatPrice(0)).toBe("0$");
    expect(formatPrice(100_000_000_000)).toBe("1,000,000,000$");
    expect(priceFormatOf("USD", "en-US", "amount-sign")).toEqual(SPEC_PRICE_FORMAT);
  });

  test("a locale's own format: 17.900 €, £17,900, CHF 17'900", () => {
    const euro = priceFormatOf("EUR", "de-DE", "locale");
    expect(formatMoney(1_790_000, euro)).toBe(`17.900${NBSP}€`);
    expect(formatMoney(1_790_050, euro)).toBe(`17.900,50${NBSP}€`);
    expect(formatMoney(1_790_000, priceFormatOf("GBP", "en-GB", "locale"))).toBe("£17,900");
    expect(formatMoney(1_790_000, priceFormatOf("EUR", "fr-FR", "locale"))).toMatch(
      /^17\s900\s€$/u,
    );
    expect(formatMoney(1_790_000, priceFormatOf("CHF", "de-CH", "locale"))).toMatch(
      /^CHF\s17['’]900$/u,
    );
    expect(formatMoney(123_456_700, priceFormatOf("INR", "en-IN", "locale"))).toBe("₹12,34,567");
  });

  test("amount then sign in another currency and locale", () => {
    expect(formatMoney(1_790_000, priceFormatOf("EUR", "de-DE", "amount-sign"))).toBe("17.900€");
    expect(formatMoney(1_790_000, priceFormatOf("GBP", "en-GB", "amount-sign"))).toBe("17,900£");
  });

  test("the pattern is plain data: it survives JSON, as the root data carries it", () => {
    const format = priceFormatOf("EUR", "de-DE", "locale");
    expect(formatMoney(99_900, JSON.parse(JSON.stringify(format)))).toBe(`999${NBSP}€`);
  });
});

describe("numbers and distances", () => {
  test("group sizes come from the locale", () => {
    expect(numberPatternOf("en-US")).toEqual({
      group: ",",
      decimal: ".",
      primary: 3,
      secondary: 3,
    });
    expect(numberPatternOf("en-IN")).toMatchObject({ primary: 3, secondary: 2 });
    expect(formatNumber(1234567, numberPatternOf("de-DE"))).toBe("1.234.567");
    expect(formatNumber(999, numberPatternOf("de-DE"))).toBe("999");
  });

  test("mileage in the seller's unit, with the site's numbers", () => {
    expect(formatMileage(45_000)).toBe("45,000 km");
    expect(formatMileage(48_280, "mi")).toBe("30,000 mi");
    expect(formatMileage(45_000, "km", numberPatternOf("de-DE"))).toBe("45.000 km");
  });
});

describe("what the settings accept", () => {
  test("ISO 4217 codes Intl knows", () => {
    expect(["USD", "EUR", "GBP", "CHF", "JPY"].every(isKnownCurrency)).toBe(true);
    expect(["usd", "US", "DOLLAR", "XYZ1", "", "<b>"].some(isKnownCurrency)).toBe(false);
  });

  test("locales in their canonical spelling, or null", () => {
    expect(knownLocale("en-gb")).toBe("en-GB");
    expect(knownLocale("de-DE")).toBe("de-DE");
    for (const bad of ["", "english", "x", "<script>", "en_US", "a".repeat(40)]) {
      expect(knownLocale(bad), bad).toBeNull();
    }
  });
});
