// My Products: the seller's page and its one action (delete, status, advertise,
// confirm), ownership, forged fields, files, freshness and the reminder emails.
import fs from "node:fs/promises";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { listing, listingPhoto, order, report, wishlist } from "#app/db/schema.ts";
import { DAY_MS } from "#app/models/freshness.ts";
import { MY_LISTINGS_PAGE_SIZE, sendListingReminders } from "#app/models/listing-manage.server.ts";
import { findAdvertisedListings, findListings } from "#app/models/listing.server.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import * as login from "#app/routes/auth/login/route.tsx";
import * as myProducts from "#app/routes/dashboard/my-products/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import { popToast } from "#app/services/toast.server.ts";
import { createCategories, createListing, createOrder } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import {
  callAction,
  callLoader,
  callLoaderAs,
  cookieFrom,
  dataOf,
  responseOf,
  thrownStatus,
} from "./helpers.ts";

let t: TestEnv;
let sedanId: number;
const people = {} as Record<"seller" | "other" | "buyer" | "admin", { id: string; cookie: string }>;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  const roles = { seller: "seller", other: "seller", buyer: "buyer", admin: "admin" } as const;
  for (const [who, role] of Object.entries(roles) as [keyof typeof roles, typeof roles.seller][]) {
    const email = `${who}@my-products.example`;
    const id = await createUserWithPassword(t.db, {
      name: `The ${who}`,
      email,
      password: "my-products-password",
      role,
    });
    const response = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: { email, password: "my-products-password" },
        context: t.context(),
      }),
    );
    people[who] = { id, cookie: cookieFrom(response) };
  }
});
afterAll(async () => {
  await t.close();
});

const mediaDir = () => path.dirname(t.outbox);

function car(overrides: Partial<typeof listing.$inferInsert> = {}, photos = 1) {
  return createListing(
    t.db,
    { sellerId: people.seller.id, categoryId: sedanId, ...overrides },
    { photos },
  );
}

async function row(id: number) {
  const [found] = await t.db.select().from(listing).where(eq(listing.id, id));
  return found;
}

/** Posts to My Products as `who` and returns the response (redirect or thrown). */
async function post(
  who: keyof typeof people | "anonymous",
  form: Record<string, string>,
  pathname = "/dashboard/myProducts",
) {
  return responseOf(() =>
    callAction(myProducts.action, {
      path: pathname,
      form,
      context: t.context(),
      cookie: who === "anonymous" ? undefined : people[who].cookie,
    }),
  );
}

/** The status of an action that throws data(…, { status }) or returns one. */
async function statusOf(who: keyof typeof people | "anonymous", form: Record<string, string>) {
  try {
    const value = await callAction(myProducts.action, {
      path: "/dashboard/myProducts",
      form,
      context: t.context(),
      cookie: who === "anonymous" ? undefined : people[who].cookie,
    });
    if (value instanceof Response) return value.status;
    return dataOf(value).status;
  } catch (error) {
    return thrownStatus(() => Promise.reject(error));
  }
}

async function toastOf(response: Response) {
  expect(response.status).toBe(302);
  const cookie = cookieFrom(response);
  const { toast } = await popToast(
    t.services.config,
    new Request("http://localhost:3000/", { headers: { cookie } }),
  );
  return toast;
}

async function publicIds(now = new Date()) {
  const all = await findListings(t.db, t.storage, { includeSold: false, page: 1, now });
  const withSold = await findListings(t.db, t.storage, { includeSold: true, page: 1, now });
  const category = await findListings(t.db, t.storage, {
    categoryId: sedanId,
    includeSold: false,
    page: 1,
    now,
  });
  const home = await findAdvertisedListings(t.db, t.storage, now);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    all: ids(all.rows),
    withSold: ids(withSold.rows),
    category: ids(category.rows),
    home: ids(home),
  };
}

describe("the page", () => {
  test("a seller sees only their own cars, newest first, with freshness dates", async () => {
    const older = await car({ title: "Older car", createdAt: new Date(Date.now() - 5 * DAY_MS) });
    const newer = await car({ title: "Newer car" });
    await createListing(t.db, {
      sellerId: people.other.id,
      categoryId: sedanId,
      title: "Not mine",
    });
    const data = await callLoaderAs(myProducts.loader, {
      path: "/dashboard/myProducts",
      cookie: people.seller.cookie,
      context: t.context(),
    });
    if (data.view !== "products") throw new Error("expected My Products");
    const titles = data.rows.map((r) => r.title);
    expect(titles).not.toContain("Not mine");
    expect(titles.indexOf("Newer car")).toBeLessThan(titles.indexOf("Older car"));
    const shown = data.rows.find((r) => r.id === newer.id)!;
    expect(data.seller).toMatchObject({ name: "The seller", verified: false });
    expect(shown).toMatchObject({
      status: "available",
      advertised: false,
      category: { name: "Sedan" },
    });
    expect(Date.parse(shown.confirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.rows.find((r) => r.id === older.id)!.createdAt).toBe(
      (await row(older.id))!.createdAt.toISOString(),
    );
  });

  test("a buyer gets the wishlist placeholder on the same address", async () => {
    const data = await callLoaderAs(myProducts.loader, {
      path: "/dashboard/myProducts",
      cookie: people.buyer.cookie,
      context: t.context(),
    });
    expect(data.view).toBe("wishlist");
  });

  test(`a seller with many cars gets pages of ${MY_LISTINGS_PAGE_SIZE}`, async () => {
    const many = await createUserWithPassword(t.db, {
      name: "Many Cars",
      email: "many@my-products.example",
      password: "my-products-password",
      role: "seller",
    });
    for (let i = 0; i < MY_LISTINGS_PAGE_SIZE + 3; i++) {
      await createListing(t.db, { sellerId: many, categoryId: sedanId }, { photos: 0 });
    }
    const cookie = cookieFrom(
      await responseOf(() =>
        callAction(login.action, {
          path: "/login",
          form: { email: "many@my-products.example", password: "my-products-password" },
          context: t.context(),
        }),
      ),
    );
    const page = async (query: string) => {
      const data = await callLoaderAs(myProducts.loader, {
        path: `/dashboard/myProducts${query}`,
        cookie,
        context: t.context(),
      });
      if (data.view !== "products") throw new Error("expected My Products");
      return data;
    };
    const first = await page("");
    expect(first).toMatchObject({ total: MY_LISTINGS_PAGE_SIZE + 3, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(MY_LISTINGS_PAGE_SIZE);
    const second = await page("?page=2");
    expect(second.rows).toHaveLength(3);
    expect(second.rows.some((r) => first.rows.some((f) => f.id === r.id))).toBe(false);
    // Out-of-range and junk pages land on a real page, not an error.
    expect((await page("?page=99")).page).toBe(2);
    expect((await page("?page=-1")).page).toBe(1);
    expect((await page("?page=abc")).page).toBe(1);
  });
});

describe("delete", () => {
  test("removes the car, its photos and files, orders, reports and wishlist entries", async () => {
    const doomed = await car({}, 2);
    const keeper = await car({}, 1);
    // The first photo also has AVIF renditions; one WebP file is shared (content
    // addressed) with the other car, and must survive.
    const [shared] = await t.db
      .select({ key: listingPhoto.smallKey })
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, keeper.id));
    await t.db
      .update(listingPhoto)
      .set({
        avifSmallKey: `listings/test/${doomed.id}-a-s.avif`,
        avifMediumKey: `listings/test/${doomed.id}-a-m.avif`,
        avifLargeKey: `listings/test/${doomed.id}-a-l.avif`,
        mediumKey: shared!.key,
      })
      .where(eq(listingPhoto.listingId, doomed.id));
    const photos = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, doomed.id));
    const keys = photos.flatMap((p) =>
      [p.smallKey, p.mediumKey, p.largeKey, p.avifSmallKey, p.avifMediumKey, p.avifLargeKey].filter(
        (k): k is string => k !== null,
      ),
    );
    for (const key of new Set(keys)) await t.storage.put(key, Buffer.from(key), "image/webp");
    await t.db.insert(wishlist).values({ userId: people.buyer.id, listingId: doomed.id });
    await t.db.insert(report).values({ listingId: doomed.id, reporterId: people.buyer.id });
    await createOrder(t.db, doomed, people.buyer.id);

    const response = await post("seller", { intent: "delete", id: String(doomed.id) });
    expect(response.headers.get("Location")).toBe("/dashboard/myProducts");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Successfully Deleted The Product From This Website",
    });

    expect(await row(doomed.id)).toBeUndefined();
    for (const table of [listingPhoto, wishlist, report, order]) {
      const left = await t.db.select().from(table).where(eq(table.listingId, doomed.id));
      expect(left).toEqual([]);
    }
    const exists = (key: string) =>
      fs.access(path.join(mediaDir(), key)).then(
        () => true,
        () => false,
      );
    for (const key of keys.filter((k) => k !== shared!.key)) expect(await exists(key)).toBe(false);
    expect(await exists(shared!.key)).toBe(true);
    expect(await row(keeper.id)).toBeDefined();
  });

  test("keeps the page the seller was on", async () => {
    const doomed = await car();
    const response = await post(
      "seller",
      { intent: "delete", id: String(doomed.id) },
      "/dashboard/myProducts?page=2",
    );
    expect(response.headers.get("Location")).toBe("/dashboard/myProducts?page=2");
  });
});

describe("status", () => {
  test("Sold takes a car out of the public lists but keeps its page; Available brings it back", async () => {
    const sold = await car({
      advertisedAt: new Date(),
      confirmedAt: new Date(Date.now() - 30 * DAY_MS),
    });
    expect((await publicIds()).home).toContain(sold.id);

    const response = await post("seller", {
      intent: "status",
      id: String(sold.id),
      status: "sold",
    });
    expect(await toastOf(response)).toMatchObject({ type: "success" });
    expect((await row(sold.id))!.status).toBe("sold");
    let lists = await publicIds();
    expect(lists.all).not.toContain(sold.id);
    expect(lists.category).not.toContain(sold.id);
    expect(lists.home).not.toContain(sold.id);
    expect(lists.withSold).toContain(sold.id);
    const page = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${sold.id}`,
      params: { id: String(sold.id) },
      context: t.context(),
    });
    expect(page.listing.status).toBe("sold");

    await post("seller", { intent: "status", id: String(sold.id), status: "available" });
    const back = (await row(sold.id))!;
    expect(back.status).toBe("available");
    // Marking it Available is a fresh confirmation.
    expect(back.confirmedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    lists = await publicIds();
    expect(lists.all).toContain(sold.id);
    expect(lists.home).toContain(sold.id);
  });

  test("an unknown status is a 400 and changes nothing", async () => {
    const kept = await car();
    expect(
      await statusOf("seller", { intent: "status", id: String(kept.id), status: "gone" }),
    ).toBe(400);
    expect(await statusOf("seller", { intent: "status", id: String(kept.id) })).toBe(400);
    expect((await row(kept.id))!.status).toBe("available");
  });
});

describe("advertise", () => {
  test("an available car is advertised once; the button's state comes from the server", async () => {
    const ad = await car();
    const response = await post("seller", { intent: "advertise", id: String(ad.id) });
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Successfully Advertised On The Home Page",
    });
    const first = (await row(ad.id))!.advertisedAt;
    expect(first).not.toBeNull();
    expect((await publicIds()).home).toContain(ad.id);
    const again = await post("seller", { intent: "advertise", id: String(ad.id) });
    expect((await toastOf(again))?.type).toBe("message");
    expect((await row(ad.id))!.advertisedAt).toEqual(first);
    const data = await callLoaderAs(myProducts.loader, {
      path: "/dashboard/myProducts",
      cookie: people.seller.cookie,
      context: t.context(),
    });
    if (data.view !== "products") throw new Error("expected My Products");
    expect(data.rows.find((r) => r.id === ad.id)!.advertised).toBe(true);
  });

  test("a sold car is refused with a clear message and stays unadvertised", async () => {
    const sold = await car({ status: "sold" });
    const response = await post("seller", {
      intent: "advertise",
      id: String(sold.id),
      status: "available",
    });
    const toast = await toastOf(response);
    expect(toast).toMatchObject({ type: "error" });
    expect(toast!.message).toMatch(/Only available cars can be advertised/);
    expect(await row(sold.id)).toMatchObject({ status: "sold", advertisedAt: null });
  });
});

describe("freshness", () => {
  test("a stale car leaves the public lists, keeps its page, and returns when confirmed", async () => {
    const stale = await car({
      advertisedAt: new Date(),
      confirmedAt: new Date(Date.now() - 61 * DAY_MS),
      reminderSentAt: new Date(Date.now() - 8 * DAY_MS),
    });
    let lists = await publicIds();
    expect(lists.all).not.toContain(stale.id);
    expect(lists.withSold).not.toContain(stale.id);
    expect(lists.category).not.toContain(stale.id);
    expect(lists.home).not.toContain(stale.id);
    const page = await callLoader(detail.loader, {
      path: `/dashboard/productDetails/${stale.id}`,
      params: { id: String(stale.id) },
      context: t.context(),
    });
    expect(Date.parse(page.listing.confirmedAt)).toBeLessThan(Date.now() - 60 * DAY_MS);
    const mine = await callLoaderAs(myProducts.loader, {
      path: "/dashboard/myProducts",
      cookie: people.seller.cookie,
      context: t.context(),
    });
    if (mine.view !== "products") throw new Error("expected My Products");
    expect(mine.stale).toBeGreaterThanOrEqual(1);

    const response = await post("seller", { intent: "confirm", id: String(stale.id) });
    expect(await toastOf(response)).toMatchObject({ type: "success" });
    const confirmed = (await row(stale.id))!;
    expect(confirmed.confirmedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(confirmed.reminderSentAt).toBeNull();
    // My Products counts one car fewer waiting for confirmation.
    const after = await callLoaderAs(myProducts.loader, {
      path: "/dashboard/myProducts",
      cookie: people.seller.cookie,
      context: t.context(),
    });
    if (after.view !== "products") throw new Error("expected My Products");
    expect(after.stale).toBe(mine.stale - 1);
    lists = await publicIds();
    expect(lists.all).toContain(stale.id);
    expect(lists.category).toContain(stale.id);
    expect(lists.home).toContain(stale.id);
  });

  test("sold cars stay in the 'include sold' lists whatever their confirmation", async () => {
    const oldSold = await car({ status: "sold", confirmedAt: new Date(Date.now() - 200 * DAY_MS) });
    expect((await publicIds()).withSold).toContain(oldSold.id);
    const response = await post("seller", { intent: "confirm", id: String(oldSold.id) });
    expect((await toastOf(response))?.type).toBe("error");
  });
});

describe("who may do what", () => {
  const intents: Record<string, string>[] = [
    { intent: "delete" },
    { intent: "status", status: "sold" },
    { intent: "advertise" },
    { intent: "confirm" },
  ];

  test("another seller, a buyer and an admin are refused and nothing changes", async () => {
    const target = await car({ confirmedAt: new Date(Date.now() - 10 * DAY_MS) });
    const before = await row(target.id);
    for (const fields of intents) {
      const form = { ...fields, id: String(target.id) };
      expect(await statusOf("other", form), `other seller: ${fields.intent}`).toBe(403);
      expect(await statusOf("buyer", form), `buyer: ${fields.intent}`).toBe(403);
      expect(await statusOf("admin", form), `admin: ${fields.intent}`).toBe(403);
    }
    expect(await row(target.id)).toEqual(before);
  });

  test("a visitor is sent to log in", async () => {
    const target = await car();
    const response = await post("anonymous", { intent: "delete", id: String(target.id) });
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await row(target.id)).toBeDefined();
  });

  test("a missing or malformed id is a 404; an unknown intent a 400", async () => {
    for (const fields of intents) {
      expect(await statusOf("seller", { ...fields, id: "987654" })).toBe(404);
      expect(await statusOf("seller", { ...fields, id: "12abc" })).toBe(404);
      expect(await statusOf("seller", { ...fields })).toBe(404);
    }
    expect(await statusOf("seller", { intent: "explode", id: "1" })).toBe(400);
    expect(await statusOf("seller", {})).toBe(400);
  });

  test("forged fields are ignored: only the intent, the id and the status count", async () => {
    const target = await car({ resalePrice: 2_000_000 });
    const before = (await row(target.id))!;
    await post("seller", {
      intent: "status",
      id: String(target.id),
      status: "sold",
      sellerId: people.other.id,
      resalePrice: "1",
      advertisedAt: new Date().toISOString(),
      title: "Forged",
      confirmedAt: "2000-01-01",
    });
    const after = (await row(target.id))!;
    expect(after).toMatchObject({
      status: "sold",
      sellerId: people.seller.id,
      resalePrice: 2_000_000,
      advertisedAt: null,
      title: before.title,
      confirmedAt: before.confirmedAt,
    });
  });
});

describe("reminder emails", () => {
  async function outbox(): Promise<string[]> {
    const files = await fs.readdir(t.outbox).catch(() => []);
    const texts = await Promise.all(
      files.sort().map((file) => fs.readFile(path.join(t.outbox, file), "utf8")),
    );
    // Undo quoted-printable soft line breaks so sentences can be matched whole.
    return texts.map((text) => text.replace(/=\n/g, ""));
  }

  test("each seller is emailed once per car, a week before it leaves the lists", async () => {
    // Only these cars are due: everything else here was confirmed recently.
    await t.db.update(listing).set({ confirmedAt: new Date(), reminderSentAt: null });
    const now = new Date();
    const due = await car({
      title: "Due Hatchback",
      confirmedAt: new Date(now.getTime() - 54 * DAY_MS),
    });
    const late = await car({
      title: "Late Wagon",
      confirmedAt: new Date(now.getTime() - 75 * DAY_MS),
    });
    const early = await car({ confirmedAt: new Date(now.getTime() - 50 * DAY_MS) });
    const sold = await car({ status: "sold", confirmedAt: new Date(now.getTime() - 54 * DAY_MS) });
    const before = await outbox();

    // Two processes at once: every reminder still goes out exactly once.
    const counts = await Promise.all([
      sendListingReminders(t.services, now),
      sendListingReminders(t.services, now),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await sendListingReminders(t.services, now)).toBe(0);

    const mails = (await outbox()).slice(before.length);
    expect(mails).toHaveLength(2);
    const dueMail = mails.find((m) => m.includes("Due Hatchback"))!;
    expect(dueMail).toContain("To: seller@my-products.example");
    expect(dueMail).toContain("Subject: Is your Due Hatchback still for sale?");
    expect(dueMail).toContain("http://localhost:3000/dashboard/myProducts");
    expect(dueMail).toMatch(/If you don't confirm it by/);
    expect(dueMail).toMatch(/It is not deleted/);
    const lateMail = mails.find((m) => m.includes("Late Wagon"))!;
    expect(lateMail).toMatch(/it is no longer shown/);

    expect((await row(due.id))!.reminderSentAt).toEqual(now);
    expect((await row(late.id))!.reminderSentAt).toEqual(now);
    expect((await row(early.id))!.reminderSentAt).toBeNull();
    expect((await row(sold.id))!.reminderSentAt).toBeNull();

    // Confirming starts over: the next reminder comes 53 days later.
    await post("seller", { intent: "confirm", id: String(due.id) });
    expect(await sendListingReminders(t.services, new Date())).toBe(0);
    const later = new Date(Date.now() + 54 * DAY_MS);
    expect(await sendListingReminders(t.services, later)).toBeGreaterThanOrEqual(1);
    expect((await row(due.id))!.reminderSentAt).toEqual(later);
  });

  test("a message that cannot be sent is released for the next run", async () => {
    await t.db.update(listing).set({ confirmedAt: new Date(), reminderSentAt: null });
    const now = new Date();
    const due = await car({ confirmedAt: new Date(now.getTime() - 55 * DAY_MS) });
    const failing = {
      ...t.services,
      mailer: {
        outbox: null,
        send: () => Promise.reject(new Error("SMTP down")),
      },
    };
    expect(await sendListingReminders(failing, now)).toBe(0);
    expect((await row(due.id))!.reminderSentAt).toBeNull();
    expect(await sendListingReminders(t.services, now)).toBe(1);
  });
});
