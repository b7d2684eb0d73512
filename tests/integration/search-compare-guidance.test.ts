// The comparison page and price guidance's comparables rule.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { DAY_MS } from "#app/models/freshness.ts";
import * as compare from "#app/routes/products/compare/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import * as guidanceRoute from "#app/routes/resources/price-guidance/route.tsx";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoader, callLoaderAs, dataOf } from "./helpers.ts";

let t: TestEnv;
let on: { sellerId: string; categoryId: number };
let subjectId = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  const seller = await createUser(t.db);
  on = { sellerId: seller.id, categoryId: sedan!.id };
});
afterAll(async () => {
  await t.close();
});

const corolla = { make: "Toyota", model: "Corolla", year: 2019, mileageKm: 60_000 };

describe("compare", () => {
  test("shows the cars in the order asked and says what it left out, to visitors", async () => {
    const a = await createListing(t.db, { ...on, title: "Car A", resalePrice: 1_000_000 });
    const b = await createListing(t.db, { ...on, title: "Car B", status: "sold" });
    const stale = await createListing(t.db, {
      ...on,
      confirmedAt: new Date(Date.now() - 70 * DAY_MS),
    });
    const c = await createListing(t.db, { ...on, title: "Car C" });
    const d = await createListing(t.db, { ...on, title: "Car D" });
    const e = await createListing(t.db, { ...on, title: "Car E" });
    const result = await callLoader(compare.loader, {
      path: `/compare?ids=${b.id},${a.id},abc,${stale.id},999999,${a.id},${c.id},${d.id},${e.id}`,
      context: t.context(),
    });
    // Four distinct valid ids are kept (b, a, stale, 999999): two are not public.
    expect(result.cars.map((car) => car.title)).toEqual(["Car B", "Car A"]);
    expect(result.cars[1]).toMatchObject({ resalePrice: 1_000_000, make: "Toyota" });
    expect(result.notices).toEqual([
      "We ignored “abc”: not a car number.",
      `Cars ${stale.id}, 999999 are not for sale on Carlot any more, so they are left out.`,
      `You can compare up to 4 cars, so we left out cars ${c.id}, ${d.id}, ${e.id}.`,
    ]);
  });

  test("an empty or hostile list is an empty comparison, never an error", async () => {
    for (const ids of ["", "0", "-1", "1e9", "%00", "x".repeat(5000)]) {
      const result = await callLoader(compare.loader, {
        path: `/compare?ids=${ids}`,
        context: t.context(),
      });
      expect(result.cars).toEqual([]);
    }
  });
});

describe("price guidance", () => {
  async function guidanceFor(id: number) {
    const page = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${id}`,
      params: { id: String(id) },
      context: t.context(),
    });
    return page.guidance;
  }

  test("nothing under 5 comparables; the rule counts only similar public cars", async () => {
    const subject = await createListing(t.db, { ...on, ...corolla, resalePrice: 1_730_000 });
    subjectId = subject.id;
    // Not comparable: another model, too old, too far in mileage, not public.
    await createListing(t.db, { ...on, ...corolla, model: "Camry" });
    await createListing(t.db, { ...on, ...corolla, year: 2016 });
    await createListing(t.db, { ...on, ...corolla, mileageKm: 95_000 });
    await createListing(t.db, {
      ...on,
      ...corolla,
      confirmedAt: new Date(Date.now() - 70 * DAY_MS),
    });
    const prices = [1_700_000, 1_840_000, 1_950_000, 2_000_000];
    for (const [i, price] of prices.entries()) {
      await createListing(t.db, {
        ...on,
        ...corolla,
        // Case and the edges of the bands still count.
        make: i === 0 ? "TOYOTA" : "Toyota",
        year: i === 1 ? 2021 : 2017 + i,
        mileageKm: i === 2 ? 30_000 : 90_000,
        resalePrice: price,
      });
    }
    expect(await guidanceFor(subject.id)).toBeNull();

    // The fifth comparable (a sold one counts: what similar cars went for).
    await createListing(t.db, { ...on, ...corolla, status: "sold", resalePrice: 1_600_000 });
    const guidance = await guidanceFor(subject.id);
    expect(guidance).toMatchObject({
      count: 5,
      median: 1_840_000,
      percent: -6,
      verdict: "below",
      criteria: { yearFrom: 2017, yearTo: 2021, mileageFrom: 30_000, mileageTo: 90_000 },
    });
  });

  test("the sell form's resource route: same rule, the seller's own car left out", async () => {
    const params = "make=toyota&model=corolla&year=2019&mileage=60000&unit=km&price=18400";
    const anyone = dataOf<{ guidance: { count: number; percent: number } | null }>(
      await callLoaderAs(guidanceRoute.loader, {
        path: `/resources/price-guidance?${params}`,
        context: t.context(),
      }),
    );
    // The five comparables plus the subject of the test above: median 17,850$.
    expect(anyone.data.guidance).toMatchObject({ count: 6, percent: 3 });
    const editing = dataOf<{ guidance: { count: number } | null }>(
      await callLoaderAs(guidanceRoute.loader, {
        path: `/resources/price-guidance?${params}&exclude=${subjectId}`,
        context: t.context(),
      }),
    );
    expect(editing.data.guidance?.count).toBe(5);
    const miles = dataOf<{ guidance: { count: number } | null }>(
      await callLoaderAs(guidanceRoute.loader, {
        path: `/resources/price-guidance?${params.replace("60000&unit=km", "37282&unit=mi")}`,
        context: t.context(),
      }),
    );
    expect(miles.data.guidance?.count).toBe(6);
    for (const bad of [
      "",
      "make=Toyota&model=Corolla&year=abc&mileage=1",
      "make=Toyota&model=Corolla&year=2019&mileage=-5",
      `make=${"x".repeat(500)}&model=Corolla&year=2019&mileage=10`,
      "make=Lada&model=Niva&year=1980&mileage=10",
    ]) {
      const answer = dataOf<{ guidance: unknown }>(
        await callLoaderAs(guidanceRoute.loader, {
          path: `/resources/price-guidance?${bad}`,
          context: t.context(),
        }),
      );
      expect(answer.data.guidance, bad).toBeNull();
    }
  });
});
