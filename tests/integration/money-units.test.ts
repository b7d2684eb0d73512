// Money and units (issue 25, decision 019 step 6): the site's currency, price style,
// locale and distance unit. Prices are stored as they were typed (× 100); the
// mileage filter is typed in the site's unit and compares cars listed in km and in
// miles by their kilometres; the structured data names the site's currency.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { category, listing } from "#app/db/schema.ts";
import { searchListings } from "#app/models/search.server.ts";
import { parseSearch } from "#app/models/search-parse.ts";
import { filterChips } from "#app/models/search-links.ts";
import { siteSettingsSchema } from "#app/models/site-form.ts";
import { getSiteSettings, publicSiteOf, saveSiteSettings } from "#app/models/site.server.ts";
import { SITE_DEFAULTS } from "#app/models/site.ts";
import * as browse from "#app/routes/products/browse/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import {
  changeSiteSettings,
  createCategories,
  createListing,
  createUser,
} from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoader } from "./helpers.ts";

const NBSP = "\u00a0";

let t: TestEnv;
let sedanId: number;
let sellerId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await createCategories(t.db);
  const [sedan] = await t.db.select().from(category).where(eq(category.slug, "sedan"));
  sedanId = sedan!.id;
  sellerId = (await createUser(t.db, { role: "seller" })).id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const admin = await createUser(t.db, { role: "admin" });
  await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS });
  await t.db.delete(listing);
});

const car = (title: string, mileageKm: number, mileageUnit: "km" | "mi") =>
  createListing(t.db, { sellerId, categoryId: sedanId, title, mileageKm, mileageUnit });

describe("the distance unit", () => {
  test("a mileage filter in miles compares cars listed in km and in miles by their km", async () => {
    // 30,000 mi is 48,280 km.
    await car("Typed in km, 40,000 km", 40_000, "km");
    await car("Typed in miles, 30,000 mi", 48_280, "mi");
    await car("Typed in km, 50,000 km", 50_000, "km");
    await car("Typed in miles, 31,000 mi", 49_890, "mi");
    const search = async () => {
      const settings = await getSiteSettings(t.db);
      const { filters } = parseSearch(
        new URLSearchParams("maxMileage=30000&sort=mileage"),
        [],
        new Date(),
        publicSiteOf(settings),
      );
      return (await searchListings(t.db, t.storage, filters)).rows.map((row) => row.title);
    };
    // In km, 30,000 is 30,000 km: none of them.
    expect(await search()).toEqual([]);
    await changeSiteSettings(t.db, { distanceUnit: "mi" });
    expect(await search()).toEqual(["Typed in km, 40,000 km", "Typed in miles, 30,000 mi"]);
    const site = publicSiteOf(await getSiteSettings(t.db));
    const { chips } = filterChips(
      "/products/allProducts",
      { verified: false, sold: false, sort: "mileage", page: 1, maxMileage: 30_000 },
      "",
      site,
    );
    expect(chips.map((chip) => chip.label)).toEqual(["Up to 30,000 mi"]);
  });

  test("sorting by mileage orders km and mile listings together", async () => {
    await car("50,000 km", 50_000, "km");
    await car("20,000 mi", 32_187, "mi");
    await car("10,000 km", 10_000, "km");
    const { filters } = parseSearch(new URLSearchParams("sort=mileage"), []);
    const rows = (await searchListings(t.db, t.storage, filters)).rows.map((row) => row.title);
    expect(rows).toEqual(["10,000 km", "20,000 mi", "50,000 km"]);
  });
});

describe("the currency", () => {
  test("the car's structured data and the price filter use the site's currency", async () => {
    const listed = await car("2019 Golf", 60_000, "km");
    await changeSiteSettings(t.db, { currency: "EUR", priceStyle: "locale", locale: "de-DE" });
    const page = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${listed.id}`,
      params: { id: String(listed.id) },
      context: t.context(),
    });
    expect(page.jsonLd.offers).toMatchObject({ priceCurrency: "EUR", price: "20000.00" });
    // The stored price is unchanged: a currency relabels, it never converts.
    const [row] = await t.db.select().from(listing).where(eq(listing.id, listed.id));
    expect(row!.resalePrice).toBe(2_000_000);

    const results = await callLoader(browse.loader, {
      path: "/products/allProducts?minPrice=25000&maxPrice=15000",
      params: {},
      context: t.context(),
    });
    expect(results.notices).toContain(`Showing prices from 15.000${NBSP}€ to 25.000${NBSP}€.`);
    expect(results.chips.map((chip) => chip.label)).toEqual([
      `Price 15.000${NBSP}€–25.000${NBSP}€`,
    ]);
  });

  test("the form checks the code, the style, the locale and the unit", () => {
    const parse = (values: Record<string, string>) =>
      siteSettingsSchema
        .pick({ currency: true, priceStyle: true, locale: true, distanceUnit: true })
        .safeParse({
          currency: "usd",
          priceStyle: "amount-sign",
          locale: "en-us",
          distanceUnit: "km",
          ...values,
        });
    expect(parse({}).data).toEqual({
      currency: "USD",
      priceStyle: "amount-sign",
      locale: "en-US",
      distanceUnit: "km",
    });
    const message = (values: Record<string, string>) => parse(values).error?.issues[0]?.message;
    expect(message({ currency: "EURO" })).toBe(
      "Enter a three-letter ISO 4217 code, like USD, EUR or GBP",
    );
    expect(message({ currency: "" })).toBe("Enter a currency code, like USD or EUR");
    expect(message({ locale: "klingon" })).toBe(
      "Enter a language and region this server knows, like en-US, en-GB or de-DE",
    );
    expect(message({ priceStyle: "fancy" })).toBe("Choose how prices read");
    expect(message({ distanceUnit: "furlong" })).toBe("Choose km or mi");
  });

  test("the database refuses what the form would", async () => {
    for (const values of [
      { currency: "usd" },
      { priceStyle: "fancy" },
      { locale: "<b>" },
      { distanceUnit: "ft" },
    ]) {
      await expect(changeSiteSettings(t.db, values as never)).rejects.toThrow();
    }
  });
});
