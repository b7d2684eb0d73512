import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { listing, listingPhoto, listingPrice, user } from "#app/db/schema.ts";
import { ADVERTISED_LIMIT, LISTINGS_PAGE_SIZE } from "#app/models/listing.server.ts";
import * as home from "#app/routes/public/home/route.tsx";
import * as notFound from "#app/routes/public/not-found/route.tsx";
import * as browse from "#app/routes/products/browse/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import * as products from "#app/routes/products/index/route.tsx";
import { SITE_DEFAULTS } from "#app/models/site.ts";
import {
  changeSiteSettings,
  createCategories,
  createListing,
  createUser,
} from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { callLoader, thrownStatus } from "./helpers.ts";

let t: TestEnv;
let categories: Awaited<ReturnType<typeof createCategories>>;
const categoryId = (slug: string) => categories.find((c) => c.slug === slug)!.id;

beforeAll(async () => {
  t = await createTestDatabase();
  categories = await createCategories(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(listingPhoto);
  await t.db.delete(listing);
  await t.db.delete(user);
});

describe("home loader", () => {
  test("hides the advertised table when no advertised listing is available", async () => {
    const seller = await createUser(t.db);
    await createListing(t.db, { sellerId: seller.id, categoryId: categoryId("sedan") });
    await createListing(t.db, {
      sellerId: seller.id,
      categoryId: categoryId("suv"),
      advertisedAt: new Date(),
      status: "sold",
    });
    const data = await callLoader(home.loader, { path: "/", context: t.context() });
    expect(data.advertised).toEqual([]);
    expect(data.categories.map((c) => c.name)).toEqual(["Sedan", "Off Road", "Muscle", "SUV"]);
    expect(data.stats).toEqual([
      { value: "25.6K", label: "Likes" },
      { value: "1.2k", label: "Cars delivered" },
      { value: "86%", label: "Tasks done" },
    ]);
    expect(data.hero.title).toBe("Find Your Dream Car");
  });

  test("lists advertised available cars with their seller, newest advertisement first", async () => {
    const seller = await createUser(t.db, { name: "Maya Thompson", verified: true });
    const older = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: categoryId("muscle"),
      title: "Ford Mustang GT",
      resalePrice: 2_990_000,
      advertisedAt: new Date(Date.now() - 60_000),
    });
    const newer = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: categoryId("sedan"),
      advertisedAt: new Date(),
    });
    await createListing(t.db, { sellerId: seller.id, categoryId: categoryId("sedan") });
    const data = await callLoader(home.loader, { path: "/", context: t.context() });
    expect(data.advertised.map((row) => row.id)).toEqual([newer.id, older.id]);
    const mustang = data.advertised[1]!;
    expect(mustang).toMatchObject({
      title: "Ford Mustang GT",
      resalePrice: 2_990_000,
      status: "available",
      category: { name: "Muscle", slug: "muscle" },
      seller: {
        name: "Maya Thompson",
        email: seller.email,
        verified: true,
        imageUrl: seller.image,
      },
    });
    expect(mustang.photo?.small).toMatch(/^\/media\/listings\/test\/.+\.webp$/);
  });

  test("shows at most the advertised limit", async () => {
    const seller = await createUser(t.db);
    for (let i = 0; i < ADVERTISED_LIMIT + 2; i++) {
      await createListing(t.db, {
        sellerId: seller.id,
        categoryId: categoryId("suv"),
        advertisedAt: new Date(),
      });
    }
    const data = await callLoader(home.loader, { path: "/", context: t.context() });
    expect(data.advertised).toHaveLength(ADVERTISED_LIMIT);
    // An operator who wants fewer gets fewer.
    await changeSiteSettings(t.db, { advertisedCount: 4 });
    const fewer = await callLoader(home.loader, { path: "/", context: t.context() });
    expect(fewer.advertised).toHaveLength(4);
    await changeSiteSettings(t.db, SITE_DEFAULTS);
  });

  test("uses the operator's statistics when set", async () => {
    await changeSiteSettings(t.db, { stat1Value: "30K", stat1Label: "Happy buyers" });
    const data = await callLoader(home.loader, { path: "/", context: t.context() });
    expect(data.stats?.[0]).toEqual({ value: "30K", label: "Happy buyers" });
    await changeSiteSettings(t.db, { statsShown: false });
    expect((await callLoader(home.loader, { path: "/", context: t.context() })).stats).toBeNull();
    await changeSiteSettings(t.db, SITE_DEFAULTS);
  });
});

describe("products loader", () => {
  test("lists the four categories with their pictures", async () => {
    const data = await callLoader(products.loader, { path: "/products", context: t.context() });
    expect(data.categories.map((c) => [c.name, c.slug])).toEqual([
      ["Sedan", "sedan"],
      ["Off Road", "off-road"],
      ["Muscle", "muscle"],
      ["SUV", "suv"],
    ]);
    expect(data.categories[0]!.imageUrl).toBe("/media/categories/test/sedan.webp");
  });
});

describe("category and all-cars loader", () => {
  test("an unknown category is a 404", async () => {
    const status = await thrownStatus(() =>
      callLoader(browse.loader, {
        path: "/products/trucks",
        params: { category: "trucks" },
        context: t.context(),
      }),
    );
    expect(status).toBe(404);
  });

  test("a category name in another form redirects to its canonical address", async () => {
    const status = await thrownStatus(() =>
      callLoader(browse.loader, {
        path: "/products/Off%20Road?sold=1",
        params: { category: "Off Road" },
        context: t.context(),
      }),
    );
    expect(status).toBe(301);
  });

  test("shows available cars by default and sold ones only when asked", async () => {
    const seller = await createUser(t.db);
    const available = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: categoryId("off-road"),
    });
    const sold = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: categoryId("off-road"),
      status: "sold",
    });
    await createListing(t.db, { sellerId: seller.id, categoryId: categoryId("sedan") });

    const byDefault = await callLoader(browse.loader, {
      path: "/products/off-road",
      params: { category: "off-road" },
      context: t.context(),
    });
    expect(byDefault.heading).toBe("Off Road cars");
    expect(byDefault.rows.map((r) => r.id)).toEqual([available.id]);
    expect(byDefault.total).toBe(1);
    expect(byDefault.filters.sold).toBe(false);

    const withSold = await callLoader(browse.loader, {
      path: "/products/off-road?sold=1",
      params: { category: "off-road" },
      context: t.context(),
    });
    expect(withSold.rows.map((r) => r.id).sort()).toEqual([available.id, sold.id].sort());
    expect(withSold.filters.sold).toBe(true);
  });

  test("all cars spans every category and pages through them", async () => {
    const seller = await createUser(t.db);
    for (let i = 0; i < LISTINGS_PAGE_SIZE + 3; i++) {
      await createListing(t.db, {
        sellerId: seller.id,
        categoryId: categories[i % categories.length]!.id,
        createdAt: new Date(Date.now() - i * 1000),
      });
    }
    const first = await callLoader(browse.loader, {
      path: "/products/allProducts",
      context: t.context(),
    });
    expect(first.heading).toBe("All cars");
    expect(first.total).toBe(LISTINGS_PAGE_SIZE + 3);
    expect(first.rows).toHaveLength(LISTINGS_PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    const second = await callLoader(browse.loader, {
      path: "/products/allProducts?page=2",
      context: t.context(),
    });
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(3);
    const firstIds = new Set(first.rows.map((r) => r.id));
    expect(second.rows.some((r) => firstIds.has(r.id))).toBe(false);
    // Nonsense page numbers fall back to a real page instead of failing.
    const silly = await callLoader(browse.loader, {
      path: "/products/allProducts?page=-4x",
      context: t.context(),
    });
    expect(silly.page).toBe(1);
    const beyond = await callLoader(browse.loader, {
      path: "/products/allProducts?page=999",
      context: t.context(),
    });
    expect(beyond.page).toBe(2);
    expect(beyond.total).toBe(LISTINGS_PAGE_SIZE + 3);
    expect(beyond.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
  });

  test("an empty category is an empty page, not an error", async () => {
    const data = await callLoader(browse.loader, {
      path: "/products/suv",
      params: { category: "suv" },
      context: t.context(),
    });
    expect(data.rows).toEqual([]);
    expect(data.total).toBe(0);
    expect(data.pageCount).toBe(1);
  });
});

describe("detail loader", () => {
  test("returns the car, its seller and photos in order", async () => {
    const seller = await createUser(t.db, { name: "Daniel Okafor", verified: false });
    const car = await createListing(
      t.db,
      {
        sellerId: seller.id,
        categoryId: categoryId("off-road"),
        title: "Toyota Land Cruiser 70",
        yearsUsed: "more than 10 years",
        periodAmount: 14,
        periodUnit: "years",
        originalPrice: 5_800_000,
        resalePrice: 3_890_000,
      },
      { photos: 3 },
    );
    const { listing: data } = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${car.id}`,
      params: { id: String(car.id) },
      context: t.context(),
    });
    expect(data).toMatchObject({
      id: car.id,
      title: "Toyota Land Cruiser 70",
      yearsUsed: "more than 10 years",
      periodAmount: 14,
      periodUnit: "years",
      originalPrice: 5_800_000,
      resalePrice: 3_890_000,
      category: { name: "Off Road", slug: "off-road" },
      seller: { name: "Daniel Okafor", email: seller.email, verified: false },
    });
    expect(data.photos).toHaveLength(3);
    expect(data.photos[0]!.small).toContain(`${car.id}-0-s`);
    expect(data.photos[2]!.large).toContain(`${car.id}-2-l`);
  });

  test("returns the car's last 50 prices, oldest first, apart from the car", async () => {
    const seller = await createUser(t.db);
    const car = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: categoryId("sedan"),
      resalePrice: 1_000_000,
    });
    // 55 changes a day apart after the first price (written by the trigger, now).
    const start = Date.parse("2026-01-01T00:00:00.123Z");
    await t.db.insert(listingPrice).values(
      Array.from({ length: 55 }, (_, day) => ({
        listingId: car.id,
        price: 900_000 - day * 1_000,
        changedAt: new Date(start + day * 86_400_000),
      })),
    );
    const data = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${car.id}`,
      params: { id: String(car.id) },
      context: t.context(),
    });
    expect(data.priceHistory).toHaveLength(50);
    // The first price (now) is the newest; before it the last 49 of the 55 changes.
    expect(data.priceHistory[0]).toEqual({
      price: 900_000 - 6 * 1_000,
      changedAt: new Date(start + 6 * 86_400_000).toISOString(),
    });
    expect(data.priceHistory[48]).toEqual({
      price: 900_000 - 54 * 1_000,
      changedAt: "2026-02-24T00:00:00.123Z",
    });
    expect(data.priceHistory[49]!.price).toBe(1_000_000);
    expect(data.listing).not.toHaveProperty("priceHistory");
  });

  test.each(["999999", "abc", "1.5", "-3", "12345678901234567890"])(
    "id %j is a 404",
    async (id) => {
      const status = await thrownStatus(() =>
        callLoader(detail.loader, {
          path: `/dashboard/productDetails/${id}`,
          params: { id },
          context: t.context(),
        }),
      );
      expect(status).toBe(404);
    },
  );
});

describe("any other path", () => {
  test("is a 404", async () => {
    const status = await thrownStatus(async () => notFound.loader());
    expect(status).toBe(404);
  });
});
