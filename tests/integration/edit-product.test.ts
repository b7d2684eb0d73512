// Editing a car: the owner only; the current photos stay unless the seller
// removes, adds or reorders them; files nobody uses any more are removed.
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { listing, listingPhoto } from "#app/db/schema.ts";
import { getListingDetail } from "#app/models/listing-detail.server.ts";
import { LISTING_MESSAGES } from "#app/models/listing-form.ts";
import * as editProduct from "#app/routes/dashboard/seller/edit-product/route.tsx";
import * as sellCar from "#app/routes/dashboard/seller/sell-car/route.tsx";
import { createCategories } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoaderAs, dataOf, responseOf, thrownStatus } from "./helpers.ts";
import {
  carForm,
  file,
  jpeg,
  postForm,
  referencedKeys,
  signIn,
  withOwnMedia,
  type Entries,
} from "./listing-helpers.ts";

type FormAnswer = { result: { status: string; error?: Record<string, string[] | null> } };

// Real photos are decoded and encoded (WebP and AVIF): slower than most tests.
vi.setConfig({ testTimeout: 30_000 });

let t: TestEnv;
let media: Awaited<ReturnType<typeof withOwnMedia>>;
let owner: { id: string; cookie: string };
let otherSeller: { id: string; cookie: string };
let seed = 10;

beforeAll(async () => {
  t = await createTestDatabase();
  await createCategories(t.db);
  media = await withOwnMedia(t);
  owner = await signIn(t, "seller");
  otherSeller = await signIn(t, "seller");
});
afterAll(async () => {
  await media.remove();
  await t.close();
});

/** Publishes a car with `count` new photos through the real action; returns its id. */
async function publish(count = 3, overrides: Record<string, string> = {}): Promise<number> {
  const photos = await Promise.all(
    Array.from({ length: count }, () => jpeg(640, 480, { seed: ++seed })),
  );
  const entries: Entries = [
    ...carForm(overrides),
    ...photos.map((bytes, i) => ["photos", file(bytes, `photo-${i}.jpg`)] as [string, File]),
  ];
  const response = await responseOf(() =>
    postForm(sellCar.action, {
      path: "/dashboard/sellCar",
      entries,
      cookie: owner.cookie,
      context: media.context(),
    }),
  );
  expect(response.status).toBe(302);
  const [newest] = await t.db
    .select({ id: listing.id })
    .from(listing)
    .where(eq(listing.sellerId, owner.id))
    .orderBy(desc(listing.id))
    .limit(1);
  return newest!.id;
}

function photosOf(id: number) {
  return t.db
    .select()
    .from(listingPhoto)
    .where(eq(listingPhoto.listingId, id))
    .orderBy(asc(listingPhoto.position));
}

function edit(id: number | string, entries: Entries, cookie = owner.cookie) {
  return postForm(editProduct.action, {
    path: `/dashboard/productDetails/editProduct/${id}`,
    params: { id: String(id) },
    entries,
    cookie,
    context: media.context(),
  });
}

function load(id: number | string, cookie = owner.cookie) {
  return callLoaderAs(editProduct.loader, {
    path: `/dashboard/productDetails/editProduct/${id}`,
    params: { id: String(id) },
    cookie,
    context: media.context(),
  });
}

/** The edit form as the page would send it back, keeping the photos as they are. */
async function unchangedForm(id: number, overrides: Record<string, string> = {}) {
  const { listing: editable } = await load(id);
  const values = { ...editable.defaultValue, ...overrides } as Record<string, string | string[]>;
  const entries: Entries = [];
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) entries.push([name, item]);
  }
  return entries;
}

const order = (entries: Entries) => entries.filter(([name]) => name !== "photoOrder");

describe("the edit page", () => {
  test("the owner gets the form prefilled, prices in dollars and mileage in the typed unit", async () => {
    const id = await publish(2, { mileage: "30000", mileageUnit: "mi", originalPrice: "24000" });
    const { listing: editable } = await load(id);
    expect(editable.defaultValue).toMatchObject({
      carName: "2018 Honda Civic EX",
      category: "sedan",
      originalPrice: "24000",
      resalePrice: "15500",
      mileage: "30000",
      mileageUnit: "mi",
      year: "2018",
      quality: "Good",
    });
    expect(editable.photos).toHaveLength(2);
    expect(editable.defaultValue.photoOrder).toEqual(editable.photos.map((p) => `e:${p.id}`));
  });

  test("another seller and a buyer get 403; a missing or malformed id gets 404", async () => {
    const id = await publish(1);
    expect(await thrownStatus(() => load(id, otherSeller.cookie))).toBe(403);
    const buyer = await signIn(t, "buyer");
    expect(await thrownStatus(() => load(id, buyer.cookie))).toBe(403);
    const admin = await signIn(t, "admin");
    expect(await thrownStatus(() => load(id, admin.cookie))).toBe(403);
    expect(await thrownStatus(() => load(999_999))).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect(await thrownStatus(() => load(bad))).toBe(404);
    }
    const response = await responseOf(() =>
      callLoaderAs(editProduct.loader, {
        path: `/dashboard/productDetails/editProduct/${id}`,
        params: { id: String(id) },
        context: t.context(),
      }),
    );
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("saving an edit", () => {
  test("without touching the photos keeps the same photo rows and files", async () => {
    const id = await publish(3);
    const before = await photosOf(id);
    const files = await media.files();
    const entries = await unchangedForm(id, {
      carName: "2018 Honda Civic EX — price drop",
      resalePrice: "14900",
      quality: "Excellent",
    });
    const response = await responseOf(() => edit(id, entries));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/myProducts");
    expect(response.headers.get("Set-Cookie")).toMatch(/^carlot_toast=/);
    const [car] = await t.db.select().from(listing).where(eq(listing.id, id));
    expect(car).toMatchObject({
      title: "2018 Honda Civic EX — price drop",
      resalePrice: 1_490_000,
      quality: "Excellent",
      sellerId: owner.id,
    });
    expect(await photosOf(id)).toEqual(before);
    expect(await media.files()).toEqual(files);
  });

  test("reordering moves the saved photos without storing anything new", async () => {
    const id = await publish(3);
    const before = await photosOf(id);
    const files = await media.files();
    const entries: Entries = [
      ...order(await unchangedForm(id)),
      ["photoOrder", `e:${before[2]!.id}`],
      ["photoOrder", `e:${before[0]!.id}`],
      ["photoOrder", `e:${before[1]!.id}`],
    ];
    expect((await responseOf(() => edit(id, entries))).status).toBe(302);
    const after = await photosOf(id);
    expect(after.map((p) => p.largeKey)).toEqual([
      before[2]!.largeKey,
      before[0]!.largeKey,
      before[1]!.largeKey,
    ]);
    expect(after.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(await media.files()).toEqual(files);
    // The car's page shows them in the new order.
    const shown = await getListingDetail(t.db, media.storage, id);
    expect(shown!.photos.map((p) => p.large)).toEqual(
      after.map((p) => media.storage.url(p.largeKey)),
    );
  });

  test("removing one photo and adding one deletes the removed files after the commit", async () => {
    const id = await publish(2);
    const before = await photosOf(id);
    const added = await jpeg(720, 540, { seed: 500 });
    const entries: Entries = [
      ...order(await unchangedForm(id)),
      ["photos", file(added, "new-angle.jpg")],
      ["photoOrder", "n:0"],
      ["photoOrder", `e:${before[1]!.id}`],
    ];
    expect((await responseOf(() => edit(id, entries))).status).toBe(302);
    const after = await photosOf(id);
    expect(after).toHaveLength(2);
    expect(after[1]!.largeKey).toBe(before[1]!.largeKey);
    expect(after[0]!.width).toBe(720);
    const files = await media.files();
    expect(files).not.toContain(before[0]!.largeKey);
    expect(files).toEqual(await referencedKeys(t));
  });

  test("without JavaScript: kept photos are ticked boxes and new files go last", async () => {
    const id = await publish(2);
    const before = await photosOf(id);
    const added = await jpeg(700, 500, { seed: 600 });
    const entries: Entries = [
      ...order(await unchangedForm(id)),
      ["photoOrder", `e:${before[1]!.id}`],
      ["photos", file(added, "extra.jpg")],
      // An empty second file input.
      ["photos", new File([], "")],
    ];
    expect((await responseOf(() => edit(id, entries))).status).toBe(302);
    const after = await photosOf(id);
    expect(after.map((p) => p.largeKey)[0]).toBe(before[1]!.largeKey);
    expect(after).toHaveLength(2);
    expect(after[1]!.width).toBe(700);
  });

  test("removing every photo is refused with 'image is required'; nothing changes", async () => {
    const id = await publish(1);
    const before = await photosOf(id);
    const { data, status } = dataOf<FormAnswer>(
      await edit(id, [...order(await unchangedForm(id, { resalePrice: "1" }))]),
    );
    expect(status).toBe(400);
    expect(data.result.error?.photos).toEqual([LISTING_MESSAGES.image]);
    expect(await photosOf(id)).toEqual(before);
    const [car] = await t.db.select().from(listing).where(eq(listing.id, id));
    expect(car!.resalePrice).toBe(1_550_000);
  });

  test("a photo of another car cannot be pulled into this one", async () => {
    const mine = await publish(1);
    const theirs = await publish(1);
    const [foreign] = await photosOf(theirs);
    const entries: Entries = [
      ...order(await unchangedForm(mine, { carName: "Stolen photo" })),
      ["photoOrder", `e:${foreign!.id}`],
    ];
    const { data, status } = dataOf<FormAnswer>(await edit(mine, entries));
    expect(status).toBe(400);
    expect(data.result.error?.photos?.[0]).toMatch(/Reload the page/);
    const [car] = await t.db.select().from(listing).where(eq(listing.id, mine));
    expect(car!.title).not.toBe("Stolen photo");
  });

  test("quality is required on the edit form", async () => {
    const id = await publish(1);
    const entries = (await unchangedForm(id)).filter(([name]) => name !== "quality");
    const { data } = dataOf<FormAnswer>(await edit(id, entries));
    expect(data.result.error?.quality).toEqual([LISTING_MESSAGES.quality]);
  });

  test("forged seller and status fields are ignored", async () => {
    const id = await publish(1);
    const entries: Entries = [
      ...(await unchangedForm(id)),
      ["sellerId", otherSeller.id],
      ["status", "sold"],
      ["advertise", "true"],
    ];
    expect((await responseOf(() => edit(id, entries))).status).toBe(302);
    const [car] = await t.db.select().from(listing).where(eq(listing.id, id));
    expect(car).toMatchObject({ sellerId: owner.id, status: "available", advertisedAt: null });
  });
});

describe("who may save an edit", () => {
  let id: number;
  beforeEach(async () => {
    id = await publish(1);
  });

  test("another seller, a buyer and an admin get 403 and nothing changes", async () => {
    const before = await t.db.select().from(listing).where(eq(listing.id, id));
    const entries = await unchangedForm(id, { carName: "Hijacked", resalePrice: "1" });
    expect(await thrownStatus(() => edit(id, entries, otherSeller.cookie))).toBe(403);
    for (const role of ["buyer", "admin"] as const) {
      const { cookie } = await signIn(t, role);
      expect(await thrownStatus(() => edit(id, entries, cookie))).toBe(403);
    }
    expect(await t.db.select().from(listing).where(eq(listing.id, id))).toEqual(before);
  });

  test("a missing or malformed id gets 404; an empty form from the owner gets 400", async () => {
    expect(await thrownStatus(() => edit(999_999, []))).toBe(404);
    expect(await thrownStatus(() => edit("abc", []))).toBe(404);
    const { status } = dataOf<FormAnswer>(await edit(id, []));
    expect(status).toBe(400);
  });
});
