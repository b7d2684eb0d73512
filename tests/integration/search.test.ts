// Search on the car lists, against a small catalogue whose answers are known:
// every filter, every sort, combinations, canonical URLs and hostile parameters.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { DAY_MS } from "#app/models/freshness.ts";
import { CONTROL_NOTICE } from "#app/models/search-parse.ts";
import * as browse from "#app/routes/products/browse/route.tsx";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoader, responseOf } from "./helpers.ts";

let t: TestEnv;
const ids: Record<string, number> = {};
const NOW = Date.now();

type Car = Parameters<typeof createListing>[1];

beforeAll(async () => {
  t = await createTestDatabase();
  const categories = await createCategories(t.db);
  const slug = (name: string) => categories.find((c) => c.slug === name)!.id;
  const verified = await createUser(t.db, { verified: true });
  const plain = await createUser(t.db);
  const cars: Record<string, Omit<Car, "sellerId" | "categoryId"> & { in: string; by: string }> = {
    A: {
      in: "sedan",
      by: verified.id,
      title: "Toyota Corolla LE",
      make: "Toyota",
      model: "Corolla",
      year: 2018,
      mileageKm: 60_000,
      fuel: "Petrol",
      transmission: "Automatic",
      quality: "Good",
      resalePrice: 1_500_000,
      location: "Austin, TX",
      description: "Reliable commuter car with new tyres.",
    },
    B: {
      in: "sedan",
      by: plain.id,
      title: "Toyota Camry XSE",
      make: "Toyota",
      model: "Camry",
      year: 2021,
      mileageKm: 20_000,
      fuel: "Hybrid",
      transmission: "Automatic",
      quality: "Excellent",
      resalePrice: 2_700_000,
      location: "Denver, CO",
      description: "Hybrid sedan, running smoothly.",
    },
    C: {
      in: "sedan",
      by: plain.id,
      title: "Citroën C4 Picasso",
      make: "Citroën",
      model: "C4",
      year: 2015,
      mileageKm: 120_000,
      fuel: "Diesel",
      transmission: "Manual",
      quality: "Not bad",
      resalePrice: 700_000,
      location: "Zürich",
      description: "Family van with seven seats.",
    },
    D: {
      in: "suv",
      by: verified.id,
      title: "BMW X5 xDrive",
      make: "BMW",
      model: "X5",
      year: 2019,
      mileageKm: 80_000,
      fuel: "Diesel",
      transmission: "Automatic",
      quality: "Excellent",
      resalePrice: 3_800_000,
      location: "Austin, TX",
      description: "Luxury SUV with a towing package.",
    },
    E: {
      in: "muscle",
      by: plain.id,
      title: "Ford Mustang GT",
      make: "Ford",
      model: "Mustang",
      year: 2017,
      mileageKm: 50_000,
      fuel: "Petrol",
      transmission: "Manual",
      quality: "Good",
      resalePrice: 2_900_000,
      location: "Dallas, TX",
      description: "V8 coupe, garage kept.",
      status: "sold",
    },
    // Not confirmed for 90 days: in no public list, whatever the filters.
    F: {
      in: "sedan",
      by: verified.id,
      title: "Honda Civic Sport",
      make: "Honda",
      model: "Civic",
      year: 2020,
      mileageKm: 30_000,
      fuel: "Petrol",
      transmission: "Manual",
      resalePrice: 1_800_000,
      location: "Austin, TX",
      description: "Toyota beater, a reliable commuter car.",
      confirmedAt: new Date(NOW - 90 * DAY_MS),
    },
    G: {
      in: "sedan",
      by: plain.id,
      title: "Toyota Corolla SE",
      make: "Toyota",
      model: "Corolla",
      year: 2020,
      mileageKm: 30_000,
      fuel: "Petrol",
      transmission: "Manual",
      quality: "Excellent",
      resalePrice: 1_950_000,
      location: "Seattle, WA",
      description: "Sporty hatch, one owner.",
    },
  };
  let age = 10;
  for (const [key, car] of Object.entries(cars)) {
    const { in: category, by, ...values } = car;
    const row = await createListing(t.db, {
      ...values,
      sellerId: by,
      categoryId: slug(category),
      createdAt: new Date(NOW - age-- * DAY_MS),
    });
    ids[key] = row.id;
  }
});
afterAll(async () => {
  await t.close();
});

const nameOf = (id: number) => Object.keys(ids).find((key) => ids[key] === id);

/** The loader's answer for a URL, redirect or not. */
function raw(query: string, path = "/products/allProducts") {
  const params: Record<string, string> =
    path === "/products/allProducts" ? {} : { category: path.split("/")[2]! };
  return callLoader(browse.loader, {
    path: `${path}${query ? `?${query}` : ""}`,
    params,
    context: t.context(),
  });
}

/** The page a browser ends on: a redirect to the canonical URL is followed once. */
async function search(query: string, path = "/products/allProducts") {
  try {
    return await raw(query, path);
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 302) throw error;
    const next = new URL(error.headers.get("Location")!, "http://localhost");
    return raw(next.search.slice(1), next.pathname);
  }
}

/** The names of the cars found, in order. */
async function found(query: string, path?: string) {
  const result = await search(query, path);
  return result.rows.map((row) => nameOf(row.id));
}

describe("filters", () => {
  test("without filters: available, freshly confirmed cars, newest first", async () => {
    expect(await found("")).toEqual(["G", "D", "C", "B", "A"]);
  });

  test.each([
    ["q=running", ["B"]],
    ["q=cars", ["A"]],
    ["q=citroen", ["C"]],
    ["q=CITROËN", ["C"]],
    ["q=zurich", ["C"]],
    ["q=toyota+-camry", ["G", "A"]],
    ['q="seven+seats"', ["C"]],
    ["q=the", ["G", "D", "C", "B", "A"]],
    ["make=Toyota", ["G", "B", "A"]],
    ["make=Toyota&model=Corolla", ["G", "A"]],
    ["make=Citro%C3%ABn&model=C4", ["C"]],
    ["minYear=2018&maxYear=2020", ["G", "D", "A"]],
    ["minYear=2020", ["G", "B"]],
    ["minPrice=10000&maxPrice=20000", ["G", "A"]],
    ["maxPrice=7000", ["C"]],
    ["maxMileage=50000", ["G", "B"]],
    ["fuel=Diesel", ["D", "C"]],
    ["transmission=Manual", ["G", "C"]],
    ["quality=Excellent", ["G", "D", "B"]],
    ["location=austin", ["D", "A"]],
    ["location=TX", ["D", "A"]],
    ["location=Zurich", ["C"]],
    ["verified=1", ["D", "A"]],
    ["sold=1", ["G", "E", "D", "C", "B", "A"]],
    ["location=TX&sold=1", ["E", "D", "A"]],
    ["make=Toyota&fuel=Petrol&maxPrice=20000&sort=price-desc", ["G", "A"]],
    ["q=toyota&transmission=Automatic&verified=1", ["A"]],
    ["fuel=Diesel&quality=Excellent&minYear=2019", ["D"]],
  ])("%s", async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  test("a category narrows as well", async () => {
    expect(await found("", "/products/suv")).toEqual(["D"]);
    expect(await found("fuel=Diesel", "/products/sedan")).toEqual(["C"]);
    expect(await found("sold=1", "/products/muscle")).toEqual(["E"]);
  });

  test("the count follows the filters", async () => {
    const result = await search("make=Toyota");
    expect(result.total).toBe(3);
    expect(result.capped).toBe(false);
    expect(result.pageCount).toBe(1);
  });

  test("the makes and models come from public cars only", async () => {
    const { makeModels } = await search("");
    expect(makeModels).toEqual([
      { make: "BMW", models: ["X5"] },
      { make: "Citroën", models: ["C4"] },
      { make: "Toyota", models: ["Camry", "Corolla"] },
    ]);
  });

  test("search results carry their car facts", async () => {
    const result = await search("make=BMW");
    expect(result.rows[0]!.facts).toEqual({
      make: "BMW",
      model: "X5",
      year: 2019,
      mileageKm: 80_000,
      fuel: "Diesel",
      transmission: "Automatic",
    });
  });
});

describe("sorts", () => {
  test.each([
    ["sort=newest", ["G", "D", "C", "B", "A"]],
    ["sort=price-asc", ["C", "A", "G", "B", "D"]],
    ["sort=price-desc", ["D", "B", "G", "A", "C"]],
    ["sort=mileage", ["B", "G", "A", "D", "C"]],
    ["sort=year", ["B", "G", "D", "A", "C"]],
  ])("%s", async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  test("best match ranks the cars whose name says it above those whose text does", async () => {
    // A and G are Corollas by name; nothing else mentions a Corolla.
    expect(await found("q=corolla")).toEqual(["G", "A"]);
    // "reliable" is in A's description only; "toyota" in three names.
    const ranked = await found("q=toyota+OR+reliable");
    expect(ranked[0]).toBe("A");
    expect(ranked.sort()).toEqual(["A", "B", "G"]);
  });

  test("a sort combines with filters", async () => {
    expect(await found("sort=mileage&transmission=Automatic")).toEqual(["B", "A", "D"]);
  });
});

describe("URLs", () => {
  test("a clean search in another order moves to its canonical address", async () => {
    const response = await responseOf(() => raw("sort=price-asc&fuel=Diesel&make=BMW"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/products/allProducts?make=BMW&fuel=Diesel&sort=price-asc",
    );
  });

  test("the empty fields of a form sent without JavaScript are dropped", async () => {
    const response = await responseOf(() =>
      raw("q=&make=&model=&minYear=&maxYear=&fuel=&sort=newest", "/products/sedan"),
    );
    expect(response.headers.get("Location")).toBe("/products/sedan");
  });

  test("a make typed in another case is spelled as the listings spell it", async () => {
    const response = await responseOf(() => raw("make=toyota&model=COROLLA"));
    expect(response.headers.get("Location")).toBe(
      "/products/allProducts?make=Toyota&model=Corolla",
    );
  });

  test("the canonical query is given to the page", async () => {
    // page=1 is a default: not canonical, but nothing to correct, so it redirects.
    const response = await responseOf(() => raw("make=Toyota&sort=price-asc&page=1"));
    expect(response.headers.get("Location")).toBe(
      "/products/allProducts?make=Toyota&sort=price-asc",
    );
    const clean = await raw("make=Toyota&sort=price-asc");
    expect(clean.canonicalQuery).toBe("make=Toyota&sort=price-asc");
    expect(clean.notices).toEqual([]);
  });

  test("the comparison tray rides along without counting as a filter", async () => {
    const response = await responseOf(() => raw("make=BMW&compare=3,abc,5"));
    expect(response.headers.get("Location")).toBe("/products/allProducts?make=BMW&compare=3%2C5");
    const kept = await raw("make=BMW&compare=3%2C5");
    expect(kept.compare).toBe("3,5");
    expect(kept.canonicalQuery).toBe("make=BMW");
  });
});

describe("hostile parameters are corrected, visibly, and never fail", () => {
  test("a negative price is ignored", async () => {
    const result = await search("minPrice=-5");
    expect(result.notices).toEqual(["We ignored the minimum price “-5”: it cannot be negative."]);
    expect(result.rows).toHaveLength(5);
  });

  test("a minimum above the maximum is swapped", async () => {
    const result = await search("minPrice=20000&maxPrice=10000");
    expect(result.notices).toEqual(["Showing prices from 10,000$ to 20,000$."]);
    expect(result.rows.map((row) => nameOf(row.id))).toEqual(["G", "A"]);
    expect(result.canonicalQuery).toBe("minPrice=10000&maxPrice=20000");
    const years = await search("minYear=2020&maxYear=2018");
    expect(years.notices).toEqual(["Showing years from 2018 to 2020."]);
  });

  test("an unknown make (and its model) is ignored", async () => {
    const result = await search("make=Lada&model=Niva");
    expect(result.notices).toEqual(["We ignored the make “Lada”: no car on Carlot has it."]);
    expect(result.filters.make).toBeUndefined();
    expect(result.rows).toHaveLength(5);
    const model = await search("make=Toyota&model=Supra");
    expect(model.notices).toEqual(["We ignored the model “Supra”: no Toyota on Carlot has it."]);
    expect(model.rows).toHaveLength(3);
    const orphan = await search("model=Corolla");
    expect(orphan.notices).toEqual(["We ignored the model “Corolla”: choose a make first."]);
  });

  test("a 10,000-character query is cut", async () => {
    const result = await search(`q=${"toyota ".repeat(1430)}`);
    expect(result.notices).toEqual([
      "Your search was longer than 100 characters, so we searched for its first 100.",
    ]);
    expect(result.filters.q!.length).toBeLessThanOrEqual(100);
    expect(result.rows.map((row) => nameOf(row.id)).sort()).toEqual(["A", "B", "G"]);
  });

  test("repeated parameters use the first value", async () => {
    const result = await search("fuel=Diesel&fuel=Petrol");
    expect(result.notices).toEqual(["We used the first fuel “Diesel” and ignored the others."]);
    expect(result.rows.map((row) => nameOf(row.id))).toEqual(["D", "C"]);
  });

  test.each([
    ["minYear=abc", "We ignored the earliest year “abc”: it is not a whole number."],
    ["maxYear=30000", "We ignored the latest year “30000”: it must be from 1,900 to"],
    ["maxMileage=1e9", "We ignored the maximum mileage “1e9”: it is not a whole number."],
    ["fuel=Rocket", "We ignored the fuel “Rocket”: choose one of Petrol, Diesel"],
    ["transmission=CVT", "We ignored the transmission “CVT”: choose one of Automatic, Manual."],
    ["quality=Mint", "We ignored the quality “Mint”"],
    ["verified=maybe", "We ignored the verified sellers setting “maybe”."],
    ["sort=cheapest", "We ignored the sort order “cheapest”."],
    ["page=-3", "We ignored the page “-3” and showed the first page."],
    ["maxPrice=99999999999", "We ignored the maximum price “99999999999”: it must be from 0"],
  ])("%s", async (query, notice) => {
    const result = await search(query);
    expect(result.notices).toHaveLength(1);
    expect(result.notices[0]).toContain(notice);
    expect(result.rows.length).toBeGreaterThan(0);
  });

  test("control characters and markup are only text", async () => {
    const markup = await search(`q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    // Words like any others: they match no car, and the page says so.
    expect(markup.filters.q).toBe('"><img src=x onerror=alert(1)>');
    expect(markup.rows).toEqual([]);
    const control = await search(`q=${encodeURIComponent("\u0000toyota\u0007")}&make=%00`);
    expect(control.filters.q).toBe("toyota");
    expect(control.rows.map((row) => nameOf(row.id)).sort()).toEqual(["A", "B", "G"]);
    expect(control.notices).toContain(CONTROL_NOTICE);
  });

  test("a page past the end shows the last page", async () => {
    const result = await search("make=Toyota&page=40");
    expect(result.page).toBe(1);
    expect(result.rows).toHaveLength(3);
    expect(result.total).toBe(3);
  });

  test("query syntax never errors", async () => {
    for (const q of ['"', "-", "!!", "a & | b", "(x", "toyota:*", "'';--", "<->"]) {
      const result = await search(`q=${encodeURIComponent(q)}&sort=relevance`);
      expect(Array.isArray(result.rows)).toBe(true);
    }
  });
});

describe("an empty result suggests what to loosen", () => {
  test("each filter, with what the search finds without it", async () => {
    const result = await search("make=BMW&fuel=Petrol");
    expect(result.rows).toEqual([]);
    expect(result.suggestions).toEqual([
      { label: "Remove BMW", href: "/products/allProducts?fuel=Petrol", count: "2 cars" },
      { label: "Remove Petrol", href: "/products/allProducts?make=BMW", count: "1 car" },
    ]);
  });

  test("and the category", async () => {
    const result = await search("make=BMW", "/products/sedan");
    expect(result.suggestions).toContainEqual({
      label: "Search every category",
      href: "/products/allProducts?make=BMW",
      count: "1 car",
    });
    // A looser search in the same category stays in it.
    expect(result.suggestions).toContainEqual({
      label: "Remove BMW",
      href: "/products/sedan",
      count: "4 cars",
    });
  });

  test("the filters in use are links to the same search without each", async () => {
    const result = await search("make=BMW&fuel=Petrol&compare=3");
    expect(result.chips).toEqual([
      { key: "make", label: "BMW", href: "/products/allProducts?fuel=Petrol&compare=3" },
      { key: "fuel", label: "Petrol", href: "/products/allProducts?make=BMW&compare=3" },
    ]);
    expect(result.clearHref).toBe("/products/allProducts?compare=3");
  });
});
