import { describe, expect, test } from "vitest";

import {
  comparableCriteria,
  criteriaSentence,
  guidanceSentence,
  mileageBand,
  MIN_COMPARABLES,
  priceGuidance,
  quantile,
} from "#app/models/price-guidance.ts";

const criteria = comparableCriteria({
  make: "Toyota",
  model: "Corolla",
  year: 2019,
  mileageKm: 60_000,
})!;
const dollars = (...values: number[]) => values.map((value) => value * 100);

describe("criteria", () => {
  test("same make and model, year ±2, half the mileage either side", () => {
    expect(criteria).toEqual({
      make: "Toyota",
      model: "Corolla",
      yearFrom: 2017,
      yearTo: 2021,
      mileageFrom: 30_000,
      mileageTo: 90_000,
    });
    expect(criteriaSentence(criteria)).toBe("Toyota Corolla, 2017–2021, 30,000–90,000 km");
  });

  test("nearly new cars get at least 20,000 km either side", () => {
    expect(mileageBand(5_000)).toEqual({ from: 0, to: 25_000 });
    expect(mileageBand(0)).toEqual({ from: 0, to: 20_000 });
  });

  test("a car without make, model, year or mileage has no comparables", () => {
    const base = { make: "Toyota", model: "Corolla", year: 2019, mileageKm: 1 };
    expect(comparableCriteria({ ...base, make: null })).toBeNull();
    expect(comparableCriteria({ ...base, model: "  " })).toBeNull();
    expect(comparableCriteria({ ...base, year: null })).toBeNull();
    expect(comparableCriteria({ ...base, mileageKm: undefined })).toBeNull();
  });
});

describe("statistics", () => {
  test("quantiles interpolate between neighbours", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([7], 0.75)).toBe(7);
  });

  test(`nothing under ${MIN_COMPARABLES} comparables`, () => {
    expect(priceGuidance(1_800_000, dollars(18_000, 19_000, 20_000, 21_000), criteria)).toBeNull();
    expect(priceGuidance(1_800_000, [], criteria)).toBeNull();
    expect(
      priceGuidance(1_800_000, dollars(18_000, 19_000, 20_000, 21_000, 22_000), criteria),
    ).not.toBeNull();
  });

  test("median, middle half, range and how far the price is from the median", () => {
    const prices = dollars(17_000, 22_000, 18_000, 19_500, 18_400, 20_000, 16_000);
    const guidance = priceGuidance(1_730_000, prices, criteria)!;
    expect(guidance).toMatchObject({
      count: 7,
      median: 1_840_000,
      low: 1_750_000,
      high: 1_975_000,
      min: 1_600_000,
      max: 2_200_000,
      percent: -6,
      verdict: "below",
    });
    expect(guidanceSentence(guidance)).toBe("7 similar cars, median 18,400$, this one is 6% below");
  });

  test("above, about the median, and no price yet", () => {
    const prices = dollars(10_000, 10_000, 10_000, 10_000, 10_000);
    expect(priceGuidance(1_200_000, prices, criteria)).toMatchObject({
      percent: 20,
      verdict: "above",
    });
    const close = priceGuidance(1_020_000, prices, criteria)!;
    expect(close.verdict).toBe("close");
    expect(guidanceSentence(close, "your price")).toBe(
      "5 similar cars, median 10,000$, your price is about the median",
    );
    const none = priceGuidance(null, prices, criteria)!;
    expect(none.percent).toBeNull();
    expect(guidanceSentence(none)).toBe("5 similar cars, median 10,000$");
  });
});
