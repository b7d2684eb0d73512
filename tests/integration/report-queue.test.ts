// Reported Items reads its queue from reported_listing (migration 0012), which triggers
// keep in step with report: new reports, dismissing, deleting a car or a reporter, and
// rolled-back reports leave it equal to grouping the open reports, in the same order;
// carlot_recount_reported_listings() rebuilds it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { listing, report, user } from "#app/db/schema.ts";
import { createReport, dismissReports, findReportedListings } from "#app/models/report.server.ts";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

let t: TestEnv;
let categoryId: number;
let admin: { id: string; name: string };

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  categoryId = sedan!.id;
  const made = await createUser(t.db, { role: "admin" });
  admin = { id: made.id, name: made.name };
});
afterAll(async () => {
  await t.close();
});

type Row = { listing_id: number; n: number; latest: string };

/** The kept queue next to the open reports grouped by car, both newest first. */
async function compare() {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;
  return {
    kept: await rows(sql`
      select listing_id, open_reports as n, latest_at::text as latest from reported_listing
      order by latest_at desc, listing_id desc`),
    real: await rows(sql`
      select listing_id, count(*)::int as n, max(created_at)::text as latest from report
      where resolved_at is null group by listing_id
      order by max(created_at) desc, listing_id desc`),
  };
}

async function reportAt(listingId: number, reporterId: string, at: Date) {
  const [row] = await t.db
    .insert(report)
    .values({ listingId, reporterId, reason: "scam", createdAt: at })
    .returning({ id: report.id });
  return row!.id;
}

describe("reported_listing", () => {
  test("follows new reports, dismissals and deletions, and keeps the queue's order", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const reporters = await Promise.all(
      Array.from({ length: 3 }, () => createUser(t.db, { role: "buyer" })),
    );
    const cars: { id: number }[] = [];
    for (let i = 0; i < 4; i++) {
      cars.push(await createListing(t.db, { sellerId: seller.id, categoryId }));
    }
    const base = Date.now() - 3_600_000;
    await reportAt(cars[0]!.id, reporters[0]!.id, new Date(base + 1_000));
    await reportAt(cars[0]!.id, reporters[1]!.id, new Date(base + 5_000));
    await reportAt(cars[1]!.id, reporters[0]!.id, new Date(base + 3_000));
    await reportAt(cars[2]!.id, reporters[2]!.id, new Date(base + 4_000));
    expect(
      await createReport(t.db, reporters[2]!.id, cars[3]!.id, { reason: "other", details: null }),
    ).toBe("created");
    let { kept, real } = await compare();
    expect(kept).toEqual(real);
    expect(kept.map((row) => row.listing_id)).toEqual([
      cars[3]!.id,
      cars[0]!.id,
      cars[2]!.id,
      cars[1]!.id,
    ]);

    // Dismissing resolves every open report of a car: it leaves the queue.
    expect((await dismissReports(t.db, admin, cars[3]!.id)).ok).toBe(true);
    // One report of two deleted (its reporter's account is deleted): the latest left counts.
    await t.db.delete(user).where(eq(user.id, reporters[1]!.id));
    // A reported car deleted: it leaves the queue with its reports.
    await t.db.delete(listing).where(eq(listing.id, cars[2]!.id));
    ({ kept, real } = await compare());
    expect(kept).toEqual(real);
    expect(kept.find((row) => row.listing_id === cars[0]!.id)?.n).toBe(1);

    const page = await findReportedListings(t.db, t.storage, 1);
    expect(page.total).toBe(real.length);
    expect(page.rows.map((row) => row.id)).toEqual(real.map((row) => row.listing_id));
  });

  test("a rolled-back report is not queued", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const reporter = await createUser(t.db, { role: "buyer" });
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    await t.db
      .transaction(async (tx) => {
        await tx.insert(report).values({ listingId: car.id, reporterId: reporter.id });
        tx.rollback();
      })
      .catch(() => undefined);
    const { kept, real } = await compare();
    expect(kept).toEqual(real);
    expect(kept.some((row) => row.listing_id === car.id)).toBe(false);
  });

  test("carlot_recount_reported_listings() rebuilds the queue after a load without triggers", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const reporter = await createUser(t.db, { role: "buyer" });
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    await t.db.execute(sql`alter table report disable trigger user`);
    try {
      await reportAt(car.id, reporter.id, new Date());
    } finally {
      await t.db.execute(sql`alter table report enable trigger user`);
    }
    expect((await compare()).kept.some((row) => row.listing_id === car.id)).toBe(false);
    await t.db.execute(sql`select carlot_recount_reported_listings()`);
    const { kept, real } = await compare();
    expect(kept).toEqual(real);
  });
});
