// Publishing is idempotent (issue 23): the sell form's one-time token makes 20
// identical concurrent posts one listing, and every answer leads to it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { listing, listingPhoto } from "#app/db/schema.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_MESSAGES } from "#app/models/form-token.ts";
import * as editProduct from "#app/routes/dashboard/seller/edit-product/route.tsx";
import * as sellCar from "#app/routes/dashboard/seller/sell-car/route.tsx";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { createCategories } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoaderAs, dataOf } from "./helpers.ts";
import {
  carForm,
  file,
  jpeg,
  postForm,
  referencedKeys,
  sellFormToken,
  signIn,
  withOwnMedia,
  type Entries,
} from "./listing-helpers.ts";

// Real photos are decoded and encoded, 20 times at once.
vi.setConfig({ testTimeout: 120_000 });

let t: TestEnv;
let media: Awaited<ReturnType<typeof withOwnMedia>>;
let seller: { id: string; cookie: string };
let photo: Buffer;

beforeAll(async () => {
  t = await createTestDatabase();
  await createCategories(t.db);
  media = await withOwnMedia(t);
  seller = await signIn(t, "seller");
  photo = await jpeg(640, 400, { seed: 7 });
});
afterAll(async () => {
  await media.remove();
  await t.close();
});

const listingsOf = (sellerId: string) =>
  t.db.select({ id: listing.id }).from(listing).where(eq(listing.sellerId, sellerId));

function sell(entries: Entries) {
  return postForm(sellCar.action, {
    path: "/dashboard/sellCar",
    entries,
    cookie: seller.cookie,
    context: media.context(),
  });
}

const withToken = (token: string, name: string): Entries => [
  ...carForm({ carName: name }),
  ["photos", file(photo, "car.jpg")],
  [FORM_TOKEN_FIELD, token],
];

describe("publishing with a one-time token", () => {
  test("20 concurrent posts of one form make one listing, and all lead to it", async () => {
    const token = await sellFormToken(seller.cookie, media.context());
    expect(token).toEqual(expect.any(String));
    const before = (await listingsOf(seller.id)).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sell(withToken(token!, "2016 Volvo V60 Race"))),
    );
    const locations = answers.map((answer) =>
      answer instanceof Response ? `${answer.status} ${answer.headers.get("Location")}` : "data",
    );
    expect(new Set(locations)).toEqual(new Set(["302 /dashboard/myProducts"]));
    expect(await listingsOf(seller.id)).toHaveLength(before + 1);
    // The repeats' photos were removed: every file belongs to the one listing.
    expect(await media.files()).toEqual(await referencedKeys(t));
  });

  test("a repeat after the first one finished answers the same, and a new render is a new car", async () => {
    const token = (await sellFormToken(seller.cookie, media.context()))!;
    const before = (await listingsOf(seller.id)).length;
    const first = await sell(withToken(token, "2014 Audi A4"));
    const again = await sell(withToken(token, "2014 Audi A4"));
    expect([first, again].map((answer) => (answer as Response).status)).toEqual([302, 302]);
    expect(await listingsOf(seller.id)).toHaveLength(before + 1);
    const next = (await sellFormToken(seller.cookie, media.context()))!;
    expect(next).not.toBe(token);
    await sell(withToken(next, "2015 Audi A4"));
    expect(await listingsOf(seller.id)).toHaveLength(before + 2);
  });

  test("a missing, forged, expired or someone else's token is refused, and the form comes back", async () => {
    const other = await signIn(t, "seller");
    const secret = t.services.config.secret;
    const tokens = [
      "",
      "made.up.token",
      issueFormToken(secret, seller.id, "sell", Date.now() - 2 * 24 * 60 * 60_000),
      issueFormToken(secret, other.id, "sell"),
    ];
    const before = (await listingsOf(seller.id)).length;
    let fresh = "";
    for (const token of tokens) {
      const answer = dataOf<{
        result: { error?: Record<string, string[] | null> };
        formToken?: string;
      }>(await sell(withToken(token, "2012 Saab 9-3")));
      expect(answer.status).toBe(400);
      expect(answer.data.result.error?.[""]).toEqual([FORM_TOKEN_MESSAGES.expired]);
      fresh = answer.data.formToken ?? "";
    }
    expect(await listingsOf(seller.id)).toHaveLength(before);
    // The refusal brings a new token (loaders do not run after a 400): sending again works.
    expect((await sell(withToken(fresh, "2012 Saab 9-3"))) instanceof Response).toBe(true);
    expect(await listingsOf(seller.id)).toHaveLength(before + 1);
  });

  test("20 concurrent saves of one edit form with a new photo add it once", async () => {
    const token = (await sellFormToken(seller.cookie, media.context()))!;
    const published = await sell(withToken(token, "2011 Skoda Octavia"));
    expect((published as Response).status).toBe(302);
    const [car] = await t.db
      .select({ id: listing.id })
      .from(listing)
      .where(eq(listing.title, "2011 Skoda Octavia"));
    const path = `/dashboard/productDetails/editProduct/${car!.id}`;
    const page = await callLoaderAs(editProduct.loader, {
      path,
      params: { id: String(car!.id) },
      cookie: seller.cookie,
      context: media.context(),
    });
    const [kept] = await t.db
      .select({ id: listingPhoto.id, largeKey: listingPhoto.largeKey })
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, car!.id));
    const entries: Entries = [
      ...carForm({ carName: "2011 Skoda Octavia Estate" }),
      ["quality", "Good"],
      ["photoOrder", `e:${kept!.id}`],
      ["photoOrder", "n:0"],
      ["photos", file(photo, "second.jpg")],
      [FORM_TOKEN_FIELD, page.formToken],
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postForm(editProduct.action, {
          path,
          params: { id: String(car!.id) },
          entries,
          cookie: seller.cookie,
          context: media.context(),
        }),
      ),
    );
    expect(new Set(answers.map((answer) => (answer as Response).status))).toEqual(new Set([302]));
    const photos = await t.db
      .select({ largeKey: listingPhoto.largeKey })
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, car!.id));
    expect(photos).toHaveLength(2);
    // The saved photo kept, the new one added once (rows are rewritten, files kept).
    expect(photos.map((row) => row.largeKey)).toContain(kept!.largeKey);
    expect(await media.files()).toEqual(await referencedKeys(t));
  });
});
