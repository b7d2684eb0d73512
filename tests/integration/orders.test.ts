// Buying: contact requests (orders), My Orders, My Buyers and the wishlist, at the
// loader/action boundary against a real database, with the emails in the outbox.
import fs from "node:fs/promises";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { listing, order, rateLimit, wishlist } from "#app/db/schema.ts";
import { ORDER_MESSAGES } from "#app/models/order.ts";
import { WISHLIST_MESSAGES } from "#app/models/wishlist.ts";
import * as myOrders from "#app/routes/dashboard/my-orders/route.tsx";
import * as myProducts from "#app/routes/dashboard/my-products/route.tsx";
import * as myBuyers from "#app/routes/dashboard/seller/my-buyers/route.tsx";
import * as wishlistPage from "#app/routes/dashboard/wishlist/route.tsx";
import * as browse from "#app/routes/products/browse/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import * as wishlistAction from "#app/routes/resources/wishlist/route.tsx";
import { popToast } from "#app/services/toast.server.ts";
import { createCategories, createListing } from "#tests/factories.ts";
import { readOutbox } from "#scripts/test/lib/outbox.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import {
  callAction,
  callLoaderAs,
  cookieFrom,
  dataOf,
  responseOf,
  thrownStatus,
} from "./helpers.ts";
import { signIn } from "./listing-helpers.ts";

let t: TestEnv;
let sedanId: number;
type Person = { id: string; cookie: string };
let seller: Person;
let otherSeller: Person;
let buyer: Person;
let otherBuyer: Person;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  seller = await signIn(t, "seller");
  otherSeller = await signIn(t, "seller");
  buyer = await signIn(t, "buyer");
  otherBuyer = await signIn(t, "buyer");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await fs.rm(t.outbox, { recursive: true, force: true });
  // Each test starts with fresh limits; mail-limits.test.ts tests them.
  await t.db.delete(rateLimit);
});

const car = (overrides: Partial<typeof listing.$inferInsert> = {}) =>
  createListing(t.db, { sellerId: seller.id, categoryId: sedanId, ...overrides });

const goodForm = {
  intent: "order",
  buyerName: "Liam Carter",
  meetingLocation: "Central Station car park",
  buyerPhone: "+1 (512) 555-0100",
};

function contact(who: Person | null, id: number, form: Record<string, string> = goodForm) {
  return callAction(detail.action, {
    path: `/dashboard/productDetails/${id}?contact`,
    params: { id: String(id) },
    form,
    context: t.context(),
    cookie: who?.cookie,
  });
}

type Reply = {
  intent: "order";
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
};

/** A refusal of the whole form: its status and the sentence Conform carries. */
const refusalOf = (value: unknown) => {
  const { status, data } = dataOf<Reply>(value);
  return { status, formError: data.result.error?.[""]?.[0] };
};

async function toastOf(response: Response) {
  const { toast } = await popToast(
    t.services.config,
    new Request("http://localhost:3000/", { headers: { cookie: cookieFrom(response) } }),
  );
  return toast;
}

const mails = () => readOutbox(t.outbox);

const openOrders = (listingId: number, buyerId = buyer.id) =>
  t.db
    .select()
    .from(order)
    .where(
      and(eq(order.listingId, listingId), eq(order.buyerId, buyerId), eq(order.status, "open")),
    );

describe("contact the seller", () => {
  test("every empty field gets the spec's message", async () => {
    const target = await car();
    const reply = dataOf<Reply>(
      await contact(buyer, target.id, {
        intent: "order",
        buyerName: "",
        meetingLocation: "",
        buyerPhone: "",
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.data.result.error).toEqual({
      buyerName: ["User Name is required"],
      meetingLocation: ["Your location is required"],
      buyerPhone: ["Contact number is required"],
    });
  });

  test.each(["call me", "12345", "+1 512 555 0100 ext 9999999", "<script>"])(
    "%j is not a plausible phone number",
    async (phone) => {
      const target = await car();
      const reply = dataOf<Reply>(
        await contact(buyer, target.id, { ...goodForm, buyerPhone: phone }),
      );
      expect(reply.status).toBe(400);
      expect(reply.data.result.error?.buyerPhone).toEqual([ORDER_MESSAGES.phoneFormat]);
      expect(await openOrders(target.id)).toEqual([]);
    },
  );

  test("a request is placed, the seller is emailed (no phone in the subject), the buyer gets a copy", async () => {
    const target = await car({ title: "Blue Civic" });
    const response = await responseOf(() => contact(buyer, target.id));
    expect(response.headers.get("Location")).toBe(`/dashboard/productDetails/${target.id}`);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Order placed successfully",
    });
    const [row] = await openOrders(target.id);
    expect(row).toMatchObject({
      buyerName: "Liam Carter",
      buyerPhone: "+1 (512) 555-0100",
      meetingLocation: "Central Station car park",
      listingTitle: "Blue Civic",
      sellerId: seller.id,
    });
    const sent = await mails();
    expect(sent).toHaveLength(2);
    const [toSeller, toBuyer] = [
      sent.find((mail) => mail.body.includes("would like to see your Blue Civic"))!,
      sent.find((mail) => mail.body.includes("This is what"))!,
    ];
    expect(toSeller.subject).toBe("Liam Carter wants to see your Blue Civic");
    expect(toSeller.subject).not.toMatch(/555/);
    expect(toSeller.body).toContain("+1 (512) 555-0100");
    expect(toBuyer.subject).toBe("Your request for the Blue Civic was sent");
    expect(toBuyer.body).toContain("Central Station car park");
    // The detail page now says so instead of offering the form again.
    const page = await callLoaderAs(detail.loader, {
      path: `/dashboard/productDetails/${target.id}`,
      params: { id: String(target.id) },
      cookie: buyer.cookie,
      context: t.context(),
    });
    expect(page.openRequest).toEqual(expect.any(Number));
  });

  test("refused for one's own car, a sold car, a second open request and a missing car", async () => {
    const own = await car();
    const ownReply = refusalOf(await contact(seller, own.id));
    expect(ownReply).toEqual({ status: 409, formError: ORDER_MESSAGES.ownCar });

    const sold = await car({ status: "sold" });
    const soldReply = refusalOf(await contact(buyer, sold.id));
    expect(soldReply).toEqual({ status: 409, formError: ORDER_MESSAGES.soldCar });

    const wanted = await car();
    await responseOf(() => contact(buyer, wanted.id));
    const again = refusalOf(await contact(buyer, wanted.id));
    expect(again).toEqual({ status: 409, formError: ORDER_MESSAGES.duplicate });
    expect(await openOrders(wanted.id)).toHaveLength(1);

    const missing = refusalOf(await contact(buyer, 999_999));
    expect(missing).toEqual({ status: 404, formError: ORDER_MESSAGES.missingCar("Carlot") });
    for (const target of [own, sold]) {
      expect(await t.db.select().from(order).where(eq(order.listingId, target.id))).toEqual([]);
    }
  });

  test("20 concurrent double submits make exactly one request", async () => {
    const target = await car();
    await Promise.allSettled(Array.from({ length: 20 }, () => contact(otherBuyer, target.id)));
    expect(await openOrders(target.id, otherBuyer.id)).toHaveLength(1);
  });

  test("a visitor is sent to log in and back", async () => {
    const target = await car();
    const response = await responseOf(() => contact(null, target.id));
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  test("forged fields are ignored: the request is the signed-in buyer's, for this car", async () => {
    const target = await car();
    const decoy = await car();
    await responseOf(() =>
      contact(buyer, target.id, {
        ...goodForm,
        buyerId: otherBuyer.id,
        listingId: String(decoy.id),
        status: "closed",
      }),
    );
    const [row] = await openOrders(target.id);
    expect(row?.buyerId).toBe(buyer.id);
    expect(await t.db.select().from(order).where(eq(order.listingId, decoy.id))).toEqual([]);
  });
});

describe("My Orders", () => {
  const list = (who: Person, pathname = "/dashboard/myorders") =>
    callLoaderAs(myOrders.loader, { path: pathname, cookie: who.cookie, context: t.context() });
  const cancel = (who: Person, id: number | string) =>
    callAction(myOrders.action, {
      path: "/dashboard/myorders",
      form: { intent: "cancel", id: String(id) },
      cookie: who.cookie,
      context: t.context(),
    });

  test("lists the buyer's requests; cancelling one says 'Deleted successfully'", async () => {
    const target = await car({ title: "Red Mustang" });
    await responseOf(() => contact(otherBuyer, target.id));
    const before = await list(otherBuyer);
    const mine = before.rows.find((row) => row.car?.id === target.id);
    expect(mine).toMatchObject({ title: "Red Mustang", note: null });
    expect(mine?.car?.seller.email).toBeTruthy();

    const response = await responseOf(() => cancel(otherBuyer, mine!.id));
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Deleted successfully",
    });
    const after = await list(otherBuyer);
    expect(after.rows.find((row) => row.id === mine!.id)).toBeUndefined();
  });

  test("another buyer's request cannot be cancelled (a canary stays open)", async () => {
    const target = await car();
    await responseOf(() => contact(buyer, target.id));
    const [canary] = await openOrders(target.id);
    for (const id of [canary!.id, "abc", "-1", "0x10"]) {
      const reply = dataOf<{ error: string }>(await cancel(otherBuyer, id));
      expect(reply.status).toBe(404);
    }
    expect(await openOrders(target.id)).toHaveLength(1);
    // The canary's details never reach the other buyer's list.
    expect(JSON.stringify(await list(otherBuyer))).not.toContain(String(canary!.buyerPhone));
  });

  test("an empty list for someone who asked for nothing", async () => {
    const newcomer = await signIn(t, "buyer");
    expect((await list(newcomer)).rows).toEqual([]);
  });
});

describe("My Buyers and the buyer's contact details", () => {
  const page = (who: Person, search = "") =>
    callLoaderAs(myBuyers.loader, {
      path: `/dashboard/mybuyers${search}`,
      cookie: who.cookie,
      context: t.context(),
    });

  test("the seller sees who asked; the phone only on request, only for their car, only while open", async () => {
    const target = await car({ title: "Green Jeep" });
    const privateBuyer = await signIn(t, "buyer");
    await responseOf(() =>
      contact(privateBuyer, target.id, {
        ...goodForm,
        buyerName: "Ana",
        buyerPhone: "+44 20 7946 0999",
      }),
    );
    const [request] = await openOrders(target.id, privateBuyer.id);

    const list = await page(seller);
    expect(list.rows.find((row) => row.id === request!.id)).toMatchObject({
      buyerName: "Ana",
      listingTitle: "Green Jeep",
    });
    // The list's page data carries no phone numbers or meeting places.
    expect(JSON.stringify(list)).not.toContain("7946");
    expect(JSON.stringify(list)).not.toContain("Central Station");

    const opened = await page(seller, `?contact=${request!.id}`);
    expect(opened.contact).toMatchObject({
      phone: "+44 20 7946 0999",
      meetingLocation: "Central Station car park",
    });

    // Another seller asking for it gets nothing.
    expect(await thrownStatus(() => page(otherSeller, `?contact=${request!.id}`))).toBe(404);
    expect(JSON.stringify(await page(otherSeller))).not.toContain("7946");

    // Once the buyer cancels, the seller no longer sees it.
    await responseOf(() =>
      callAction(myOrders.action, {
        path: "/dashboard/myorders",
        form: { intent: "cancel", id: String(request!.id) },
        cookie: privateBuyer.cookie,
        context: t.context(),
      }),
    );
    expect(await thrownStatus(() => page(seller, `?contact=${request!.id}`))).toBe(404);
    expect(JSON.stringify(await page(seller))).not.toContain("Ana");
  });

  test("buyers cannot open My Buyers", async () => {
    expect(await thrownStatus(() => page(buyer))).toBe(403);
  });
});

describe("the wishlist", () => {
  const post = (who: Person | null, form: Record<string, string>) =>
    responseOf(() =>
      callAction(wishlistAction.action, {
        path: "/wishlist",
        form,
        cookie: who?.cookie,
        context: t.context(),
      }),
    );
  const saved = (who: Person) =>
    callLoaderAs(wishlistPage.loader, {
      path: "/dashboard/wishlist",
      cookie: who.cookie,
      context: t.context(),
    });

  test("save and remove, back to the page the button was on, with the saved state on pages", async () => {
    const fan = await signIn(t, "buyer");
    const target = await car({ title: "Silver Golf" });
    const response = await post(fan, {
      intent: "save",
      listingId: String(target.id),
      redirectTo: "/products/allProducts?page=1",
    });
    expect(response.headers.get("Location")).toBe("/products/allProducts?page=1");
    expect(await toastOf(response)).toMatchObject({ message: WISHLIST_MESSAGES.saved });
    // Saving twice keeps one entry.
    await post(fan, { intent: "save", listingId: String(target.id) });
    expect((await saved(fan)).rows.map((row) => row.car?.id)).toEqual([target.id]);

    const page = await callLoaderAs(detail.loader, {
      path: `/dashboard/productDetails/${target.id}`,
      params: { id: String(target.id) },
      cookie: fan.cookie,
      context: t.context(),
    });
    expect(page.saved).toBe(true);
    const list = await callLoaderAs(browse.loader, {
      path: "/products/allProducts",
      cookie: fan.cookie,
      context: t.context(),
    });
    expect(list.saved).toContain(target.id);
    const anonymous = await callLoaderAs(browse.loader, {
      path: "/products/allProducts",
      context: t.context(),
    });
    expect(anonymous.saved).toBeNull();

    const removed = await post(fan, { intent: "remove", listingId: String(target.id) });
    expect(await toastOf(removed)).toMatchObject({ message: WISHLIST_MESSAGES.removed });
    expect((await saved(fan)).rows).toEqual([]);
  });

  test("sold and removed cars stay listed and say so", async () => {
    const fan = await signIn(t, "buyer");
    const sold = await car({ title: "Old Beetle" });
    const gone = await car({ title: "Vanished Van" });
    await post(fan, { intent: "save", listingId: String(sold.id) });
    await post(fan, { intent: "save", listingId: String(gone.id) });
    await t.db.update(listing).set({ status: "sold" }).where(eq(listing.id, sold.id));
    await t.db.delete(listing).where(eq(listing.id, gone.id));
    const rows = (await saved(fan)).rows;
    expect(rows.find((row) => row.title === "Old Beetle")?.note).toBe(
      "Sold: this car is no longer for sale.",
    );
    const vanished = rows.find((row) => row.title === "Vanished Van");
    expect(vanished).toMatchObject({ car: null, note: "This car is no longer on Carlot." });
    // A gone car's entry is removed by its own id.
    await post(fan, { intent: "remove", entryId: String(vanished!.id) });
    expect((await saved(fan)).rows.map((row) => row.title)).toEqual(["Old Beetle"]);
  });

  test("one person's entries cannot be removed by another", async () => {
    const fan = await signIn(t, "buyer");
    const target = await car();
    await post(fan, { intent: "save", listingId: String(target.id) });
    const [entry] = await t.db.select().from(wishlist).where(eq(wishlist.userId, fan.id));
    const reply = dataOf<{ error: string }>(
      await callAction(wishlistAction.action, {
        path: "/wishlist",
        form: { intent: "remove", entryId: String(entry!.id) },
        cookie: otherBuyer.cookie,
        context: t.context(),
      }),
    );
    expect(reply.status).toBe(404);
    expect(await t.db.select().from(wishlist).where(eq(wishlist.userId, fan.id))).toHaveLength(1);
  });

  test("a visitor is sent to log in, then back to the page the button was on", async () => {
    const target = await car();
    const response = await post(null, {
      intent: "save",
      listingId: String(target.id),
      redirectTo: `/dashboard/productDetails/${target.id}`,
    });
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/dashboard/productDetails/${target.id}`)}`,
    );
  });
});

const myBuyersOf = (who: Person) =>
  callLoaderAs(myBuyers.loader, {
    path: "/dashboard/mybuyers",
    cookie: who.cookie,
    context: t.context(),
  });

describe("a car sold or removed closes its open requests", () => {
  const manage = (form: Record<string, string>) =>
    responseOf(() =>
      callAction(myProducts.action, {
        path: "/dashboard/myProducts",
        form,
        cookie: seller.cookie,
        context: t.context(),
      }),
    );

  test("marking it Sold closes them in the same step and tells the buyers", async () => {
    const target = await car({ title: "Yellow Beetle" });
    const fan = await signIn(t, "buyer");
    await responseOf(() => contact(fan, target.id, { ...goodForm, buyerName: "Zoe" }));
    await fs.rm(t.outbox, { recursive: true, force: true });

    const waiting = (await myBuyersOf(seller)).total;
    await manage({ intent: "status", id: String(target.id), status: "sold" });
    const [row] = await t.db.select().from(order).where(eq(order.buyerId, fan.id));
    expect(row).toMatchObject({ status: "closed", closedReason: "sold", sellerId: seller.id });
    expect((await myBuyersOf(seller)).total).toBe(waiting - 1);
    const sent = await mails();
    expect(sent.map((mail) => mail.subject)).toEqual(["The Yellow Beetle has been sold"]);
    expect(sent[0]!.body).toContain("the seller no longer sees your contact details");

    const mine = await callLoaderAs(myOrders.loader, {
      path: "/dashboard/myorders",
      cookie: fan.cookie,
      context: t.context(),
    });
    expect(mine.rows[0]).toMatchObject({ note: "Sold: your request is closed." });
    // The seller no longer has the buyer's details.
    expect(
      await thrownStatus(() =>
        callLoaderAs(myBuyers.loader, {
          path: `/dashboard/mybuyers?contact=${row!.id}`,
          cookie: seller.cookie,
          context: t.context(),
        }),
      ),
    ).toBe(404);
  });

  test("deleting it closes them, and the buyer's list still names the car", async () => {
    const target = await car({ title: "Grey Volvo" });
    const fan = await signIn(t, "buyer");
    await responseOf(() => contact(fan, target.id, { ...goodForm, buyerName: "Kai" }));
    await fs.rm(t.outbox, { recursive: true, force: true });

    const waiting = (await myBuyersOf(seller)).total;
    await manage({ intent: "delete", id: String(target.id) });
    const [row] = await t.db.select().from(order).where(eq(order.buyerId, fan.id));
    expect(row).toMatchObject({
      status: "closed",
      closedReason: "removed",
      listingId: null,
      listingTitle: "Grey Volvo",
      sellerId: null,
    });
    expect((await myBuyersOf(seller)).total).toBe(waiting - 1);
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      "The Grey Volvo is no longer on Carlot",
    ]);
    const mine = await callLoaderAs(myOrders.loader, {
      path: "/dashboard/myorders",
      cookie: fan.cookie,
      context: t.context(),
    });
    expect(mine.rows[0]).toMatchObject({
      car: null,
      title: "Grey Volvo",
      note: "This car was removed from Carlot: your request is closed.",
    });
  });

  test("a refused delete (another seller's car) closes nothing", async () => {
    const target = await car();
    const fan = await signIn(t, "buyer");
    await responseOf(() => contact(fan, target.id));
    const status = await thrownStatus(() =>
      callAction(myProducts.action, {
        path: "/dashboard/myProducts",
        form: { intent: "delete", id: String(target.id) },
        cookie: otherSeller.cookie,
        context: t.context(),
      }),
    );
    expect([403, 404]).toContain(status);
    expect(await openOrders(target.id, fan.id)).toHaveLength(1);
  });
});
