// The browser builds the search URL with formSearchQuery, not the parser: for every
// form the parser takes without a notice, both must give the same canonical query,
// or a filter change would land on a URL the server then redirects (and the form,
// remounted, would lose the field being typed in).
import { describe, expect, test } from "vitest";

import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";
import { parseSearch } from "#app/models/search-parse.ts";
import { formSearchQuery, searchQuery, SORTS, type MakeModels } from "#app/models/search.ts";

const makeModels: MakeModels = [
  { make: "Toyota", models: ["Corolla", "RAV4 Hybrid XLE"] },
  { make: "Volkswagen", models: ["Golf"] },
];

/** What people type or pick in each field, including what the parser tidies silently. */
const CHOICES: Record<string, readonly string[]> = {
  q: ["", "corolla", "  low   mileage ", "ünïcode wörds"],
  make: ["", "Toyota", "Volkswagen"],
  model: ["", "Corolla", "Golf"],
  minYear: ["", "2015", " 2018 "],
  maxYear: ["", "2020", "2024"],
  minPrice: ["", "0", "5000", "5,000", "$7 500"],
  maxPrice: ["", "30000", "30,000", "040000"],
  maxMileage: ["", "150000", "120,000km", "90 000 km"],
  fuel: ["", ...FUELS],
  transmission: ["", ...TRANSMISSIONS],
  quality: ["", ...QUALITIES],
  location: ["", "Austin", "  New   York "],
  verified: ["", "1"],
  sold: ["", "1"],
  sort: [...SORTS],
  compare: ["", "3,7"],
};

/** A small deterministic generator, so a failure names a form that can be rerun. */
function* forms(count: number): Generator<URLSearchParams> {
  let seed = 20261125;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let index = 0; index < count; index += 1) {
    const fields = new URLSearchParams();
    for (const [name, choices] of Object.entries(CHOICES)) {
      // Most fields empty, as people fill a form.
      const value = next() % 3 === 0 ? choices[next() % choices.length]! : choices[0]!;
      if (value !== "" || name === "sort") fields.append(name, value);
    }
    yield fields;
  }
}

describe("formSearchQuery", () => {
  test("gives the parser's canonical query for every form the parser takes as it is", () => {
    let compared = 0;
    for (const fields of forms(4000)) {
      const { filters, notices } = parseSearch(fields, makeModels);
      if (notices.length > 0) continue;
      const compare = fields.get("compare") ?? undefined;
      expect(formSearchQuery(fields), fields.toString()).toBe(
        searchQuery(filters, {}, { compare }),
      );
      compared += 1;
    }
    expect(compared).toBeGreaterThan(1000);
  });

  test("sends a value the parser would correct as typed, so the page can say so", () => {
    const fields = new URLSearchParams("maxPrice=cheap&minYear=1700&sort=newest");
    expect(formSearchQuery(fields)).toBe("minYear=1700&maxPrice=cheap");
    const sent = new URLSearchParams(formSearchQuery(fields));
    expect(parseSearch(sent, makeModels, new Date("2026-06-01")).notices).toEqual([
      "We ignored the earliest year “1700”: it must be from 1,900 to 2,027.",
      "We ignored the maximum price “cheap”: it is not a whole number.",
    ]);
  });

  test("starts again at page 1 and keeps the comparison last", () => {
    expect(formSearchQuery(new URLSearchParams("compare=4&page=3&q=golf&sort=relevance"))).toBe(
      "q=golf&compare=4",
    );
  });
});
