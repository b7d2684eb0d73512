// Statements kept prepared on the embedded database's thread answer exactly as
// PGlite's own query() does: the same rows for other values, the same errors, a
// bounded number of statements, a statement parsed again after a migration changed
// what it reads, and nothing left behind by a transaction that failed.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ONE_PLAN, preparedStatements } from "#app/db/pglite-statements.ts";

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`
    create table item (id int primary key, name text not null unique, price numeric, at timestamptz);
    insert into item values (1, 'one', 10.5, '2026-01-02T03:04:05Z'), (2, 'two', null, null);
  `);
});

afterAll(async () => {
  await db.close();
});

/** How many named statements PostgreSQL holds for this session. */
const preparedInSession = async () =>
  (await db.query<{ count: number }>("select count(*)::int as count from pg_prepared_statements"))
    .rows[0]!.count;

describe("preparedStatements", () => {
  test("answers as PGlite's query() does, for each value, in both row forms", async () => {
    const statements = preparedStatements(db);
    const text = "select id, name, price, at from item where id = $1";
    for (const id of [1, 2, 3]) {
      expect(await statements.query(text, [id], {})).toEqual(await db.query(text, [id]));
    }
    const asArrays = await statements.query(text, [1], { rowMode: "array" });
    expect(asArrays.rows).toEqual([[1, "one", "10.5", new Date("2026-01-02T03:04:05Z")]]);
    // Parsed once, run three more times.
    expect(statements.size).toBe(1);
  });

  test("reads every kind of value as PGlite's query() does (pglite-answer.ts)", async () => {
    const statements = preparedStatements(db);
    const text = `select $1::int as id, 'Ünïcödé ✓ 漢字 🚗'::text as words, ''::text as empty,
      null::text as nothing, true as yes, false as no, 12345678901::bigint as big,
      9007199254740993::bigint as huge, 2::smallint as small, 1.5::float8 as ratio,
      10.25::numeric as money, '{"a":[1,"b"],"c":null}'::jsonb as data, '[1,2]'::json as list,
      array[1,2,3]::int[] as ids, array['a b','c"d',null]::text[] as names,
      '\\x00ff10'::bytea as raw, '2026-01-02 03:04:05+00'::timestamptz as at,
      '2026-01-02'::date as day, '1 day'::interval as span, 'x'::char(3) as padded,
      gen_random_uuid() is not null as has_uuid, 'a'::text as id2, 'b'::text as id2`;
    // Drizzle's PGlite driver keeps these types as text.
    const raw = (value: string) => value;
    const drizzle = { parsers: { 1114: raw, 1184: raw, 1186: raw, 1082: raw } };
    for (const options of [{}, { rowMode: "array" as const }, drizzle]) {
      const ours = await statements.query(text, [7], options);
      const theirs = await db.query(text, [7], options);
      expect(ours).toEqual(theirs);
    }
    const many = "select g as n, repeat('é', g) as s from generate_series(1, $1::int) g";
    expect(await statements.query(many, [3000], {})).toEqual(await db.query(many, [3000]));
    const change = "update item set name = name where id = any($1::int[])";
    expect(await statements.query(change, [[1, 2]], {})).toEqual(await db.query(change, [[1, 2]]));
  });

  test("hands on the notifications that come with an answer", async () => {
    const heard: string[] = [];
    const statements = preparedStatements(db, {
      onNotification: (channel, payload) => heard.push(`${channel}: ${payload}`),
    });
    await db.exec("listen carlot_test");
    await statements.query("select pg_notify('carlot_test', $1)", ["ünï"], {});
    expect(heard).toEqual(["carlot_test: ünï"]);
    await db.exec("unlisten carlot_test");
  });

  test("a statement marked for one plan keeps it; every other is planned for its values", async () => {
    await db.exec("set plan_cache_mode = force_custom_plan");
    const statements = preparedStatements(db);
    const plans = async (text: string) =>
      (
        await db.query<{ generic: number; custom: number }>(
          "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1",
          [text],
        )
      ).rows[0];
    const mode = async () =>
      (await db.query<{ plan_cache_mode: string }>("show plan_cache_mode")).rows[0]!
        .plan_cache_mode;
    const keyed = `select name from item where id = $1 ${ONE_PLAN}`;
    const searched = "select name from item where id = $1";
    for (const id of [1, 2, 3]) {
      expect((await statements.query(keyed, [id], {})).rows).toEqual(
        (await statements.query(searched, [id], {})).rows,
      );
    }
    expect(await plans(keyed)).toEqual({ generic: 3, custom: 0 });
    expect(await plans(searched)).toEqual({ generic: 0, custom: 3 });
    expect(await mode()).toBe("force_custom_plan");
    // A failure leaves the session planning for values too.
    const failing = `select 1 / $1::int as n ${ONE_PLAN}`;
    await expect(statements.query(failing, [0], {})).rejects.toMatchObject({ code: "22012" });
    expect(await mode()).toBe("force_custom_plan");
    expect((await statements.query(failing, [1], {})).rows).toEqual([{ n: 1 }]);
    // Inside a transaction it is planned for its values (a SET there lasts as long as it).
    await db.transaction(async () => {
      await statements.queryInTransaction(keyed, [1], {});
    });
    expect(await plans(keyed)).toEqual({ generic: 3, custom: 1 });
    expect(await mode()).toBe("force_custom_plan");
  });

  test("sends nulls, dates, arrays and JSON as PGlite's serializers would", async () => {
    const statements = preparedStatements(db);
    const text =
      "select $1::int as nothing, $2::timestamptz as at, $3::int[] as ids, $4::jsonb as data";
    const params = [null, new Date("2026-05-06T07:08:09Z"), [1, 2], { a: [1, "b"] }];
    expect((await statements.query(text, params, {})).rows).toEqual(
      (await db.query(text, params)).rows,
    );
  });

  test("keeps at most its limit, closing the least recently used", async () => {
    const statements = preparedStatements(db, { limit: 3 });
    const before = await preparedInSession();
    const ask = (n: number) => statements.query(`select ${n} as n where $1::int = 1`, [1], {});
    for (const n of [1, 2, 3]) await ask(n);
    await ask(1); // now 2 is the least recently used
    await ask(4);
    expect(statements.size).toBe(3);
    expect(await preparedInSession()).toBe(before + 3);
    // 1 is still prepared, 2 was closed and is parsed again when asked.
    expect((await ask(1)).rows).toEqual([{ n: 1 }]);
    expect((await ask(2)).rows).toEqual([{ n: 2 }]);
    expect(await preparedInSession()).toBe(before + 3);
  });

  test("gives PostgreSQL's errors with their fields, and keeps working after them", async () => {
    const statements = preparedStatements(db);
    await expect(
      statements.query("insert into item (id, name) values ($1, $2)", [3, "one"], {}),
    ).rejects.toMatchObject({ code: "23505", constraint: "item_name_key" });
    await expect(statements.query("select nope from item", [], {})).rejects.toMatchObject({
      code: "42703",
    });
    expect((await statements.query("select count(*)::int as n from item", [], {})).rows).toEqual([
      { n: 2 },
    ]);
  });

  test("inside a transaction, a failed statement ends it and later ones still run after", async () => {
    const statements = preparedStatements(db);
    const insert = "insert into item (id, name) values ($1, $2)";
    await db
      .transaction(async () => {
        await statements.queryInTransaction(insert, [5, "five"], {});
        await expect(statements.queryInTransaction(insert, [6, "five"], {})).rejects.toMatchObject({
          code: "23505",
        });
        await expect(
          statements.queryInTransaction("select 1 as n where $1::int = 1", [1], {}),
        ).rejects.toMatchObject({ code: "25P02" });
      })
      .catch(() => undefined);
    // Rolled back as a whole; the statements prepared in it still serve.
    expect((await statements.query("select id from item where id = $1", [5], {})).rows).toEqual([]);
    await statements.query(insert, [7, "seven"], {});
    expect((await statements.query("select name from item where id = $1", [7], {})).rows).toEqual([
      { name: "seven" },
    ]);
  });

  test("parses a statement again when a migration changed the columns it returns", async () => {
    const statements = preparedStatements(db);
    const text = "select * from item where id = $1";
    expect(Object.keys((await statements.query(text, [1], {})).rows[0]!)).not.toContain("colour");
    await db.exec("alter table item add column colour text default 'red'");
    const again = await statements.query(text, [1], {});
    expect(again.rows[0]).toMatchObject({ id: 1, colour: "red" });
    expect(statements.size).toBe(1);
  });
});
