// Reports and Reported Items: reporting from the car's page (reasons, limits, one
// per person and car, never one's own), the admin's list, Dismiss and Delete with
// their files, requests, wishlist entries, audit rows and rollback.
import fs from "node:fs/promises";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { auditLog, listing, listingPhoto, order, report, wishlist } from "#app/db/schema.ts";
import { REPORT_DETAILS_MAX, REPORT_MESSAGES } from "#app/models/report.ts";
import * as reportedItems from "#app/routes/dashboard/admin/reported-items/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import { createCategories, createListing, createOrder } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoaderAs } from "./helpers.ts";
import { person, post, toastOf, type Person } from "./moderation-helpers.ts";

let t: TestEnv;
let sedanId: number;
let seller: Person;
let buyer: Person;
let other: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  seller = await person(t, "seller", "Sam Seller");
  buyer = await person(t, "buyer", "Bea Buyer");
  other = await person(t, "seller", "Olga Other");
  admin = await person(t, "admin", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const car = (overrides: Partial<typeof listing.$inferInsert> = {}, photos = 1) =>
  createListing(t.db, { sellerId: seller.id, categoryId: sedanId, ...overrides }, { photos });

const reportAs = (who: Person | undefined, id: number, form: Record<string, string>) =>
  post(t, detail.action, {
    path: `/dashboard/productDetails/${id}?report`,
    form: { intent: "report", ...form },
    who,
    params: { id: String(id) },
  });

const reportsOf = (id: number) => t.db.select().from(report).where(eq(report.listingId, id));

const reported = (who: Person = admin, query = "") =>
  callLoaderAs(reportedItems.loader, {
    path: `/dashboard/reportedItems${query}`,
    cookie: who.cookie,
    context: t.context(),
  });

describe("reporting a car", () => {
  test("a buyer reports with a reason and words; the page then says so", async () => {
    const target = await car();
    const result = await reportAs(buyer, target.id, {
      reason: "wrong_information",
      details: "  The mileage is wrong.  ",
    });
    expect((await toastOf(t, result.response))?.message).toBe(REPORT_MESSAGES.sent);
    expect(result.response!.headers.get("Location")).toBe(`/dashboard/productDetails/${target.id}`);
    const [row] = await reportsOf(target.id);
    expect(row).toMatchObject({
      reporterId: buyer.id,
      reason: "wrong_information",
      details: "The mileage is wrong.",
      resolvedAt: null,
    });
    const page = await callLoaderAs(detail.loader, {
      path: `/dashboard/productDetails/${target.id}`,
      params: { id: String(target.id) },
      cookie: buyer.cookie,
      context: t.context(),
    });
    expect(page.reported).toBe(true);
  });

  test("the optional text may be left out", async () => {
    const target = await car();
    const result = await reportAs(other, target.id, { reason: "scam" });
    expect(result.status).toBe(302);
    expect((await reportsOf(target.id))[0]?.details).toBeNull();
  });

  test("a second report by the same person says it was already reported", async () => {
    const target = await car();
    await reportAs(buyer, target.id, { reason: "scam" });
    const again = await reportAs(buyer, target.id, { reason: "offensive" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ result: { error: { "": [REPORT_MESSAGES.duplicate] } } });
    const rows = await reportsOf(target.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe("scam");
  });

  test("two people may each report the same car", async () => {
    const target = await car();
    await reportAs(buyer, target.id, { reason: "scam" });
    await reportAs(other, target.id, { reason: "already_sold" });
    expect(await reportsOf(target.id)).toHaveLength(2);
  });

  test("nobody reports their own car", async () => {
    const target = await car();
    const result = await reportAs(seller, target.id, { reason: "scam" });
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({ result: { error: { "": [REPORT_MESSAGES.ownCar] } } });
    expect(await reportsOf(target.id)).toHaveLength(0);
  });

  test("a reason is required, and the words have a limit", async () => {
    const target = await car();
    const none = await reportAs(buyer, target.id, { details: "Hmm" });
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({
      result: {
        error: { reason: [REPORT_MESSAGES.reasonRequired] },
        initialValue: { details: "Hmm" },
      },
    });
    const made_up = await reportAs(buyer, target.id, { reason: "boring" });
    expect(made_up.status).toBe(400);
    const long = await reportAs(buyer, target.id, {
      reason: "other",
      details: "x".repeat(REPORT_DETAILS_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({
      result: { error: { details: [REPORT_MESSAGES.detailsTooLong] } },
    });
    expect(await reportsOf(target.id)).toHaveLength(0);
  });

  test("a missing car is a 404 and a visitor is sent to log in", async () => {
    expect((await reportAs(buyer, 999_999, { reason: "scam" })).status).toBe(404);
    const target = await car();
    const visitor = await reportAs(undefined, target.id, { reason: "scam" });
    expect(visitor.status).toBe(302);
    expect(visitor.response!.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("Reported Items", () => {
  test("each reported car once, with its open reports newest first and who sent them", async () => {
    await t.db.delete(report);
    const first = await car({ title: "First reported" });
    const second = await car({ title: "Second reported" });
    await reportAs(buyer, first.id, { reason: "scam", details: "Asked for a deposit" });
    await reportAs(other, first.id, { reason: "offensive" });
    await reportAs(buyer, second.id, { reason: "already_sold" });
    // The car reported most recently comes first.
    const data = await reported();
    expect(data.rows.map((row) => row.title)).toEqual(["Second reported", "First reported"]);
    const firstRow = data.rows[1]!;
    expect(firstRow.reports.map((r) => r.reason)).toEqual(["offensive", "scam"]);
    expect(firstRow.reports[1]).toMatchObject({
      details: "Asked for a deposit",
      reporter: { name: "Bea Buyer", email: buyer.email, role: "buyer" },
    });
    expect(firstRow.seller).toEqual({ name: "Sam Seller", email: seller.email });
    expect(data.total).toBe(2);
  });

  test("dismiss resolves the reports, keeps the car and records it", async () => {
    await t.db.delete(report);
    const target = await car({ title: "Dismissed car" });
    await reportAs(buyer, target.id, { reason: "scam" });
    const result = await post(t, reportedItems.action, {
      path: "/dashboard/reportedItems",
      form: { intent: "dismiss", id: String(target.id) },
      who: admin,
    });
    expect((await toastOf(t, result.response))?.message).toBe(
      "The reports about Dismissed car were dismissed. The car stays listed.",
    );
    const [row] = await reportsOf(target.id);
    expect(row).toMatchObject({ resolution: "dismissed", resolvedBy: admin.id });
    expect(row!.resolvedAt).not.toBeNull();
    expect((await reported()).rows).toHaveLength(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(target.id)));
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: "dismiss_reports",
      subjectType: "listing",
      details: {
        actorName: "Ada Admin",
        subjectName: "Dismissed car",
        reports: 1,
        reasons: ["scam"],
      },
    });
    // A dismissed report still counts: the same person cannot report it again.
    expect((await reportAs(buyer, target.id, { reason: "scam" })).status).toBe(409);
    // Dismissing again finds nothing to dismiss.
    const again = await post(t, reportedItems.action, {
      path: "/dashboard/reportedItems",
      form: { intent: "dismiss", id: String(target.id) },
      who: admin,
    });
    expect(again.status).toBe(409);
  });

  test("delete removes the car, its files, wishlist links; closes requests and tells the buyers", async () => {
    await t.db.delete(report);
    const target = await car({ title: "Scam car" }, 2);
    const photos = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, target.id));
    for (const photo of photos) {
      for (const key of [photo.smallKey, photo.mediumKey, photo.largeKey]) {
        await t.storage.put(key, Buffer.from("x"), "image/webp");
      }
    }
    await createOrder(t.db, target, buyer.id, {
      buyerName: "Bea",
      buyerPhone: "+1 512 555 0101",
      meetingLocation: "Library",
    });
    await t.db
      .insert(wishlist)
      .values({ userId: buyer.id, listingId: target.id, listingTitle: target.title });
    await reportAs(buyer, target.id, { reason: "scam" });
    await reportAs(other, target.id, { reason: "wrong_information" });
    const outboxBefore = await fs.readdir(t.outbox).catch(() => [] as string[]);

    const result = await post(t, reportedItems.action, {
      path: "/dashboard/reportedItems?page=1",
      form: { intent: "delete", id: String(target.id) },
      who: admin,
    });
    expect((await toastOf(t, result.response))?.message).toBe(REPORT_MESSAGES.deleted);
    expect(await t.db.select().from(listing).where(eq(listing.id, target.id))).toHaveLength(0);
    expect(
      await t.db.select().from(listingPhoto).where(eq(listingPhoto.listingId, target.id)),
    ).toHaveLength(0);
    expect(await reportsOf(target.id)).toHaveLength(0);
    const mediaDir = path.dirname(t.outbox);
    for (const photo of photos) {
      await expect(fs.access(path.join(mediaDir, photo.smallKey))).rejects.toThrow();
    }
    const [request] = await t.db.select().from(order).where(eq(order.buyerId, buyer.id));
    expect(request).toMatchObject({ status: "closed", closedReason: "removed", listingId: null });
    const [saved] = await t.db.select().from(wishlist).where(eq(wishlist.listingTitle, "Scam car"));
    expect(saved?.listingId).toBeNull();
    const outboxAfter = await fs.readdir(t.outbox);
    const mails = outboxAfter.filter((name) => !outboxBefore.includes(name));
    expect(mails).toHaveLength(1);
    const mail = await fs.readFile(path.join(t.outbox, mails[0]!), "utf8");
    expect(mail).toContain(buyer.email);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "delete_listing"));
    expect(entry).toMatchObject({
      actorId: admin.id,
      subjectId: String(target.id),
      details: {
        subjectName: "Scam car",
        seller: "Sam Seller",
        reports: 2,
        requestsClosed: 1,
      },
    });
    expect((entry!.details as { reasons: string[] }).reasons.sort()).toEqual([
      "scam",
      "wrong_information",
    ]);
    expect((await reported()).rows).toHaveLength(0);
  });

  test("a failure half-way through a delete leaves everything as it was", async () => {
    await t.db.delete(report);
    const target = await car({ title: "Kept car" });
    await reportAs(buyer, target.id, { reason: "scam" });
    await t.db.execute(sql`create function fail_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await t.db.execute(
      sql`create trigger fail_audit before insert on audit_log for each row execute function fail_audit()`,
    );
    try {
      await expect(
        post(t, reportedItems.action, {
          path: "/dashboard/reportedItems",
          form: { intent: "delete", id: String(target.id) },
          who: admin,
        }),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger fail_audit on audit_log`);
      await t.db.execute(sql`drop function fail_audit()`);
    }
    expect(await t.db.select().from(listing).where(eq(listing.id, target.id))).toHaveLength(1);
    const [row] = await reportsOf(target.id);
    expect(row?.resolvedAt).toBeNull();
  });

  test("bad ids and intents are answered in words, not 500s", async () => {
    const go = (form: Record<string, string>) =>
      post(t, reportedItems.action, { path: "/dashboard/reportedItems", form, who: admin });
    expect((await go({ intent: "delete", id: "abc" })).status).toBe(404);
    expect((await go({ intent: "delete", id: "999999" })).status).toBe(404);
    expect((await go({ intent: "dismiss", id: "999999" })).status).toBe(404);
    expect((await go({ intent: "explode", id: "1" })).status).toBe(400);
  });

  test("the empty list", async () => {
    await t.db.delete(report);
    const data = await reported(admin, "?page=7");
    expect(data).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});
