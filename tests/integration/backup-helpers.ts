// Shared by the backup tests (disk and S3): scratch PostgreSQL databases, a look at
// a site's tables and referenced photos from outside the scripts, and a site's
// contents (categories, people, two cars with photos, a request, a report…).
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import { parseWithZod } from "@conform-to/zod/v4";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";

import { fromPglite, openPostgres, type Database } from "#app/db/client.server.ts";
import { auditLog, report, wishlist } from "#app/db/schema.ts";
import { ensureCategories } from "#app/demo/seed.server.ts";
import { publishListing } from "#app/models/listing-edit.server.ts";
import { sellCarSchema } from "#app/models/listing-form.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import { storeProfilePhoto } from "#app/services/images.server.ts";
import type { Storage } from "#app/services/storage.server.ts";
import { fingerprint, referencedMediaKeys, type Query } from "#scripts/ops/lib/fingerprint.ts";
import { createOrder } from "#tests/factories.ts";
import { databaseUrl } from "#tests/setup/postgres-template.ts";

import { carForm, file, jpeg } from "./listing-helpers.ts";

const base = process.env.TEST_DATABASE_URL ?? "";

const databases: string[] = [];

/** A new database on TEST_DATABASE_URL's server (a copy of `template`), dropped by dropDatabases. */
export async function newDatabase(template?: string): Promise<string> {
  const name = `carlot_bk_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  databases.push(name);
  return databaseUrl(base, name);
}

/** A site: DATA_DIR (and its PostgreSQL database) with the database left closed. */
export type Site = { dataDir: string; databaseUrl?: string };

/** Opens a site's database the way Carlot does, for a look from outside the scripts. */
export async function openSite(site: Site): Promise<{ database: Database; query: Query }> {
  if (site.databaseUrl) {
    const database = openPostgres(site.databaseUrl, 2);
    const client = (database.db as unknown as { $client: pg.Pool }).$client;
    return { database, query: async (text) => (await client.query(text)).rows };
  }
  const client = await PGlite.create(path.join(site.dataDir, "pg"));
  return {
    database: fromPglite(client),
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
  };
}

/** Every table's figures and the referenced media keys, read in one transaction. */
async function figuresIn(query: Query) {
  await query("begin");
  const figures = await fingerprint(query);
  const keys = await referencedMediaKeys(query);
  await query("commit");
  return { figures, keys };
}

/** A site's figures and referenced media keys, read from outside the scripts. */
export async function lookAt(site: Site) {
  const { database, query } = await openSite(site);
  try {
    if (!site.databaseUrl) return await figuresIn(query);
    // A pool: one client for the whole transaction.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      return await figuresIn(async (text) => (await client.query(text)).rows);
    } finally {
      client.release();
    }
  } finally {
    await database.close();
  }
}

/** Drops every database newDatabase made. */
export async function dropDatabases(): Promise<void> {
  if (databases.length === 0) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (const name of databases.splice(0)) {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

/**
 * A migrated site in a new folder under `root` (with its own PostgreSQL database in
 * integration-pg), filled by seedSite with photos in `storage(dataDir)`; the
 * database is left closed.
 */
export async function newSite(root: string, storage: (dataDir: string) => Storage): Promise<Site> {
  const dataDir = await fs.mkdtemp(path.join(root, "site-"));
  let database: Database;
  let site: Site;
  if (onPostgres) {
    site = { dataDir, databaseUrl: await newDatabase(inject("postgresTemplate")) };
    database = openPostgres(site.databaseUrl!, 2);
  } else {
    const template = await fs.readFile(inject("pgliteTemplate"));
    const client = await PGlite.create(path.join(dataDir, "pg"), {
      loadDataDir: new Blob([template]),
    });
    site = { dataDir };
    database = fromPglite(client);
  }
  try {
    await seedSite(database.db, storage(dataDir));
  } finally {
    await database.close();
  }
  return site;
}

/** A fresh place to restore into: an empty DATA_DIR (and an empty database). */
export async function newTarget(root: string): Promise<Site> {
  const dataDir = path.join(root, `target-${randomUUID().slice(0, 8)}`);
  return onPostgres ? { dataDir, databaseUrl: await newDatabase() } : { dataDir };
}

/** Fills a migrated database: categories, people, two cars with photos, a request, a report… */
export async function seedSite(db: Database["db"], storage: Storage): Promise<void> {
  await ensureCategories(db, storage);
  const seller = await createUserWithPassword(db, {
    name: "Ana Seller",
    email: `ana-${randomUUID().slice(0, 6)}@backup.example`,
    password: "backup-test-password",
    role: "seller",
    image: await storeProfilePhoto(storage, await jpeg(300, 300, { seed: 9 })),
  });
  const buyer = await createUserWithPassword(db, {
    name: "Bo Buyer",
    email: `bo-${randomUUID().slice(0, 6)}@backup.example`,
    password: "backup-test-password",
    role: "buyer",
  });
  const cars: number[] = [];
  for (const [index, name] of ["2017 Mazda 3 Grand Touring", "2020 Ford Ranger XLT"].entries()) {
    const form = new FormData();
    for (const [field, value] of carForm({ carName: name })) form.append(field, value);
    for (let photo = 0; photo < 2; photo++) {
      form.append(
        "photos",
        file(await jpeg(640, 480, { seed: index * 10 + photo }), `p${photo}.jpg`),
      );
    }
    const submission = parseWithZod(form, { schema: sellCarSchema });
    if (submission.status !== "success") throw new Error("the test car form is invalid");
    const outcome = await publishListing({ db, storage }, { id: seller }, submission.value, {
      nonce: randomUUID(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    if (!outcome.ok) throw new Error(`publishing failed: ${JSON.stringify(outcome)}`);
    cars.push(outcome.id);
  }
  await createOrder(
    db,
    { id: cars[0]!, title: "2017 Mazda 3 Grand Touring", sellerId: seller },
    buyer,
    { buyerName: "Bo Buyer — «ünïcode» ✓", meetingLocation: "Library car park, Main St" },
  );
  await db.insert(wishlist).values({ userId: buyer, listingId: cars[1]!, listingTitle: "x" });
  await db.insert(report).values({ listingId: cars[1]!, reporterId: buyer, reason: "spam" });
  await db.insert(auditLog).values({
    actorId: seller,
    action: "test.action",
    subjectType: "listing",
    subjectId: String(cars[0]),
    details: { note: "json survives", list: [1, 2.5, null] },
  });
}
