import { describe, expect, test } from "vitest";

import { YEARS_USED_VALUES, yearsUsedLabel } from "#app/models/listing-choices.ts";
import { formatPrice, usageLine } from "#app/models/listing.ts";

describe("usageLine", () => {
  test.each([
    ["1", "Used for 1 year"],
    ["2", "Used for 2 years"],
    ["3", "Used for 3 years"],
    ["4", "Used for 4 years"],
    ["5", "Used for 5 years"],
    ["6", "Used for 6 years"],
    ["7", "Used for 7 years"],
    ["8", "Used for 8 years"],
    ["9", "Used for 9 years"],
    ["10", "Used for 10 years"],
  ] as const)("%s years used reads %j", (value, expected) => {
    expect(usageLine(value)).toBe(expected);
  });

  test("less than a year, with the exact period in each unit", () => {
    expect(usageLine("less than a year", 7, "months")).toBe("Used for 7 months (less than a year)");
    expect(usageLine("less than a year", 1, "months")).toBe("Used for 1 month (less than a year)");
    expect(usageLine("less than a year", 45, "days")).toBe("Used for 45 days (less than a year)");
    expect(usageLine("less than a year", 1, "days")).toBe("Used for 1 day (less than a year)");
    expect(usageLine("less than a year", 1, "years")).toBe("Used for 1 year (less than a year)");
  });

  test("less than a year without an exact period", () => {
    expect(usageLine("less than a year")).toBe("Used for less than a year");
    expect(usageLine("less than a year", null, null)).toBe("Used for less than a year");
  });

  test("more than 10 years, with and without the exact years", () => {
    expect(usageLine("more than 10 years", 12, "years")).toBe(
      "Used for 12 years (more than 10 years)",
    );
    expect(usageLine("more than 10 years")).toBe("Used for more than 10 years");
  });

  test("every option has a line that never repeats a word (the original said 'years years')", () => {
    for (const value of YEARS_USED_VALUES) {
      const line = usageLine(value, 11, "years");
      expect(line).not.toMatch(/\b(\w+) \1\b/);
      expect(line.startsWith("Used for ")).toBe(true);
    }
  });

  test("labels for the years-used select", () => {
    expect(yearsUsedLabel("less than a year")).toBe("Less than a year");
    expect(yearsUsedLabel("1")).toBe("1 year");
    expect(yearsUsedLabel("4")).toBe("4 years");
    expect(yearsUsedLabel("more than 10 years")).toBe("More than 10 years");
  });
});

describe("formatPrice", () => {
  test("whole dollars, followed by $", () => {
    expect(formatPrice(1_790_000)).toBe("17,900$");
    expect(formatPrice(0)).toBe("0$");
    expect(formatPrice(100)).toBe("1$");
    expect(formatPrice(12_345_600)).toBe("123,456$");
  });

  test("cents only when there are any", () => {
    expect(formatPrice(1_050)).toBe("10.50$");
    expect(formatPrice(99)).toBe("0.99$");
  });
});
