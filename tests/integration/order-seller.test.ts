// Each contact request names the seller of its car (order.seller_id, migration 0008), so
// a seller's open requests are counted and paged from one index: the migration names
// the seller of existing requests, every new request names it, and deleting a car,
// a buyer or a seller ends exactly as it did when the seller was found through the car.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  fromPglite,
  migrationsFolder,
  openPostgres,
  type Database,
} from "#app/db/client.server.ts";
import { order } from "#app/db/schema.ts";
import { countOpenRequests, findMyBuyers } from "#app/models/order.server.ts";
import { createCategories, createListing, createOrder, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { databaseUrl } from "#tests/setup/postgres-template.ts";

const MIGRATION = "0008_order_seller";

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

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database["db"], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** An empty database of the kind under test, and a way to migrate it with a given folder. */
async function emptyDatabase() {
  if (process.env.TEST_DB_DRIVER === "postgres") {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `carlot_m_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = openPostgres(databaseUrl(base, name), 2);
    return {
      db: database.db,
      migrate: (folder: string) =>
        migrateNodePg(database.db as never, { migrationsFolder: folder }),
      async close() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const database = fromPglite(await PGlite.create());
  return {
    db: database.db,
    migrate: (folder: string) => migratePglite(database.db as never, { migrationsFolder: folder }),
    close: () => database.close(),
  };
}

describe(`migration ${MIGRATION}`, () => {
  test("names the seller of every request whose car is still there, and touches nothing else", async () => {
    // The migrations before this one, in a folder of their own.
    const before = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-migrations-"));
    await fs.cp(migrationsFolder(), before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await fs.readFile(journalFile, "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < MIGRATION);
    await fs.writeFile(journalFile, JSON.stringify(journal));
    const database = await emptyDatabase();
    try {
      await database.migrate(before);
      const { db } = database;
      await db.execute(sql`
        insert into "user" (id, name, email, role) values
          ('seller-a', 'A', 'a@example.com', 'seller'), ('seller-b', 'B', 'b@example.com', 'seller'),
          ('buyer', 'C', 'c@example.com', 'buyer')`);
      await db.execute(
        sql`insert into category (slug, name, image_key) values ('sedan', 'Sedan', 'x.webp')`,
      );
      const cars = await rowsOf<{ id: number }>(
        db,
        sql`insert into listing (seller_id, category_id, title, description, location, years_used,
              original_price, resale_price)
            select s, (select id from category), 'Car of ' || s, 'd', 'l', '3', 1, 1
            from unnest(array['seller-a', 'seller-b']) as s
            returning id`,
      );
      const [a, b] = cars.map((car) => car.id);
      const updatedAt = "2025-01-02 03:04:05+00";
      await db.execute(sql`
        insert into "order" (listing_id, listing_title, buyer_id, buyer_name, buyer_phone,
          meeting_location, status, closed_reason, updated_at) values
          (${a}, 'Car of seller-a', 'buyer', 'C', '+1 555 0100', 'x', 'open', null, ${updatedAt}),
          (${b}, 'Car of seller-b', 'buyer', 'C', '+1 555 0100', 'x', 'cancelled', null, ${updatedAt}),
          (null, 'A deleted car', 'buyer', 'C', '+1 555 0100', 'x', 'closed', 'removed', ${updatedAt})`);

      await database.migrate(migrationsFolder());
      const rows = await rowsOf<{ listing_title: string; seller_id: string | null; ts: string }>(
        db,
        sql`select listing_title, seller_id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as ts
            from "order" order by id`,
      );
      expect(rows).toEqual([
        { listing_title: "Car of seller-a", seller_id: "seller-a", ts: "2025-01-02 03:04:05" },
        { listing_title: "Car of seller-b", seller_id: "seller-b", ts: "2025-01-02 03:04:05" },
        // The seller of a car deleted before the migration is not known.
        { listing_title: "A deleted car", seller_id: null, ts: "2025-01-02 03:04:05" },
      ]);
    } finally {
      await database.close();
      await fs.rm(before, { recursive: true, force: true });
    }
    // A fresh database runs every migration twice: 2-3 s on an idle machine, over 5 s when
    // CI runs the other files beside it.
  }, 30_000);
});

describe("a request names its seller", () => {
  test("the database refuses a request that does not name its car's seller", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const other = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    const request = {
      buyerId: buyer.id,
      buyerName: "B",
      buyerPhone: "+1 555 0100",
      meetingLocation: "x",
    };
    for (const names of [
      { listingId: car.id },
      { listingId: car.id, sellerId: other.id },
      { sellerId: seller.id },
    ]) {
      await expect(t.db.insert(order).values({ ...request, ...names })).rejects.toThrow();
    }
    expect(await countOpenRequests(t.db, seller.id)).toBe(0);
    expect(await countOpenRequests(t.db, other.id)).toBe(0);
  });

  test("the seller's count and pages hold only open requests for their cars", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const other = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const mine = await createListing(t.db, { sellerId: seller.id, categoryId });
    const theirs = await createListing(t.db, { sellerId: other.id, categoryId });
    const open = await createOrder(t.db, mine, buyer.id);
    await createOrder(t.db, mine, buyer.id, { status: "cancelled" });
    await createOrder(t.db, mine, buyer.id, { status: "closed", closedReason: "sold" });
    await createOrder(t.db, theirs, buyer.id);
    // The seller as a buyer of someone else's car is not one of their own requests.
    await createOrder(t.db, theirs, seller.id);
    expect(await countOpenRequests(t.db, seller.id)).toBe(1);
    const page = await findMyBuyers(t.db, seller.id, 1);
    expect(page).toMatchObject({ total: 1, pageCount: 1 });
    expect(page.rows.map((row) => row.id)).toEqual([open.id]);
  });

  test("deleting a car or a seller's account in SQL (the database's own cascades) keeps the buyers' requests", async () => {
    const seller = await createUser(t.db, { role: "seller" });
    const buyer = await createUser(t.db, { role: "buyer" });
    const cars = [
      await createListing(t.db, { sellerId: seller.id, categoryId }),
      await createListing(t.db, { sellerId: seller.id, categoryId }),
    ];
    const requests = [
      await createOrder(t.db, cars[0]!, buyer.id),
      await createOrder(t.db, cars[1]!, buyer.id),
    ];
    const requestRow = async (id: number) =>
      (await t.db.select().from(order).where(eq(order.id, id)))[0];
    await t.db.execute(sql`delete from listing where id = ${cars[0]!.id}`);
    expect(await requestRow(requests[0]!.id)).toMatchObject({ listingId: null, sellerId: null });
    expect(await requestRow(requests[1]!.id)).toMatchObject({ sellerId: seller.id });
    expect(await countOpenRequests(t.db, seller.id)).toBe(1);
    await t.db.execute(sql`delete from "user" where id = ${seller.id}`);
    expect(await requestRow(requests[1]!.id)).toMatchObject({
      listingId: null,
      sellerId: null,
      buyerId: buyer.id,
      listingTitle: cars[1]!.title,
    });
  });
});
