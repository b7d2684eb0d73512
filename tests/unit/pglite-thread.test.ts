// The embedded database on its own thread behaves as PGlite does in one thread:
// results, errors with PostgreSQL's fields, transactions that commit, roll back and
// hold other statements back, and notifications that arrive before the answer of the
// statement that caused them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openPglite, type Database } from "#app/db/client.server.ts";
import { ONE_PLAN } from "#app/db/pglite-statements.ts";
import { PgliteThread } from "#app/db/pglite-thread.server.ts";
import { category } from "#app/db/schema.ts";

let dir: string;
let thread: PgliteThread;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-thread-"));
  thread = await PgliteThread.open({
    dataDir: path.join(dir, "pg"),
    startParams: PGlite.defaultStartParams,
  });
  await thread.exec(`
    create table item (id int primary key, name text not null unique, at timestamptz);
    create function item_changed() returns trigger language plpgsql as $$
      begin perform pg_notify('items', new.name); return new; end $$;
    create trigger item_changed after insert on item for each row execute function item_changed();
  `);
  // A new database on disk, in a thread of its own: a few seconds when the machine is idle,
  // over the default 10 s when the integration tests run beside it.
}, 60_000);

afterAll(async () => {
  await thread.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = async () =>
  (await thread.query<{ name: string }>("select name from item order by id")).rows.map(
    (row) => row.name,
  );

describe("PgliteThread", () => {
  test("answers queries with their rows, in object or array form, with text kept as asked", async () => {
    await thread.query("insert into item (id, name, at) values ($1, $2, $3)", [
      1,
      "one",
      "2026-01-02T03:04:05Z",
    ]);
    const objects = await thread.query<{ id: number; at: Date }>("select id, at from item");
    expect(objects.rows).toEqual([{ id: 1, at: new Date("2026-01-02T03:04:05Z") }]);
    // Drizzle's identity parsers: timestamptz (1184) stays as PostgreSQL wrote it.
    const arrays = await thread.query("select id, at from item", [], {
      rowMode: "array",
      parsers: { 1184: (value: string) => value },
    });
    expect(arrays.rows).toEqual([[1, "2026-01-02 03:04:05+00"]]);
    expect(arrays.fields.map((field) => field.name)).toEqual(["id", "at"]);
  });

  test("errors keep PostgreSQL's code and constraint", async () => {
    const error = await thread
      .query("insert into item (id, name) values (2, 'one')")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "item_name_key" });
    expect((error as Error).message).toMatch(/duplicate key/);
  });

  test("a transaction commits what its callback did", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values (3, 'three')");
      await tx.query("insert into item (id, name) values (4, 'four')");
    });
    expect(await names()).toEqual(["one", "three", "four"]);
  });

  test("a callback that throws rolls back, and its error is thrown on", async () => {
    const error = await thread
      .transaction(async (tx) => {
        await tx.query("insert into item (id, name) values (5, 'five')");
        throw new Error("changed my mind");
      })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("changed my mind");
    expect(await names()).toEqual(["one", "three", "four"]);
  });

  test("rollback() ends the transaction without its changes", async () => {
    const result = await thread.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values (6, 'six')");
      await tx.rollback();
      return "rolled back";
    });
    expect(result).toBe("rolled back");
    expect(await names()).toEqual(["one", "three", "four"]);
  });

  test("a failed statement inside a transaction rolls all of it back", async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into item (id, name) values (7, 'seven')");
        await tx.query("insert into item (id, name) values (8, 'one')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await names()).toEqual(["one", "three", "four"]);
  });

  test("statements from elsewhere wait until an open transaction ends", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values (9, 'nine')");
      order.push("inside");
      await held;
      order.push("commit");
    });
    // Let the transaction begin and insert before the outside statement is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = thread.query<{ n: number }>("select count(*)::int as n from item").then((r) => {
      order.push("outside");
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    // It saw the committed row, and ran only after the commit.
    expect(await outside).toBe(4);
    expect(order).toEqual(["inside", "commit", "outside"]);
  });

  test("a notification reaches its listener before the answer of the statement that caused it", async () => {
    const heard: string[] = [];
    const stop = await thread.listen("items", (payload) => heard.push(payload));
    await thread.query("insert into item (id, name) values (10, 'ten')");
    expect(heard).toEqual(["ten"]);
    await thread.transaction(async (tx) => {
      await tx.query("insert into item (id, name) values (11, 'eleven')");
    });
    expect(heard).toEqual(["ten", "eleven"]);
    await stop();
    await thread.query("insert into item (id, name) values (12, 'twelve')");
    expect(heard).toEqual(["ten", "eleven"]);
  });
});

describe("openPglite", () => {
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-open-"));
    database = await openPglite(dataDir);
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("runs Drizzle's queries and transactions (with savepoints) on the database's thread", async () => {
    const [sedan] = await database.db
      .insert(category)
      .values({ slug: "thread-test", name: "Thread test", imageKey: "x.webp" })
      .returning();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(category).set({ name: "Outer" }).where(eq(category.id, sedan!.id));
        await tx
          .transaction(async (inner) => {
            await inner.update(category).set({ name: "Inner" }).where(eq(category.id, sedan!.id));
            inner.rollback();
          })
          .catch(() => undefined);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    const [row] = await database.db.select().from(category).where(eq(category.id, sedan!.id));
    expect(row?.name).toBe("Thread test");
    const counted = (await database.db.execute(sql`select count(*)::int as n from category`)) as {
      rows: { n: number }[];
    };
    expect(counted.rows[0]!.n).toBeGreaterThan(0);
  });

  test("`lookups` reads by key on one plan and writes as `db` does", async () => {
    const [made] = await database.lookups
      .insert(category)
      .values({ slug: "lookups-test", name: "Lookups", imageKey: "x.webp" })
      .returning({ id: category.id });
    for (let i = 0; i < 3; i++) {
      const [row] = await database.lookups
        .select({ name: category.name })
        .from(category)
        .where(eq(category.slug, "lookups-test"));
      expect(row?.name).toBe("Lookups");
    }
    const plans = (await database.db.execute(
      sql`select statement, generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like 'select "name" from "category"%'`,
    )) as { rows: { statement: string; generic: number; custom: number }[] };
    expect(plans.rows).toEqual([
      expect.objectContaining({ statement: expect.stringContaining(ONE_PLAN), generic: 3 }),
    ]);
    await database.lookups.delete(category).where(eq(category.id, made!.id));
  });

  test("releasing start-up memory runs on the database's thread and leaves it working", async () => {
    await database.releaseStartupMemory();
    await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});
