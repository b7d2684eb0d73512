// The dashboard, My Products and the admin's lists read each seller's cars from
// seller_listing_count (migration 0011), which triggers keep in step with listing:
// publishing, status changes, advertising, deleting cars (one or many), deleting the
// seller, and rolled-back changes all leave it equal to a real count, and
// carlot_recount_seller_listings() rebuilds it after a bulk load without triggers.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { listing, sellerListingCount } from "#app/db/schema.ts";
import { findUsers } from "#app/models/admin-users.server.ts";
import { getDashboardSummary } from "#app/models/dashboard.server.ts";
import { findSellerListings } from "#app/models/listing-manage.server.ts";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

let t: TestEnv;
let categoryId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  categoryId = sedan!.id;
});
afterAll(async () => {
  await t.close();
});

type Counts = { total: number; available: number; sold: number; advertised: number };

/** The kept counts of every seller next to counts of their cars. */
async function compare() {
  const real = (await t.db.execute(
    sql`select seller_id, count(*)::int as total,
          (count(*) filter (where status = 'available'))::int as available,
          (count(*) filter (where status = 'sold'))::int as sold,
          (count(*) filter (where advertised_at is not null))::int as advertised
        from listing group by seller_id`,
  )) as unknown as { rows: (Counts & { seller_id: string })[] };
  const kept = await t.db.select().from(sellerListingCount);
  const byId = (rows: (Counts & { id: string })[]) =>
    Object.fromEntries(
      rows
        // A seller whose cars are all gone may keep a row of zeros.
        .filter((row) => row.total > 0)
        .map(({ id, ...counts }) => [id, counts]),
    );
  return {
    kept: byId(kept.map(({ sellerId, ...counts }) => ({ id: sellerId, ...counts }))),
    real: byId(real.rows.map(({ seller_id, ...counts }) => ({ id: seller_id, ...counts }))),
  };
}

const countsOf = async (sellerId: string) =>
  (
    await t.db.select().from(sellerListingCount).where(eq(sellerListingCount.sellerId, sellerId))
  )[0];

describe("seller_listing_count", () => {
  test("follows publishing, status, advertising and deleting, one car or many", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const other = await createUser(t.db, { role: "seller" });
    const cars = [];
    for (let i = 0; i < 5; i++) {
      cars.push(await createListing(t.db, { sellerId: seller.id, categoryId }));
    }
    await createListing(t.db, { sellerId: other.id, categoryId, status: "sold" });
    expect(await countsOf(seller.id)).toMatchObject({
      total: 5,
      available: 5,
      sold: 0,
      advertised: 0,
    });

    await t.db.update(listing).set({ status: "sold" }).where(eq(listing.id, cars[0]!.id));
    await t.db.update(listing).set({ advertisedAt: new Date() }).where(eq(listing.id, cars[1]!.id));
    // A write that changes nothing counted leaves the counts alone.
    await t.db.update(listing).set({ title: "Renamed" }).where(eq(listing.id, cars[2]!.id));
    await t.db.update(listing).set({ status: "available" }).where(eq(listing.id, cars[3]!.id));
    expect(await countsOf(seller.id)).toMatchObject({
      total: 5,
      available: 4,
      sold: 1,
      advertised: 1,
    });

    await t.db.delete(listing).where(eq(listing.sellerId, seller.id));
    expect(await countsOf(seller.id)).toMatchObject({ total: 0, available: 0, sold: 0 });
    const { kept, real } = await compare();
    expect(kept).toEqual(real);
  });

  test("a rolled-back change is not counted, and deleting the seller removes their row", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    await createListing(t.db, { sellerId: seller.id, categoryId });
    await t.db
      .transaction(async (tx) => {
        await tx.insert(listing).values({
          sellerId: seller.id,
          categoryId,
          title: "Never",
          description: "d",
          location: "l",
          yearsUsed: "3",
          originalPrice: 1,
          resalePrice: 1,
        });
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await countsOf(seller.id))?.total).toBe(1);

    await t.db.execute(sql`delete from "user" where id = ${seller.id}`);
    expect(await countsOf(seller.id)).toBeUndefined();
  });

  test("carlot_recount_seller_listings() rebuilds the counts after a load without triggers", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    await t.db.execute(sql`alter table listing disable trigger user`);
    try {
      for (let i = 0; i < 3; i++) await createListing(t.db, { sellerId: seller.id, categoryId });
    } finally {
      await t.db.execute(sql`alter table listing enable trigger user`);
    }
    expect(await countsOf(seller.id)).toBeUndefined();
    await t.db.execute(sql`select carlot_recount_seller_listings()`);
    const { kept, real } = await compare();
    expect(kept).toEqual(real);
    expect((await countsOf(seller.id))?.total).toBe(3);
  });

  test("the overview, My Products and the admin's lists show the kept counts", async () => {
    const seller = await createUser(t.db, { role: "seller", name: "Counted Dealer" });
    const cars = [];
    for (let i = 0; i < 3; i++) {
      cars.push(await createListing(t.db, { sellerId: seller.id, categoryId }));
    }
    await t.db.update(listing).set({ status: "sold" }).where(eq(listing.id, cars[0]!.id));
    // One car not confirmed for 90 days: hidden until confirmed.
    await t.db
      .update(listing)
      .set({ confirmedAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(listing.id, cars[1]!.id));
    const summary = await getDashboardSummary(t.db, {
      id: seller.id,
      name: seller.name,
      email: seller.email,
      image: null,
      role: "seller",
      verified: false,
      emailVerified: true,
      language: null,
    });
    expect(summary.find((figure) => figure.label === "Cars for sale")?.value).toBe(2);
    expect(summary.find((figure) => figure.label === "Cars sold")?.value).toBe(1);
    const page = await findSellerListings(t.db, t.storage, {
      sellerId: seller.id,
      page: 1,
      now: new Date(),
    });
    expect(page).toMatchObject({ total: 3, stale: 1, pageCount: 1 });
    const found = await findUsers(t.db, { role: "seller", q: "counted dealer", page: 1 });
    expect(found.rows.map((row) => [row.name, row.listings])).toEqual([["Counted Dealer", 3]]);
  });
});
