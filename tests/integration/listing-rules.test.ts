// The site's listing rules (issue 25, decision 019 step 5): how many days an
// unconfirmed car stays in the public lists, and whether only verified sellers'
// cars are public. Every public list, the sitemap, the car's page, a contact
// request and the reminder emails follow the setting.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { category, listing, user } from "#app/db/schema.ts";
import { DAY_MS } from "#app/models/freshness.ts";
import { reminderMail, sendListingReminders } from "#app/models/listing-manage.server.ts";
import { findAdvertisedListings, findListings } from "#app/models/listing.server.ts";
import { listingPath } from "#app/models/listing.ts";
import { placeOrder } from "#app/models/order.server.ts";
import { findComparablePrices } from "#app/models/price-guidance.server.ts";
import { findCompareCars } from "#app/models/compare.server.ts";
import { searchListings } from "#app/models/search.server.ts";
import { buildSitemap } from "#app/models/seo.server.ts";
import { siteSettingsSchema } from "#app/models/site-form.ts";
import { saveSiteSettings } from "#app/models/site.server.ts";
import { SITE_DEFAULTS } from "#app/models/site.ts";
import type { SessionUser } from "#app/models/user.ts";
import * as detail from "#app/routes/products/detail/route.tsx";
import * as myProducts from "#app/routes/dashboard/my-products/route.tsx";
import {
  changeSiteSettings,
  createCategories,
  createListing,
  createUser,
} from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoader, callLoaderAs, thrownStatus } from "./helpers.ts";
import { signIn } from "./listing-helpers.ts";

const BASE = "http://localhost:3000";
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

let t: TestEnv;
let sedanId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  await createCategories(t.db);
  const [sedan] = await t.db.select().from(category).where(eq(category.slug, "sedan"));
  sedanId = sedan!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const admin = await createUser(t.db, { role: "admin" });
  await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS });
  await t.db.delete(listing);
});

/** Where the public can find a car: each list, search, the sitemap and comparisons. */
async function publicPlaces(car: { id: number; make: string | null; model: string | null }) {
  const { id } = car;
  const filters = { verified: false, sold: false, sort: "newest", page: 1 } as const;
  const [all, category, search, browsed, sorted, home, sitemap, compared, comparable] =
    await Promise.all([
      findListings(t.db, t.storage, { includeSold: false, page: 1 }),
      findListings(t.db, t.storage, { categoryId: sedanId, includeSold: true, page: 1 }),
      // A list only browsed has statements of its own (search.server.ts): each is checked.
      searchListings(t.db, t.storage, filters),
      searchListings(t.db, t.storage, filters, { categoryId: sedanId }),
      searchListings(t.db, t.storage, { ...filters, sort: "price-asc" }),
      findAdvertisedListings(t.db, t.storage),
      buildSitemap(t.db, t.storage, BASE, { part: null }),
      findCompareCars(t.db, t.storage, [id]),
      findComparablePrices(t.db, {
        make: car.make!,
        model: car.model!,
        yearFrom: 2000,
        yearTo: 2030,
        mileageFrom: 0,
        mileageTo: 1_000_000,
      }),
    ]);
  return {
    all: all.rows.some((row) => row.id === id),
    category: category.rows.some((row) => row.id === id),
    search: search.rows.some((row) => row.id === id),
    browsed: browsed.rows.some((row) => row.id === id),
    sorted: sorted.rows.some((row) => row.id === id),
    home: home.some((row) => row.id === id),
    sitemap: sitemap!.includes(`${listingPath(id)}<`),
    compare: compared.length === 1,
    guidance: comparable.length === 1,
  };
}

const everywhere = {
  all: true,
  category: true,
  search: true,
  browsed: true,
  sorted: true,
  home: true,
  sitemap: true,
  compare: true,
  guidance: true,
};
const nowhere = Object.fromEntries(Object.keys(everywhere).map((key) => [key, false]));

describe("days before an unconfirmed car leaves the lists", () => {
  test("a car confirmed 40 days ago is listed at 60 days and gone at 30", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const car = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: sedanId,
      confirmedAt: daysAgo(40),
      advertisedAt: daysAgo(40),
    });
    expect(await publicPlaces(car)).toEqual(everywhere);

    await changeSiteSettings(t.db, { freshDays: 30 });
    // Comparisons and price guidance count sold cars too, but not stale available ones.
    expect(await publicPlaces(car)).toEqual(nowhere);
    // Its page still works, unindexed, and says for how long it was not confirmed.
    const page = await callLoader(detail.loader, {
      path: `/products/details/${car.id}`,
      params: { id: String(car.id) },
      context: t.context(),
    });
    expect(page.indexable).toBe(false);

    await changeSiteSettings(t.db, { freshDays: 60 });
    expect(await publicPlaces(car)).toEqual(everywhere);
  });

  test("reminders follow the site's days: a week before, in its words", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const car = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: sedanId,
      confirmedAt: daysAgo(24),
    });
    // At 60 days a car confirmed 24 days ago is far from its reminder.
    expect(await sendListingReminders(t.services, now)).toBe(0);
    await changeSiteSettings(t.db, { freshDays: 30 });
    expect(await sendListingReminders(t.services, now)).toBe(1);
    const [row] = await t.db.select().from(listing).where(eq(listing.id, car.id));
    expect(row!.reminderSentAt).not.toBeNull();

    const mail = reminderMail({
      sellerName: "Sam",
      title: "2019 Mazda 3",
      confirmedAt: daysAgo(31),
      now,
      publicUrl: BASE,
      freshDays: 30,
    });
    expect(mail.text).toContain("Because it has not been confirmed for 30 days");
  });

  test("the form takes 14 to 365 days, and the database refuses anything else", async () => {
    const parse = (days: string) => siteSettingsSchema.shape.freshDays.safeParse(days);
    expect(["14", "60", "365"].map((days) => parse(days).data)).toEqual([14, 60, 365]);
    for (const days of ["13", "366", "30.5", "-30", "", "sixty"]) {
      expect(parse(days).success, days).toBe(false);
    }
    expect(parse("13").error?.issues[0]?.message).toBe("Choose a whole number from 14 to 365");
    await expect(changeSiteSettings(t.db, { freshDays: 7 })).rejects.toThrow();
  });
});

describe("only verified sellers' cars are public", () => {
  async function sellerWithCar(verified: boolean) {
    const seller = await signIn(t, "seller");
    await t.db.update(user).set({ verified }).where(eq(user.id, seller.id));
    const car = await createListing(t.db, {
      sellerId: seller.id,
      categoryId: sedanId,
      advertisedAt: now,
      // A model of its own: price guidance then counts this car alone.
      model: `Corolla ${seller.id.slice(0, 8)}`,
    });
    return { seller, car };
  }

  const carPage = (id: number, cookie?: string) =>
    callLoaderAs(detail.loader, {
      path: `/products/details/${id}`,
      params: { id: String(id) },
      context: t.context(),
      cookie,
    });

  test("while off, every seller's cars are public", async () => {
    const { car } = await sellerWithCar(false);
    expect(await publicPlaces(car)).toEqual(everywhere);
    expect((await carPage(car.id)).awaitingVerification).toBe(false);
  });

  test("while on, an unverified seller's car is nowhere public until an admin verifies", async () => {
    const { seller, car } = await sellerWithCar(false);
    const verified = await sellerWithCar(true);
    await changeSiteSettings(t.db, { sellersNeedVerification: true });

    expect(await publicPlaces(car)).toEqual(nowhere);
    expect(await publicPlaces(verified.car)).toEqual(everywhere);

    // Its page: 404 for visitors and other people; the seller and admins see it, marked.
    const buyer = await signIn(t, "buyer");
    const otherSeller = await signIn(t, "seller");
    expect(await thrownStatus(() => carPage(car.id))).toBe(404);
    expect(await thrownStatus(() => carPage(car.id, buyer.cookie))).toBe(404);
    expect(await thrownStatus(() => carPage(car.id, otherSeller.cookie))).toBe(404);
    const own = await carPage(car.id, seller.cookie);
    expect(own.awaitingVerification).toBe(true);
    expect(own.indexable).toBe(false);
    expect(JSON.stringify(own)).not.toContain(seller.id);
    const admin = await signIn(t, "admin");
    expect((await carPage(car.id, admin.cookie)).awaitingVerification).toBe(true);

    // A contact request for it is refused as for a car that is not there.
    const [buyerRow] = await t.db.select().from(user).where(eq(user.id, buyer.id));
    const outcome = await placeOrder(t.services, buyerRow as SessionUser, car.id, {
      buyerName: "Bo Buyer",
      buyerPhone: "+1 512 555 0199",
      meetingLocation: "Austin, TX",
    });
    expect(outcome).toMatchObject({ ok: false, code: "not-found" });

    // My Products tells the seller why.
    const mine = await callLoaderAs(myProducts.loader, {
      path: "/dashboard/myProducts",
      cookie: seller.cookie,
      context: t.context(),
    });
    expect(mine).toMatchObject({ view: "products", awaitingVerification: true });

    // Verified: public everywhere, at once.
    await t.db.update(user).set({ verified: true }).where(eq(user.id, seller.id));
    expect(await publicPlaces(car)).toEqual(everywhere);
    expect((await carPage(car.id)).awaitingVerification).toBe(false);
  });
});
