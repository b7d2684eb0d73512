// The admin's user lists and actions: search and pages, Make Admin (and removing
// admin rights, never the last admin's), Verify Seller with what was checked and
// withdrawing it, deleting accounts with everything they own (in one
// transaction), and the audit log with its filters.
import fs from "node:fs/promises";
import path from "node:path";

import { eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  account,
  auditLog,
  listing,
  listingPhoto,
  order,
  report,
  sellerVerification,
  session,
  user,
  verification,
  wishlist,
} from "#app/db/schema.ts";
import { ADMIN_MESSAGES, USERS_PAGE_SIZE } from "#app/models/admin-users.ts";
import { searchQuery } from "#app/models/admin-users.server.ts";
import { getListingDetail } from "#app/models/listing-detail.server.ts";
import { countOpenRequests, findMyBuyers } from "#app/models/order.server.ts";
import { verificationNoteText } from "#app/models/verification-note.ts";
import { VERIFICATION_MESSAGES } from "#app/models/verification.ts";
import * as users from "#app/routes/dashboard/admin/users/route.tsx";
import * as audit from "#app/routes/dashboard/admin/audit/route.tsx";
import * as dashboard from "#app/routes/dashboard/index/route.tsx";
import { createCategories, createListing, createOrder, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoaderAs } from "./helpers.ts";
import { logIn, person, post, toastOf, type Person } from "./moderation-helpers.ts";

let t: TestEnv;
let sedanId: number;
let admin: Person;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  admin = await person(t, "admin", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const PATHS = {
  user: "/dashboard/alluser",
  seller: "/dashboard/allseller",
  buyer: "/dashboard/allbuyer",
};

const act = (form: Record<string, string>, who: Person = admin, pathname = PATHS.user) =>
  post(t, users.action, { path: pathname, form, who });

const list = (query = "", pathname = PATHS.user, who: Person = admin) =>
  callLoaderAs(users.loader, {
    path: `${pathname}${query}`,
    cookie: who.cookie,
    context: t.context(),
  });

async function userRow(id: string) {
  const [row] = await t.db.select().from(user).where(eq(user.id, id));
  return row;
}

const auditOf = (subjectId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe("the lists", () => {
  test("each page shows its role, newest first, with sellers' car counts", async () => {
    const seller = await createUser(t.db, { role: "seller", name: "Listy Seller" });
    await createListing(t.db, { sellerId: seller.id, categoryId: sedanId }, { photos: 0 });
    const buyer = await createUser(t.db, { role: "buyer", name: "Listy Buyer" });
    const sellers = await list("", PATHS.seller);
    expect(sellers.title).toBe("All Sellers");
    expect(sellers.rows.every((row) => row.role === "seller")).toBe(true);
    expect(sellers.rows.find((row) => row.id === seller.id)?.listings).toBe(1);
    const buyers = await list("", PATHS.buyer);
    expect(buyers.rows.every((row) => row.role === "buyer")).toBe(true);
    expect(buyers.rows[0]?.id).toBe(buyer.id);
    const everyone = await list();
    expect(new Set(everyone.rows.map((row) => row.role))).toEqual(
      new Set(["seller", "buyer", "admin"]),
    );
  });

  test("search finds word prefixes of names and email prefixes, case-insensitively", async () => {
    const maya = await createUser(t.db, {
      role: "seller",
      name: "Maya Thompson",
      email: "maya.t@search.example",
    });
    await createUser(t.db, { role: "buyer", name: "Tom Mayfield", email: "tom@search.example" });
    const ids = async (q: string, pathname = PATHS.user) =>
      (await list(`?q=${encodeURIComponent(q)}`, pathname)).rows.map((row) => row.id);
    expect(await ids("thomp")).toEqual([maya.id]);
    expect(await ids("MAYA THOM")).toEqual([maya.id]);
    expect(await ids("maya.t@sea")).toEqual([maya.id]);
    expect((await ids("may")).length).toBe(2);
    expect(await ids("may", PATHS.buyer)).not.toContain(maya.id);
    expect(await ids("nobody-like-this")).toEqual([]);
    // Characters that mean something to LIKE or to_tsquery are only text.
    for (const odd of ["%", "_", "\\", "a & !b", "'|:*", "(", "x".repeat(500)]) {
      expect(Array.isArray(await ids(odd))).toBe(true);
    }
    expect(await ids("%")).toEqual([]);
    expect(searchQuery("Maya  O'Brien")).toBe("maya:* & o:* & brien:*");
    expect(searchQuery("%%")).toBeNull();
  });

  test(`pages of ${USERS_PAGE_SIZE}; a page past the end shows the last one`, async () => {
    for (let i = 0; i < USERS_PAGE_SIZE + 2; i++) {
      await createUser(t.db, { role: "buyer", name: `Paged Person ${i}` });
    }
    const first = await list("?q=paged");
    expect(first.rows).toHaveLength(USERS_PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    expect(first.total).toBe(USERS_PAGE_SIZE + 2);
    // Newest first, as without a search.
    const times = first.rows.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const last = await list("?q=paged&page=99");
    expect(last.page).toBe(2);
    expect(last.total).toBe(USERS_PAGE_SIZE + 2);
    expect(last.rows).toHaveLength(2);
    expect(new Set([...first.rows, ...last.rows].map((row) => row.id)).size).toBe(
      USERS_PAGE_SIZE + 2,
    );
  });

  test("buyers and sellers get a 403 page; visitors are sent to log in", async () => {
    const buyer = await person(t, "buyer");
    await expect(list("", PATHS.user, buyer)).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe("Make Admin and removing admin rights", () => {
  test("the toast says who is now an admin; it is recorded", async () => {
    const buyer = await person(t, "buyer", "Maya Promoted");
    const result = await act({ intent: "makeAdmin", id: buyer.id }, admin, PATHS.buyer);
    expect((await toastOf(t, result.response))?.message).toBe("Maya Promoted is now an admin");
    expect(result.response!.headers.get("Location")).toBe(PATHS.buyer);
    expect((await userRow(buyer.id))?.role).toBe("admin");
    const [entry] = await auditOf(buyer.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: "make_admin",
      details: { from: "buyer" },
    });
    // Their next request already has the admin's pages.
    expect((await list("", PATHS.user, buyer)).title).toBe("All Users");
    // Making an admin an admin again is refused.
    const again = await act({ intent: "makeAdmin", id: buyer.id });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: ADMIN_MESSAGES.alreadyAdmin });
  });

  test("the search and page survive the redirect", async () => {
    const buyer = await person(t, "buyer");
    const result = await post(t, users.action, {
      path: `${PATHS.user}?q=the&page=2&verify=x`,
      form: { intent: "makeAdmin", id: buyer.id },
      who: admin,
    });
    expect(result.response!.headers.get("Location")).toBe(`${PATHS.user}?q=the&page=2`);
  });

  test("an admin cannot remove the last admin's rights, their own included", async () => {
    const db = t.db;
    const admins = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    // Make Ada the only admin for this test.
    const others = admins.map((row) => row.id).filter((id) => id !== admin.id);
    if (others.length > 0)
      await db.update(user).set({ role: "buyer" }).where(inArray(user.id, others));
    const self = await act({ intent: "removeAdmin", id: admin.id });
    expect(self.status).toBe(409);
    expect(self.data).toMatchObject({ error: ADMIN_MESSAGES.lastAdmin("Carlot") });
    expect((await userRow(admin.id))?.role).toBe("admin");
    // With a second admin, either may step down.
    const second = await person(t, "admin", "Second Admin");
    const down = await act({ intent: "removeAdmin", id: second.id });
    expect((await toastOf(t, down.response))?.message).toBe("Second Admin is no longer an admin");
    expect((await userRow(second.id))?.role).toBe("buyer");
    expect((await auditOf(second.id))[0]).toMatchObject({ action: "remove_admin" });
    const notAdmin = await act({ intent: "removeAdmin", id: second.id });
    expect(notAdmin.status).toBe(409);
    if (others.length > 0)
      await db.update(user).set({ role: "admin" }).where(inArray(user.id, others));
  });
});

describe("verifying sellers", () => {
  test("asks what was checked, records it, and the badge explains itself on every car", async () => {
    const seller = await person(t, "seller", "Priya Seller");
    const cars = [
      await createListing(t.db, { sellerId: seller.id, categoryId: sedanId }),
      await createListing(t.db, { sellerId: seller.id, categoryId: sedanId }),
    ];
    const none = await act({ intent: "verify", id: seller.id }, admin, PATHS.seller);
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({
      intent: "verify",
      result: { error: { checks: [VERIFICATION_MESSAGES.checksRequired] } },
    });
    const bogus = await act(
      { intent: "verify", id: seller.id, checks: "vibes" },
      admin,
      PATHS.seller,
    );
    expect(bogus.status).toBe(400);
    expect(bogus.data).toMatchObject({
      result: { error: { checks: [VERIFICATION_MESSAGES.checksRequired] } },
    });
    expect((await userRow(seller.id))?.verified).toBe(false);

    const result = await post(t, users.action, {
      path: PATHS.seller,
      form: { intent: "verify", id: seller.id, checks: "phone" },
      who: admin,
    });
    // The checkboxes post several values under one name.
    expect(result.status).toBe(302);
    await t.db.update(user).set({ verified: false }).where(eq(user.id, seller.id));
    await t.db.delete(sellerVerification).where(eq(sellerVerification.userId, seller.id));
    const form = new FormData();
    form.append("intent", "verify");
    form.append("id", seller.id);
    form.append("checks", "phone");
    form.append("checks", "identity");
    const response = await users.action({
      request: new Request(`http://localhost:3000${PATHS.seller}`, {
        method: "POST",
        body: form,
        headers: { cookie: admin.cookie },
      }),
      url: new URL(`http://localhost:3000${PATHS.seller}`),
      params: {},
      context: t.context(),
      pattern: "",
    } as never);
    expect((await toastOf(t, response as Response))?.message).toBe(VERIFICATION_MESSAGES.verified);
    expect((await userRow(seller.id))?.verified).toBe(true);
    const [details] = await t.db
      .select()
      .from(sellerVerification)
      .where(eq(sellerVerification.userId, seller.id));
    expect(details).toMatchObject({
      checks: ["identity", "phone"],
      verifiedBy: admin.id,
      withdrawnAt: null,
    });
    for (const each of cars) {
      const shown = await getListingDetail(t.db, t.storage, each.id);
      expect(shown?.seller.verified).toBe(true);
      expect(verificationNoteText(shown?.seller.verification, "Carlot")).toBe(
        verificationNoteText(
          {
            at: details!.verifiedAt.toISOString(),
            checks: ["identity", "phone"],
          },
          "Carlot",
        ),
      );
    }
    expect(
      verificationNoteText({ at: "2026-03-03T10:00:00Z", checks: ["phone", "identity"] }, "Carlot"),
    ).toBe("Verified by Carlot on 3 March 2026: identity document, phone");
    expect(verificationNoteText(null, "Harbour Motors")).toBe("Verified by Harbour Motors.");
    // Once verified, verifying again is refused; the list shows the details.
    expect((await act({ intent: "verify", id: seller.id, checks: "phone" })).status).toBe(409);
    const row = (await list(`?q=${encodeURIComponent(seller.email)}`, PATHS.seller)).rows[0];
    expect(row?.verification).toMatchObject({ checks: ["identity", "phone"], withdrawnAt: null });
    expect((await auditOf(seller.id)).map((entry) => entry.action)).toContain("verify_seller");
  });

  test("only sellers can be verified", async () => {
    const buyer = await person(t, "buyer");
    const result = await act({ intent: "verify", id: buyer.id, checks: "phone" });
    expect(result.status).toBe(409);
    // The list says it; the verify form gets it as Conform's result, shown in the dialog.
    expect(result.data).toMatchObject({
      error: VERIFICATION_MESSAGES.notSeller,
      result: { error: { "": [VERIFICATION_MESSAGES.notSeller] } },
    });
    expect((await userRow(buyer.id))?.verified).toBe(false);
  });

  test("withdrawing needs a reason; the badge goes from every car at once", async () => {
    const seller = await person(t, "seller", "Withdrawn Seller");
    const mine = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
    await act({ intent: "verify", id: seller.id, checks: "in_person" });
    const empty = await act({ intent: "withdraw", id: seller.id, reason: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      intent: "withdraw",
      result: { error: { reason: [VERIFICATION_MESSAGES.reasonRequired] } },
    });
    const long = await act({ intent: "withdraw", id: seller.id, reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    // What was typed comes back, so the form keeps it.
    expect(long.data).toMatchObject({
      result: {
        initialValue: { reason: "x".repeat(501) },
        error: { reason: [VERIFICATION_MESSAGES.reasonTooLong] },
      },
    });
    const result = await act({
      intent: "withdraw",
      id: seller.id,
      reason: "Phone number no longer works",
    });
    expect((await toastOf(t, result.response))?.message).toBe(
      "Withdrawn Seller is no longer verified",
    );
    expect((await userRow(seller.id))?.verified).toBe(false);
    expect((await getListingDetail(t.db, t.storage, mine.id))?.seller).toMatchObject({
      verified: false,
      verification: null,
    });
    const [details] = await t.db
      .select()
      .from(sellerVerification)
      .where(eq(sellerVerification.userId, seller.id));
    expect(details).toMatchObject({
      withdrawnBy: admin.id,
      withdrawalReason: "Phone number no longer works",
    });
    const [entry] = (await auditOf(seller.id)).filter(
      (row) => row.action === "withdraw_verification",
    );
    expect(entry?.details).toMatchObject({ reason: "Phone number no longer works" });
    expect((await act({ intent: "withdraw", id: seller.id, reason: "again" })).status).toBe(409);
  });
});

describe("deleting accounts", () => {
  test("a seller goes with their cars, files, requests, reports, wishlist and sessions", async () => {
    const seller = await person(t, "seller", "Doomed Seller");
    const buyer = await person(t, "buyer", "Waiting Buyer");
    const cars = [
      await createListing(t.db, { sellerId: seller.id, categoryId: sedanId }, { photos: 2 }),
      await createListing(t.db, { sellerId: seller.id, categoryId: sedanId }),
    ];
    const elsewhere = await createListing(t.db, {
      sellerId: (await person(t, "seller")).id,
      categoryId: sedanId,
    });
    const keys = (
      await t.db
        .select()
        .from(listingPhoto)
        .where(
          inArray(
            listingPhoto.listingId,
            cars.map((c) => c.id),
          ),
        )
    ).map((photo) => photo.smallKey);
    for (const key of keys) await t.storage.put(key, Buffer.from("x"), "image/webp");
    // Another buyer's open request for one of the seller's cars, and the seller's own
    // request, report and wishlist entry as a buyer of someone else's car.
    await createOrder(t.db, cars[0]!, buyer.id, {
      buyerName: "Waiting Buyer",
      buyerPhone: "+1 512 555 0111",
      meetingLocation: "Park",
    });
    await createOrder(t.db, elsewhere, seller.id, {
      buyerName: "Doomed Seller",
      buyerPhone: "+1 512 555 0112",
      meetingLocation: "Mall",
    });
    await t.db.insert(report).values([
      { listingId: elsewhere.id, reporterId: seller.id, reason: "scam" },
      { listingId: cars[1]!.id, reporterId: buyer.id, reason: "offensive" },
    ]);
    await t.db
      .insert(wishlist)
      .values({ userId: seller.id, listingId: elsewhere.id, listingTitle: elsewhere.title });
    await t.db
      .insert(wishlist)
      .values({ userId: buyer.id, listingId: cars[0]!.id, listingTitle: cars[0]!.title });
    await t.db.insert(verification).values({
      id: "reset-1",
      identifier: "reset-password:abc",
      value: seller.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await act({ intent: "verify", id: seller.id, checks: "phone" });
    const outboxBefore = await fs.readdir(t.outbox).catch(() => [] as string[]);

    const result = await act({ intent: "delete", id: seller.id }, admin, PATHS.seller);
    expect((await toastOf(t, result.response))?.message).toBe("Successfully Deleted The Seller");

    expect(await userRow(seller.id)).toBeUndefined();
    const carIds = cars.map((c) => c.id);
    expect(await t.db.select().from(listing).where(eq(listing.sellerId, seller.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(listingPhoto).where(inArray(listingPhoto.listingId, carIds)),
    ).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(report)
        .where(or(eq(report.reporterId, seller.id), inArray(report.listingId, carIds))),
    ).toHaveLength(0);
    expect(await t.db.select().from(order).where(eq(order.buyerId, seller.id))).toHaveLength(0);
    expect(await t.db.select().from(wishlist).where(eq(wishlist.userId, seller.id))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(session).where(eq(session.userId, seller.id))).toHaveLength(0);
    expect(await t.db.select().from(account).where(eq(account.userId, seller.id))).toHaveLength(0);
    expect(
      await t.db.select().from(verification).where(eq(verification.value, seller.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(sellerVerification).where(eq(sellerVerification.userId, seller.id)),
    ).toHaveLength(0);
    // The other buyer's request stays in their list, closed, and they were told.
    const [theirs] = await t.db.select().from(order).where(eq(order.buyerId, buyer.id));
    expect(theirs).toMatchObject({
      status: "closed",
      closedReason: "removed",
      listingId: null,
      sellerId: null,
    });
    const mails = (await fs.readdir(t.outbox)).filter((name) => !outboxBefore.includes(name));
    expect(mails).toHaveLength(1);
    expect(await fs.readFile(path.join(t.outbox, mails[0]!), "utf8")).toContain(buyer.email);
    const mediaDir = path.dirname(t.outbox);
    for (const key of keys) await expect(fs.access(path.join(mediaDir, key))).rejects.toThrow();
    // The old session is dead, and nobody can log in with the account again.
    await expect(list("", PATHS.user, { ...seller, cookie: seller.cookie })).rejects.toMatchObject({
      status: 302,
    });
    expect(await logIn(t, seller.email)).toBe("");
    const [entry] = (await auditOf(seller.id)).filter((row) => row.action === "delete_user");
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: { subjectName: "Doomed Seller", email: seller.email, role: "seller", listings: 2 },
    });
    // Nothing anywhere still points at the account.
    const orphans = (await t.db.execute(sql`
      select (select count(*) from listing_photo p left join listing l on l.id = p.listing_id where l.id is null)
        + (select count(*) from report r left join listing l on l.id = r.listing_id where l.id is null)
        + (select count(*) from "order" where buyer_id = ${seller.id} or seller_id = ${seller.id})
        + (select count(*) from session where user_id = ${seller.id}) as n`)) as unknown as {
      rows: { n: number | string }[];
    };
    expect(Number(orphans.rows[0]?.n)).toBe(0);
  });

  test("a buyer is deleted with the toast of the page, and their requests leave sellers' lists", async () => {
    const buyer = await person(t, "buyer");
    const seller = await person(t, "seller");
    const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
    await createOrder(t.db, car, buyer.id);
    expect(await countOpenRequests(t.db, seller.id)).toBe(1);
    const result = await act({ intent: "delete", id: buyer.id }, admin, PATHS.buyer);
    expect((await toastOf(t, result.response))?.message).toBe("Successfully Deleted The Buyer");
    expect(await t.db.select().from(order).where(eq(order.buyerId, buyer.id))).toHaveLength(0);
    expect(await countOpenRequests(t.db, seller.id)).toBe(0);
    expect((await findMyBuyers(t.db, seller.id, 1)).rows).toEqual([]);
    const another = await person(t, "buyer");
    const viaAll = await act({ intent: "delete", id: another.id });
    expect((await toastOf(t, viaAll.response))?.message).toBe("Successfully Deleted The User");
  });

  test("admins cannot be deleted, themselves included", async () => {
    const other = await person(t, "admin");
    for (const id of [other.id, admin.id]) {
      const result = await act({ intent: "delete", id });
      expect(result.status).toBe(409);
      expect(result.data).toMatchObject({ error: ADMIN_MESSAGES.adminNotDeletable });
      expect((await userRow(id))?.role).toBe("admin");
    }
    expect(await logIn(t, other.email)).not.toBe("");
  });

  test("a failure half-way leaves everything as it was", async () => {
    const seller = await person(t, "seller", "Survivor");
    const buyer = await person(t, "buyer");
    const mine = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
    const [photo] = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, mine.id));
    await t.storage.put(photo!.smallKey, Buffer.from("x"), "image/webp");
    await createOrder(t.db, mine, buyer.id, {
      buyerName: "B",
      buyerPhone: "+1 512 555 0113",
      meetingLocation: "Here",
    });
    await t.db.insert(report).values({ listingId: mine.id, reporterId: buyer.id, reason: "scam" });
    // The last step (deleting the account row) fails after the cars, requests and
    // files have been dealt with inside the transaction.
    await t.db
      .execute(sql`create function refuse_user_delete() returns trigger language plpgsql as $$
      begin raise exception 'no deleting today'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_user_delete before delete on "user" for each row execute function refuse_user_delete()`,
    );
    try {
      await expect(act({ intent: "delete", id: seller.id })).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_user_delete on "user"`);
      await t.db.execute(sql`drop function refuse_user_delete()`);
    }
    expect(await userRow(seller.id)).toBeDefined();
    expect(await t.db.select().from(listing).where(eq(listing.id, mine.id))).toHaveLength(1);
    expect(
      await t.db.select().from(listingPhoto).where(eq(listingPhoto.listingId, mine.id)),
    ).toHaveLength(1);
    const [request] = await t.db.select().from(order).where(eq(order.buyerId, buyer.id));
    expect(request).toMatchObject({ status: "open", listingId: mine.id, sellerId: seller.id });
    expect(await t.db.select().from(report).where(eq(report.listingId, mine.id))).toHaveLength(1);
    expect(await t.db.select().from(session).where(eq(session.userId, seller.id))).not.toHaveLength(
      0,
    );
    expect((await auditOf(seller.id)).filter((row) => row.action === "delete_user")).toHaveLength(
      0,
    );
    await expect(
      fs.access(path.join(path.dirname(t.outbox), photo!.smallKey)),
    ).resolves.toBeUndefined();
    expect(
      (await list("", PATHS.user, seller).catch((error: unknown) => error)) instanceof Response,
    ).toBe(false);
  });

  test("a missing account and an unknown intent are answered in words", async () => {
    expect((await act({ intent: "delete", id: "no-such-id" })).status).toBe(404);
    expect((await act({ intent: "makeAdmin", id: "" })).status).toBe(404);
    expect((await act({ intent: "promote", id: admin.id })).status).toBe(400);
  });
});

describe("the audit log", () => {
  test("lists admin actions newest first, filtered by action, admin and dates", async () => {
    const second = await person(t, "admin", "Bob Auditor");
    const buyer = await person(t, "buyer", "Audited Buyer");
    await act({ intent: "makeAdmin", id: buyer.id }, second);
    const load = (query = "") =>
      callLoaderAs(audit.loader, {
        path: `/dashboard/audit${query}`,
        cookie: admin.cookie,
        context: t.context(),
      });
    const all = await load();
    expect(all.entries[0]).toMatchObject({
      action: "make_admin",
      actorName: "Bob Auditor",
      subjectName: "Audited Buyer",
    });
    expect(all.actors.map((actor) => actor.name)).toEqual(["Ada Admin", "Bob Auditor"]);
    const byBob = await load(`?actor=${second.id}`);
    expect(byBob.entries.map((entry) => entry.actorId)).toEqual([second.id]);
    const verifications = await load("?action=verify_seller");
    expect(verifications.entries.length).toBeGreaterThan(0);
    expect(verifications.entries.every((entry) => entry.action === "verify_seller")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await load(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await load("?to=2000-01-01")).total).toBe(0);
    expect((await load("?from=2999-01-01")).entries).toEqual([]);
    // Unreadable filters are no filters, never errors.
    const odd = await load("?action=drop_table&from=2026-02-31&to=yesterday&page=-3&actor=");
    expect(odd.filters).toEqual({ action: null, actorId: null, from: null, to: null });
    expect(odd.total).toBe(all.total);
    // A deleted admin's entries keep the name they were written with.
    await t.db.update(user).set({ role: "buyer" }).where(eq(user.id, second.id));
    await act({ intent: "delete", id: second.id });
    expect((await load(`?actor=${second.id}`)).entries[0]?.actorName).toBe("Bob Auditor");
  });

  test("only admins read it, and the dashboard links to it", async () => {
    const seller = await person(t, "seller");
    await expect(
      callLoaderAs(audit.loader, {
        path: "/dashboard/audit",
        cookie: seller.cookie,
        context: t.context(),
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    const home = await callLoaderAs(dashboard.loader, {
      path: "/dashboard",
      cookie: admin.cookie,
      context: t.context(),
    });
    expect(home.viewer.role).toBe("admin");
  });
});
