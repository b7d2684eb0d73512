// Search engines and link previews: sitemap.xml (split past its limit),
// robots.txt, schema.org Car/Offer JSON-LD, canonical URLs and noindex rules.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { DAY_MS } from "#app/models/freshness.ts";
import { buildSitemap } from "#app/models/seo.server.ts";
import { isPrivatePath } from "#app/models/seo.ts";
import * as browse from "#app/routes/products/browse/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import * as robots from "#app/routes/resources/robots/route.tsx";
import * as sitemap from "#app/routes/resources/sitemap/route.tsx";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoader, responseOf } from "./helpers.ts";

let t: TestEnv;
const car: Record<"available" | "sold" | "stale" | "bare", number> = {
  available: 0,
  sold: 0,
  stale: 0,
  bare: 0,
};
const BASE = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  const seller = await createUser(t.db, { name: "Maya Seller", verified: true });
  const on = { sellerId: seller.id, categoryId: sedan!.id };
  car.available = (
    await createListing(
      t.db,
      {
        ...on,
        title: "Toyota Corolla </script><script>alert(1)</script>",
        resalePrice: 1_845_050,
        colour: "Blue",
      },
      { photos: 2 },
    )
  ).id;
  car.sold = (await createListing(t.db, { ...on, status: "sold" })).id;
  car.stale = (
    await createListing(t.db, { ...on, confirmedAt: new Date(Date.now() - 61 * DAY_MS) })
  ).id;
  car.bare = (
    await createListing(t.db, {
      ...on,
      make: null,
      model: null,
      year: null,
      mileageKm: null,
      fuel: null,
      transmission: null,
      colour: null,
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

async function fetchRoute(module: { loader: (args: never) => unknown }, path: string) {
  return responseOf(() => callLoader(module.loader, { path, context: t.context() }));
}

/** The <loc> values of a sitemap document. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("sitemap.xml", () => {
  test("lists the public pages, the categories and the cars for sale only", async () => {
    const response = await fetchRoute(sitemap, "/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const urls = locs(xml);
    expect(urls).toEqual([
      `${BASE}/`,
      `${BASE}/products`,
      `${BASE}/products/allProducts`,
      `${BASE}/blogs`,
      `${BASE}/safety`,
      `${BASE}/products/sedan`,
      `${BASE}/products/off-road`,
      `${BASE}/products/muscle`,
      `${BASE}/products/suv`,
      `${BASE}/dashboard/productDetails/${car.available}`,
      `${BASE}/dashboard/productDetails/${car.bare}`,
    ]);
    expect(xml).toContain("<lastmod>");
  });

  test("past its limit it becomes an index of parts, each within the limit", async () => {
    const index = await buildSitemap(t.db, t.storage, BASE, { part: null, size: 5 });
    expect(index).toContain("<sitemapindex");
    expect(locs(index!)).toEqual([`${BASE}/sitemap.xml?part=1`, `${BASE}/sitemap.xml?part=2`]);
    const pages = await buildSitemap(t.db, t.storage, BASE, { part: 1, size: 5 });
    // Part 1: the nine pages and categories (the limit is for cars per part).
    expect(locs(pages!)).toHaveLength(9);
    const cars = await buildSitemap(t.db, t.storage, BASE, { part: 2, size: 5 });
    expect(locs(cars!)).toEqual([
      `${BASE}/dashboard/productDetails/${car.available}`,
      `${BASE}/dashboard/productDetails/${car.bare}`,
    ]);
    const one = await buildSitemap(t.db, t.storage, BASE, { part: 2, size: 1 });
    expect(locs(one!)).toEqual([`${BASE}/dashboard/productDetails/${car.available}`]);
    expect(await buildSitemap(t.db, t.storage, BASE, { part: 3, size: 5 })).toBeNull();
  });

  test("a part that does not exist is a 404, whatever is asked", async () => {
    for (const part of ["2", "0", "-1", "abc", "99999999999"]) {
      const response = await fetchRoute(sitemap, `/sitemap.xml?part=${part}`);
      expect(response.status, part).toBe(404);
    }
  });
});

test("robots.txt lets crawlers see public pages and points at the sitemap", async () => {
  const response = await fetchRoute(robots, "/robots.txt");
  expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("User-agent: *\n");
  expect(text).toContain("Allow: /dashboard/productDetails/\n");
  expect(text).toContain("Disallow: /dashboard/productDetails/editProduct/\n");
  expect(text).toContain("Disallow: /dashboard/\n");
  expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml\n`);
});

describe("car pages", () => {
  async function page(id: number) {
    const loaderData = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${id}`,
      params: { id: String(id) },
      context: t.context(),
    });
    const matches = [{ id: "root", loaderData: { publicUrl: BASE } }];
    const tags = detail.meta({ loaderData, matches, location: {} } as never) as Record<
      string,
      string
    >[];
    return { loaderData, tags };
  }
  const tag = (tags: Record<string, string>[], key: string, value: string) =>
    tags.find((entry) => entry[key] === value);

  test("JSON-LD: a schema.org Car with an Offer while it is for sale", async () => {
    const { loaderData } = await page(car.available);
    // What reaches the page is JSON that parses back to the same object.
    const ld = JSON.parse(JSON.stringify(loaderData.jsonLd)) as Record<string, unknown>;
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Car");
    // Product needs a name and an offer; a Car can carry these vehicle facts.
    expect(ld).toMatchObject({
      name: "Toyota Corolla </script><script>alert(1)</script>",
      url: `${BASE}/dashboard/productDetails/${car.available}`,
      brand: { "@type": "Brand", name: "Toyota" },
      model: "Corolla",
      vehicleModelDate: "2022",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 40_000, unitCode: "KMT" },
      fuelType: "Petrol",
      vehicleTransmission: "Automatic",
      color: "Blue",
      itemCondition: "https://schema.org/UsedCondition",
      offers: {
        "@type": "Offer",
        price: "18450.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: `${BASE}/dashboard/productDetails/${car.available}`,
      },
    });
    const images = ld.image as string[];
    expect(images).toHaveLength(2);
    for (const image of images) expect(image).toMatch(/^http:\/\/localhost:3000\/media\//);
    expect(typeof ld.description).toBe("string");
  });

  test("sold and stale cars have no Offer and are not indexed", async () => {
    for (const id of [car.sold, car.stale]) {
      const { loaderData, tags } = await page(id);
      expect(loaderData.jsonLd).not.toHaveProperty("offers");
      expect(loaderData.jsonLd["@type"]).toBe("Car");
      expect(tag(tags, "name", "robots")?.content).toBe("noindex, follow");
    }
  });

  test("a car without facts still makes valid JSON-LD, without empty fields", async () => {
    const { loaderData } = await page(car.bare);
    for (const key of ["brand", "model", "vehicleModelDate", "mileageFromOdometer", "fuelType"]) {
      expect(loaderData.jsonLd).not.toHaveProperty(key);
    }
    expect(loaderData.jsonLd).toHaveProperty("offers.price");
  });

  test("title, description, canonical URL and share cards with the cover photo", async () => {
    const { tags } = await page(car.available);
    const url = `${BASE}/dashboard/productDetails/${car.available}`;
    expect(tags.find((entry) => "title" in entry)?.title).toBe(
      "Toyota Corolla </script><script>alert(1)</script> — 18,450.50$ — Carlot",
    );
    expect(tag(tags, "name", "description")?.content).toMatch(/^2022 Toyota Corolla, Austin/);
    expect(tag(tags, "rel", "canonical")?.href).toBe(url);
    expect(tag(tags, "property", "og:url")?.content).toBe(url);
    expect(tag(tags, "property", "og:type")?.content).toBe("product");
    expect(tag(tags, "property", "og:image")?.content).toMatch(/^http:\/\/localhost:3000\/media\//);
    expect(tag(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(tag(tags, "name", "robots")).toBeUndefined();
  });
});

describe("car lists", () => {
  async function tags(path: string, params: Record<string, string> = {}) {
    const loaderData = await callLoader(browse.loader, { path, params, context: t.context() });
    const url = new URL(path, BASE);
    return browse.meta({
      loaderData,
      matches: [{ id: "root", loaderData: { publicUrl: BASE } }],
      location: { pathname: url.pathname, search: url.search },
    } as never) as Record<string, string>[];
  }

  test("category pages have their own title and description, and are indexed", async () => {
    const sedan = await tags("/products/sedan", { category: "sedan" });
    const all = await tags("/products/allProducts");
    const title = (list: Record<string, string>[]) => list.find((e) => "title" in e)?.title;
    const description = (list: Record<string, string>[]) =>
      list.find((e) => e.name === "description")?.content;
    expect(title(sedan)).toBe("Sedan cars — Carlot");
    expect(title(all)).toBe("All cars — Carlot");
    expect(description(sedan)).toContain("used Sedan cars for sale");
    expect(description(sedan)).not.toBe(description(all));
    expect(sedan.find((e) => e.name === "robots")).toBeUndefined();
    expect(sedan.find((e) => e.rel === "canonical")?.href).toBe(`${BASE}/products/sedan`);
  });

  test("filtered results are not indexed; their canonical URL is in canonical order", async () => {
    const list = await tags("/products/allProducts?make=Toyota&fuel=Petrol");
    expect(list.find((e) => e.name === "robots")?.content).toBe("noindex, follow");
    expect(list.find((e) => e.rel === "canonical")?.href).toBe(
      `${BASE}/products/allProducts?make=Toyota&fuel=Petrol`,
    );
    const paged = await tags("/products/allProducts?page=2");
    expect(paged.find((e) => e.name === "robots")).toBeUndefined();
  });
});

test("every dashboard page is private; the car pages under it are not", () => {
  for (const path of [
    "/dashboard",
    "/dashboard/myProducts",
    "/dashboard/sellCar",
    "/dashboard/alluser",
    "/dashboard/productDetails/editProduct/12",
    "/wishlist",
  ]) {
    expect(isPrivatePath(path), path).toBe(true);
  }
  for (const path of ["/", "/products/sedan", "/dashboard/productDetails/12", "/compare"]) {
    expect(isPrivatePath(path), path).toBe(false);
  }
});
