// Sell A Car: the page and its action against a real database and real photos.
import fs from "node:fs/promises";
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { listing, listingPhoto } from "#app/db/schema.ts";
import { PHOTOS_UNAVAILABLE } from "#app/models/listing-edit.server.ts";
import { LISTING_BODY_MAX_BYTES, LISTING_MESSAGES } from "#app/models/listing-form.ts";
import * as sellCar from "#app/routes/dashboard/seller/sell-car/route.tsx";
import { createAppContext } from "#app/services/app-context.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { changeSiteSettings, createCategories, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { allowLoggedErrors } from "#tests/setup/fail-on-console.ts";

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

type FormAnswer = {
  result: { status: string; error?: Record<string, string[] | null> };
  filesDropped?: boolean;
};

// Real photos are decoded and encoded (WebP and AVIF): slower than most tests.
vi.setConfig({ testTimeout: 30_000 });

let t: TestEnv;
let media: Awaited<ReturnType<typeof withOwnMedia>>;
let seller: { id: string; cookie: string };
let photos: Buffer[];

beforeAll(async () => {
  t = await createTestDatabase();
  await createCategories(t.db);
  media = await withOwnMedia(t);
  seller = await signIn(t, "seller");
  photos = await Promise.all([1, 2, 3].map((seed) => jpeg(900, 600, { seed })));
});
afterAll(async () => {
  await media.remove();
  await t.close();
});

function sell(entries: Entries, cookie = seller.cookie, headers?: Record<string, string>) {
  return postForm(sellCar.action, {
    path: "/dashboard/sellCar",
    entries,
    cookie,
    context: media.context(),
    headers,
  });
}

function withPhotos(entries: Entries, count = 1): Entries {
  return [
    ...entries,
    ...photos
      .slice(0, count)
      .map((bytes, i) => ["photos", file(bytes, `car-${i + 1}.jpg`)] as [string, File]),
  ];
}

async function answer(run: Promise<unknown>) {
  const { data, status } = dataOf<FormAnswer>(await run);
  return { status, errors: data.result.error ?? {}, filesDropped: data.filesDropped };
}

async function listingsOf(sellerId: string) {
  return t.db.select().from(listing).where(eq(listing.sellerId, sellerId));
}

describe("the Sell A Car page", () => {
  test("a seller gets the categories to choose from", async () => {
    const page = await callLoaderAs(sellCar.loader, {
      path: "/dashboard/sellCar",
      cookie: seller.cookie,
      context: t.context(),
    });
    expect(page.categories.map((c) => c.name)).toEqual(["Sedan", "Off Road", "Muscle", "SUV"]);
  });

  test("a buyer and an admin get 403, a visitor is sent to log in", async () => {
    const buyer = await signIn(t, "buyer");
    const admin = await signIn(t, "admin");
    for (const cookie of [buyer.cookie, admin.cookie]) {
      expect(
        await thrownStatus(() =>
          callLoaderAs(sellCar.loader, {
            path: "/dashboard/sellCar",
            cookie,
            context: t.context(),
          }),
        ),
      ).toBe(403);
    }
    const response = await responseOf(() =>
      callLoaderAs(sellCar.loader, { path: "/dashboard/sellCar", context: t.context() }),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2FsellCar");
  });
});

describe("publishing a car", () => {
  test("three photos in the chosen order, prices in cents, the seller from the session", async () => {
    const before = await media.files();
    const entries: Entries = [
      ...carForm({ mileage: "30000", mileageUnit: "mi", yearsUsed: "less than a year" }),
      ["periodAmount", "7"],
      ["periodUnit", "months"],
      ["photos", file(photos[0]!, "front.jpg")],
      ["photos", file(photos[1]!, "side.jpg")],
      ["photos", file(photos[2]!, "back.jpg")],
      // The picker put the third file first.
      ["photoOrder", "n:2"],
      ["photoOrder", "n:0"],
      ["photoOrder", "n:1"],
    ];
    const response = await responseOf(() => sell(entries));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/myProducts");
    expect(response.headers.get("Set-Cookie")).toMatch(/^carlot_toast=/);

    const [car] = await listingsOf(seller.id);
    expect(car).toMatchObject({
      sellerId: seller.id,
      title: "2018 Honda Civic EX",
      description: "One owner, full service history, new tyres.",
      location: "Denver, CO",
      yearsUsed: "less than a year",
      periodAmount: 7,
      periodUnit: "months",
      originalPrice: 2_400_000,
      resalePrice: 1_550_000,
      status: "available",
      advertisedAt: null,
      make: "Honda",
      model: "Civic",
      year: 2018,
      mileageKm: 48_280,
      mileageUnit: "mi",
      fuel: "Petrol",
      transmission: "Automatic",
      colour: "Blue",
      quality: "Good",
    });
    const rows = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, car!.id))
      .orderBy(asc(listingPhoto.position));
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
    // The cover is the third upload: compare its pixels' average colour with each source.
    const mean = async (bytes: Buffer) =>
      (await sharp(bytes).resize(8, 8, { fit: "fill" }).stats()).channels.map((c) => c.mean);
    const cover = await mean(await media.read(rows[0]!.smallKey));
    const sources = await Promise.all(photos.map(mean));
    const distance = (a: number[], b: number[]) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0);
    const nearest = sources
      .map((source, index) => ({ index, d: distance(source, cover) }))
      .sort((a, b) => a.d - b.d)[0]!.index;
    expect(nearest).toBe(2);
    // 900 px wide sources are never enlarged; every rendition is stored.
    expect(rows[0]).toMatchObject({ width: 900, height: 600 });
    const after = await media.files();
    expect(after.length).toBeGreaterThan(before.length);
    expect(after).toEqual(await referencedKeys(t));
  });

  test("without photo order tokens (no JavaScript) the files keep the order they were sent in", async () => {
    const other = await signIn(t, "seller");
    const response = await responseOf(() => sell(withPhotos(carForm(), 2), other.cookie));
    expect(response.status).toBe(302);
    const [car] = await listingsOf(other.id);
    const rows = await t.db.select().from(listingPhoto).where(eq(listingPhoto.listingId, car!.id));
    expect(rows).toHaveLength(2);
  });

  test("forged seller, status, advertising and verification fields are ignored", async () => {
    const forger = await signIn(t, "seller");
    const victim = await createUser(t.db, { role: "seller" });
    const response = await responseOf(() =>
      sell(
        withPhotos([
          ...carForm(),
          ["sellerId", victim.id],
          ["sellername", "Someone Else"],
          ["sellerEmail", victim.email],
          ["sellerVerified", "true"],
          ["status", "sold"],
          ["advertise", "true"],
          ["advertisedAt", "2020-01-01"],
          ["quality", "Excellent"],
          ["id", "1"],
        ]),
        forger.cookie,
      ),
    );
    expect(response.status).toBe(302);
    expect(await listingsOf(victim.id)).toEqual([]);
    const [car] = await listingsOf(forger.id);
    expect(car).toMatchObject({
      sellerId: forger.id,
      status: "available",
      advertisedAt: null,
      quality: "Good",
    });
  });
});

describe("a form with mistakes", () => {
  test("an empty form gets every message of spec §5, and nothing is saved", async () => {
    const count = (await t.db.select().from(listing)).length;
    const { status, errors } = await answer(sell([]));
    expect(status).toBe(400);
    expect(errors).toMatchObject({
      carName: [LISTING_MESSAGES.carName],
      category: [LISTING_MESSAGES.category],
      photos: [LISTING_MESSAGES.image],
      details: [LISTING_MESSAGES.details],
      location: [LISTING_MESSAGES.location],
      originalPrice: [LISTING_MESSAGES.originalPrice],
      resalePrice: [LISTING_MESSAGES.resalePrice],
      make: [LISTING_MESSAGES.make],
      model: [LISTING_MESSAGES.model],
      year: [LISTING_MESSAGES.year],
      mileage: [LISTING_MESSAGES.mileage],
    });
    expect(LISTING_MESSAGES).toMatchObject({
      carName: "car name is required",
      category: "Category is required",
      image: "image is required",
      details: "Details is required",
      location: "Location is required",
      originalPrice: "Original Price is required",
      resalePrice: "Resale Price is required",
    });
    expect((await t.db.select().from(listing)).length).toBe(count);
  });

  test("a pasted $12,500 is refused with a clear message, not changed", async () => {
    const { status, errors, filesDropped } = await answer(
      sell(withPhotos(carForm({ resalePrice: "$12,500" }))),
    );
    expect(status).toBe(400);
    expect(errors.resalePrice?.[0]).toMatch(/without \$ or another currency sign.*12500/);
    // The page says the chosen photo must be chosen again (a reload cannot keep files).
    expect(filesDropped).toBe(true);
  });

  test("the range choices require the exact period and its unit", async () => {
    const { errors } = await answer(sell(withPhotos(carForm({ yearsUsed: "more than 10 years" }))));
    expect(errors.periodAmount).toEqual([LISTING_MESSAGES.conditional]);
    expect(errors.periodUnit).toEqual([LISTING_MESSAGES.conditional]);
    const wrongUnit = await answer(
      sell(
        withPhotos([
          ...carForm({ yearsUsed: "more than 10 years" }),
          ["periodAmount", "14"],
          ["periodUnit", "months"],
        ]),
      ),
    );
    expect(wrongUnit.errors.periodUnit).toEqual(["Choose Years"]);
  });

  test("an exact period sent with an ordinary choice is dropped", async () => {
    const other = await signIn(t, "seller");
    const response = await responseOf(() =>
      sell(
        withPhotos([...carForm({ yearsUsed: "4" }), ["periodAmount", "9"], ["periodUnit", "days"]]),
        other.cookie,
      ),
    );
    expect(response.status).toBe(302);
    const [car] = await listingsOf(other.id);
    expect(car).toMatchObject({ yearsUsed: "4", periodAmount: null, periodUnit: null });
  });

  test("a category that does not exist is refused next to the field", async () => {
    const { status, errors } = await answer(sell(withPhotos(carForm({ category: "hovercraft" }))));
    expect(status).toBe(400);
    expect(errors.category).toEqual(["Choose one of the categories in the list"]);
  });

  test("more than 12 photos are refused before any is decoded", async () => {
    const thirteen: Entries = Array.from({ length: 13 }, (_, i) => [
      "photos",
      file(photos[0]!, `p${i}.jpg`),
    ]);
    const before = await media.files();
    const { status, errors } = await answer(sell([...carForm(), ...thirteen]));
    expect(status).toBe(400);
    expect(errors.photos).toEqual([LISTING_MESSAGES.tooManyPhotos]);
    expect(await media.files()).toEqual(before);
  });

  test("a site that allows 2 photos refuses a third before any is decoded", async () => {
    await changeSiteSettings(t.db, { photosPerCar: 2 });
    try {
      const before = await media.files();
      const { status, errors } = await answer(sell(withPhotos(carForm(), 3)));
      expect(status).toBe(400);
      expect(errors.photos).toEqual(["Choose at most 2 photos"]);
      expect(await media.files()).toEqual(before);
      const count = (await listingsOf(seller.id)).length;
      const response = await responseOf(() => sell(withPhotos(carForm(), 2)));
      expect(response.status).toBe(302);
      expect(await listingsOf(seller.id)).toHaveLength(count + 1);
    } finally {
      await changeSiteSettings(t.db, { photosPerCar: 12 });
    }
  });

  test("a declared body over the limit is refused before the form is read", async () => {
    const { status, errors } = await answer(
      sell(carForm(), seller.cookie, { "Content-Length": String(LISTING_BODY_MAX_BYTES + 1) }),
    );
    expect(status).toBe(413);
    expect(errors.photos).toEqual([LISTING_MESSAGES.photosTooLarge]);
  });
});

describe("who may publish", () => {
  test("a buyer and an admin get 403, a visitor is sent to log in; nothing is saved", async () => {
    const count = (await t.db.select().from(listing)).length;
    for (const role of ["buyer", "admin"] as const) {
      const { cookie } = await signIn(t, role);
      expect(await thrownStatus(() => sell(withPhotos(carForm()), cookie))).toBe(403);
    }
    const response = await responseOf(() => sell(withPhotos(carForm()), ""));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2FsellCar");
    expect((await t.db.select().from(listing)).length).toBe(count);
  });
});

describe("a save that fails", () => {
  test("leaves no listing and no orphan files, and says so", async () => {
    const other = await signIn(t, "seller");
    allowLoggedErrors(/saving a listing failed/);
    const spy = vi
      .spyOn(t.db, "transaction")
      .mockRejectedValueOnce(new Error("the database went away"));
    try {
      // One photo another car already uses, one new one.
      const fresh = await jpeg(700, 500, { seed: 99 });
      const entries: Entries = [...withPhotos(carForm(), 1), ["photos", file(fresh, "fresh.jpg")]];
      const { status, errors } = await answer(sell(entries, other.cookie));
      expect(status).toBe(500);
      expect(errors[""]).toEqual([
        "Your car could not be saved because of a problem on our side. Please try again.",
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(await listingsOf(other.id)).toEqual([]);
    // The new photo's files are gone; the shared one's are still there for the other car.
    const files = await media.files();
    expect(files).toEqual(await referencedKeys(t));
    expect(files.length).toBeGreaterThan(0);
  });
});

describe("a photo store that fails", () => {
  test("a disk that cannot be written: the seller may try again; nothing is saved", async () => {
    const other = await signIn(t, "seller");
    // A file where the media folder should be: every write fails, as on a full or read-only disk.
    const blocked = path.join(media.dir, "not-a-folder");
    await fs.writeFile(blocked, "");
    const services = { ...media.services, storage: localDiskStorage(blocked) };
    const { status, errors } = await answer(
      postForm(sellCar.action, {
        path: "/dashboard/sellCar",
        entries: withPhotos(carForm(), 2),
        cookie: other.cookie,
        context: createAppContext(services),
      }),
    );
    expect(status).toBe(400);
    expect(errors.photos).toEqual([PHOTOS_UNAVAILABLE]);
    expect(await listingsOf(other.id)).toEqual([]);
    await fs.rm(blocked);
  });
});
