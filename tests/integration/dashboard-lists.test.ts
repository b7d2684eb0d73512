// The dashboard's figures and paged lists that pick a page of ids before reading
// rows (written for sellers with thousands of cars): exact figures, newest first,
// pages that neither overlap nor skip, and only the viewer's own rows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { listing, report, wishlist } from "#app/db/schema.ts";
import { findUsers } from "#app/models/admin-users.server.ts";
import { USERS_PAGE_SIZE } from "#app/models/admin-users.ts";
import { getDashboardSummary } from "#app/models/dashboard.server.ts";
import { findSellerListings, MY_LISTINGS_PAGE_SIZE } from "#app/models/listing-manage.server.ts";
import { findMyBuyers, findMyOrders } from "#app/models/order.server.ts";
import { findWishlist, saveToWishlist, WISHLIST_PAGE_SIZE } from "#app/models/wishlist.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import { createCategories, createListing, createOrder, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

let t: TestEnv;
let categoryId: number;
const minutesAgo = (minutes: number) => new Date(Date.UTC(2026, 0, 1) - minutes * 60_000);

function viewer(row: { id: string; name: string; email: string }, role: SessionUser["role"]) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: null,
    role,
    verified: false,
    emailVerified: true,
    language: null,
  };
}

async function placeOrder(
  car: Parameters<typeof createOrder>[1],
  buyerId: string,
  status: "open" | "cancelled" | "closed",
  minutes: number,
) {
  const row = await createOrder(t.db, car, buyerId, {
    buyerName: `Buyer ${minutes}`,
    status,
    closedReason: status === "closed" ? "sold" : null,
    createdAt: minutesAgo(minutes),
  });
  return row.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  categoryId = sedan!.id;
});
afterAll(async () => {
  await t.close();
});

describe("the dashboard overview", () => {
  test("a seller's figures count only their cars and the open requests for them", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const other = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const mine = { sellerId: seller.id, categoryId };
    const cars = [
      await createListing(t.db, { ...mine, status: "available", advertisedAt: new Date() }),
      await createListing(t.db, { ...mine, status: "available" }),
      await createListing(t.db, { ...mine, status: "available" }),
      await createListing(t.db, { ...mine, status: "sold", advertisedAt: new Date() }),
      await createListing(t.db, { ...mine, status: "sold" }),
    ];
    const theirs = await createListing(t.db, { sellerId: other.id, categoryId });
    await placeOrder(cars[0]!, buyer.id, "open", 1);
    await placeOrder(cars[1]!, buyer.id, "open", 2);
    await placeOrder(cars[2]!, buyer.id, "cancelled", 3);
    await placeOrder(cars[3]!, buyer.id, "closed", 4);
    await placeOrder(theirs, buyer.id, "open", 5);

    const figures = await getDashboardSummary(t.db, viewer(seller, "seller"));
    expect(Object.fromEntries(figures.map((figure) => [figure.label, figure.value]))).toEqual({
      "Cars for sale": 3,
      "Cars sold": 2,
      Advertised: 2,
      "Buyers waiting": 2,
    });
    const none = await getDashboardSummary(
      t.db,
      viewer(await createUser(t.db, { role: "seller" }), "seller"),
    );
    expect(none.map((figure) => figure.value)).toEqual([0, 0, 0, 0]);
  });

  test("a buyer's figures count only their open requests and saved cars", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const other = await createUser(t.db, { role: "buyer" });
    const cars = await Promise.all(
      [1, 2, 3].map(() => createListing(t.db, { sellerId: seller.id, categoryId })),
    );
    await placeOrder(cars[0]!, buyer.id, "open", 1);
    await placeOrder(cars[1]!, buyer.id, "cancelled", 2);
    await placeOrder(cars[2]!, buyer.id, "closed", 3);
    await placeOrder(cars[1]!, other.id, "open", 4);
    await t.db.insert(wishlist).values([
      { userId: buyer.id, listingId: cars[0]!.id, listingTitle: cars[0]!.title },
      { userId: buyer.id, listingId: cars[1]!.id, listingTitle: cars[1]!.title },
      { userId: other.id, listingId: cars[2]!.id, listingTitle: cars[2]!.title },
    ]);
    const figures = await getDashboardSummary(t.db, viewer(buyer, "buyer"));
    expect(Object.fromEntries(figures.map((figure) => [figure.label, figure.value]))).toEqual({
      "Open orders": 1,
      "Saved cars": 2,
    });
  });

  test("an admin's figures count each role and the open reports", async () => {
    const fresh = await createTestDatabase();
    try {
      const [sedan] = await createCategories(fresh.db);
      const admin = await createUser(fresh.db, { role: "admin" });
      const sellers = [
        await createUser(fresh.db, { role: "seller" }),
        await createUser(fresh.db, { role: "seller" }),
      ];
      const buyers = await Promise.all(
        [1, 2, 3].map(() => createUser(fresh.db, { role: "buyer" })),
      );
      const car = await createListing(fresh.db, {
        sellerId: sellers[0]!.id,
        categoryId: sedan!.id,
      });
      await fresh.db.insert(report).values([
        { listingId: car.id, reporterId: buyers[0]!.id, reason: "scam" },
        { listingId: car.id, reporterId: buyers[1]!.id, reason: "other" },
        { listingId: car.id, reporterId: buyers[2]!.id, reason: "other", resolvedAt: new Date() },
      ]);
      const figures = await getDashboardSummary(fresh.db, viewer(admin, "admin"));
      expect(Object.fromEntries(figures.map((figure) => [figure.label, figure.value]))).toEqual({
        Sellers: 2,
        Buyers: 3,
        Admins: 1,
        "Open reports": 2,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe("pages of ids first", () => {
  test("My Products: the seller's cars newest first, page after page", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const other = await createUser(t.db, { role: "seller" });
    const count = MY_LISTINGS_PAGE_SIZE + 5;
    // Created out of order, two at the same moment (the id breaks the tie).
    for (let i = 0; i < count; i++) {
      const minutes = (i * 7) % count === 4 ? 3 : (i * 7) % count;
      await createListing(t.db, {
        sellerId: seller.id,
        categoryId,
        createdAt: minutesAgo(minutes),
      });
      await createListing(t.db, { sellerId: other.id, categoryId, createdAt: minutesAgo(i) });
    }
    const rows = await t.db
      .select({ id: listing.id, createdAt: listing.createdAt })
      .from(listing)
      .where(eq(listing.sellerId, seller.id));
    const expected = rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((row) => row.id);
    const now = new Date();
    const first = await findSellerListings(t.db, t.storage, { sellerId: seller.id, page: 1, now });
    const second = await findSellerListings(t.db, t.storage, { sellerId: seller.id, page: 2, now });
    expect(first).toMatchObject({ total: count, page: 1, pageCount: 2 });
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected);
    // Each row is joined to its category and cover photo; the seller comes once.
    expect(first.rows[0]).toMatchObject({
      category: { name: "Sedan" },
      photo: { width: 1600, height: 1000 },
    });
    expect(first.seller).toMatchObject({ name: seller.name, email: seller.email });
  });

  test("My Buyers: the open requests for the seller's cars, newest first, page after page", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const other = await createUser(t.db, { role: "seller" });
    const cars = [
      await createListing(t.db, { sellerId: seller.id, categoryId }),
      await createListing(t.db, { sellerId: seller.id, categoryId }),
    ];
    const elsewhere = await createListing(t.db, { sellerId: other.id, categoryId });
    const open: { id: number; minutes: number }[] = [];
    for (let i = 0; i < 23; i++) {
      const buyer = await createUser(t.db, { role: "buyer" });
      // Two requests share a moment (the id breaks the tie).
      const minutes = i === 5 ? 4 : i;
      open.push({ id: await placeOrder(cars[i % 2]!, buyer.id, "open", minutes), minutes });
      await placeOrder(cars[i % 2]!, buyer.id, i % 3 ? "cancelled" : "closed", i + 100);
      await placeOrder(elsewhere, buyer.id, "open", i);
    }
    const expected = open
      .sort((a, b) => a.minutes - b.minutes || b.id - a.id)
      .map((request) => request.id);
    const first = await findMyBuyers(t.db, seller.id, 1);
    const second = await findMyBuyers(t.db, seller.id, 2);
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected);
    expect(first.rows.every((row) => cars.some((car) => car.id === row.listingId))).toBe(true);
    expect(first.rows[0]).not.toHaveProperty("total");
    // Past the end: the last page, counted on its own.
    const beyond = await findMyBuyers(t.db, seller.id, 9);
    expect(beyond).toMatchObject({ total: 23, page: 2, pageCount: 2 });
    expect(beyond.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
  });

  test("My Orders: the buyer's open and closed requests, newest first, page after page", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const someoneElse = await createUser(t.db, { role: "buyer" });
    const shown: { id: number; minutes: number }[] = [];
    for (let i = 0; i < 23; i++) {
      const car = await createListing(t.db, { sellerId: seller.id, categoryId });
      const status = i % 4 === 0 ? "closed" : "open";
      shown.push({ id: await placeOrder(car, buyer.id, status, i), minutes: i });
      await placeOrder(car, buyer.id, "cancelled", i + 100);
      await placeOrder(car, someoneElse.id, "open", i);
    }
    const expected = shown.map((request) => request.id);
    const first = await findMyOrders(t.db, buyer.id, 1);
    const second = await findMyOrders(t.db, buyer.id, 2);
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected);
    expect(first.rows[0]).not.toHaveProperty("total");
    const beyond = await findMyOrders(t.db, buyer.id, 9);
    expect(beyond).toMatchObject({ total: 23, page: 2, pageCount: 2 });
    expect(beyond.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
    expect(await findMyOrders(t.db, seller.id, 3)).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  test("My Wishlist: the person's saved cars, newest first, page after page", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const someoneElse = await createUser(t.db, { role: "buyer" });
    const savedIds: number[] = [];
    for (let i = 0; i < WISHLIST_PAGE_SIZE + 3; i++) {
      const car = await createListing(t.db, { sellerId: seller.id, categoryId });
      await saveToWishlist(t.db, buyer.id, car.id);
      await saveToWishlist(t.db, someoneElse.id, car.id);
      savedIds.push(car.id);
    }
    const first = await findWishlist(t.db, buyer.id, 1);
    const second = await findWishlist(t.db, buyer.id, 2);
    const total = WISHLIST_PAGE_SIZE + 3;
    expect(first).toMatchObject({ total, page: 1, pageCount: 2 });
    expect([...first.rows, ...second.rows].map((row) => row.listingId)).toEqual(
      savedIds.toReversed(),
    );
    expect(first.rows[0]).not.toHaveProperty("total");
    const beyond = await findWishlist(t.db, buyer.id, 9);
    expect(beyond).toMatchObject({ total, page: 2, pageCount: 2 });
    expect(beyond.rows).toEqual(second.rows);
  });

  test("the admin's user lists: newest first, page after page, one role or everyone", async () => {
    const fresh = await createTestDatabase();
    try {
      const made: { id: string; createdAt: Date; role: string }[] = [];
      for (let i = 0; i < USERS_PAGE_SIZE + 7; i++) {
        const role = i % 4 === 0 ? "seller" : "buyer";
        // Some accounts made at the same moment (the id breaks the tie).
        const createdAt = minutesAgo(i % 5 === 0 ? 0 : i);
        made.push(await createUser(fresh.db, { role, createdAt }));
      }
      const newestFirst = (a: (typeof made)[number], b: (typeof made)[number]) =>
        b.createdAt.getTime() - a.createdAt.getTime() || (b.id > a.id ? 1 : -1);
      const everyone = [
        ...(await findUsers(fresh.db, { role: null, q: "", page: 1 })).rows,
        ...(await findUsers(fresh.db, { role: null, q: "", page: 2 })).rows,
      ];
      expect(everyone.map((row) => row.id)).toEqual([...made].sort(newestFirst).map((u) => u.id));
      const buyers = await findUsers(fresh.db, { role: "buyer", q: "", page: 1 });
      expect(buyers.rows.map((row) => row.id)).toEqual(
        made
          .filter((u) => u.role === "buyer")
          .sort(newestFirst)
          .slice(0, USERS_PAGE_SIZE)
          .map((u) => u.id),
      );
      expect(buyers.rows[0]).not.toHaveProperty("total");
      // Past the end: the last page, counted on its own (from user_role_count).
      const beyond = await findUsers(fresh.db, { role: null, q: "", page: 40 });
      expect([beyond.page, beyond.pageCount, beyond.total]).toEqual([2, 2, made.length]);
      expect(beyond.rows.map((row) => row.id)).toEqual(
        [...made]
          .sort(newestFirst)
          .slice(USERS_PAGE_SIZE)
          .map((u) => u.id),
      );
    } finally {
      await fresh.close();
    }
  });
});
