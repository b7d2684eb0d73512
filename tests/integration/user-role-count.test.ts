// The admin's lists take their totals from user_role_count (migration 0010), which
// triggers keep in step with "user": registering, making and removing admins, and
// deleting accounts (one or many in a statement) leave it equal to a real count.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { user } from "#app/db/schema.ts";
import { countUsers, findUsers } from "#app/models/admin-users.server.ts";
import { getDashboardSummary } from "#app/models/dashboard.server.ts";
import type { Role } from "#app/models/user.ts";
import { createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

let t: TestEnv;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const ROLES: Role[] = ["buyer", "seller", "admin"];

/** Every role's kept count next to a real count of the accounts. */
async function counts() {
  const real = (await t.db.execute(
    sql`select r.role, (select count(*)::int from "user" u where u.role = r.role) as n
        from (values ('buyer'), ('seller'), ('admin')) as r(role)`,
  )) as unknown as { rows: { role: Role; n: number }[] };
  const kept = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await countUsers(t.db, role)])),
  );
  return {
    kept: { ...kept, all: await countUsers(t.db, null) },
    real: {
      ...Object.fromEntries(real.rows.map((row) => [row.role, row.n])),
      all: real.rows.reduce((sum, row) => sum + row.n, 0),
    },
  };
}

describe("user_role_count", () => {
  test("follows registrations, role changes and deletions, including many rows at once", async () => {
    const start = await counts();
    expect(start.kept).toEqual(start.real);

    const buyers = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t.db, { role: "buyer" })),
    );
    const seller = await createUser(t.db, { role: "seller" });
    let now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept.buyer).toBe(start.kept.buyer + 5);
    expect(now.kept.seller).toBe(start.kept.seller + 1);

    await t.db.execute(sql`update "user" set role = 'admin' where id = ${buyers[0]!.id}`);
    // A write that leaves the role as it was changes nothing.
    await t.db.execute(sql`update "user" set role = 'seller' where id = ${seller.id}`);
    await t.db.execute(sql`update "user" set name = 'Renamed' where id = ${buyers[1]!.id}`);
    now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept.admin).toBe(start.kept.admin + 1);

    await t.db.execute(
      sql`delete from "user" where id in (${buyers[2]!.id}, ${buyers[3]!.id}, ${seller.id})`,
    );
    now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept.all).toBe(start.kept.all + 3);
  });

  test("a rolled-back registration is not counted", async () => {
    const before = await countUsers(t.db, "buyer");
    await t.db
      .transaction(async (tx) => {
        await tx.insert(user).values({ id: "rolled-back", name: "R", email: "r@example.com" });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await countUsers(t.db, "buyer")).toBe(before);
  });

  test("the admin's lists and overview show the kept totals, and page through ids", async () => {
    const sellers = await Promise.all(
      Array.from({ length: 30 }, () => createUser(t.db, { role: "seller" })),
    );
    const all = await findUsers(t.db, { role: "seller", q: "", page: 1 });
    expect(all.total).toBe(await countUsers(t.db, "seller"));
    expect(all.rows).toHaveLength(25);
    const second = await findUsers(t.db, { role: "seller", q: "", page: 2 });
    const seen = [...all.rows, ...second.rows].map((row) => row.id);
    // Newest first, every seller once, across the two pages.
    expect(new Set(seen).size).toBe(seen.length);
    for (const made of sellers) expect(seen).toContain(made.id);
    const ordered = [...all.rows, ...second.rows].map((row) => row.createdAt);
    expect(ordered).toEqual([...ordered].sort().reverse());

    const admin = await createUser(t.db, { role: "admin" });
    const summary = await getDashboardSummary(t.db, {
      id: admin.id,
      name: admin.name,
      email: admin.email,
      image: null,
      role: "admin",
      verified: false,
      emailVerified: true,
      language: null,
    });
    expect(summary.find((figure) => figure.label === "Sellers")?.value).toBe(
      await countUsers(t.db, "seller"),
    );
    expect(summary.find((figure) => figure.label === "Admins")?.value).toBe(
      await countUsers(t.db, "admin"),
    );
  });

  test("a search counts its matches", async () => {
    await createUser(t.db, { role: "buyer", name: "Zebulon Quartermaine" });
    const found = await findUsers(t.db, { role: null, q: "zebulon quart", page: 1 });
    expect(found.total).toBe(1);
    expect(found.rows.map((row) => row.name)).toEqual(["Zebulon Quartermaine"]);
    // Past the end: the last page, counted on its own; no match is page 1 of 1.
    const beyond = await findUsers(t.db, { role: null, q: "zebulon quart", page: 7 });
    expect([beyond.page, beyond.pageCount, beyond.total]).toEqual([1, 1, 1]);
    expect(beyond.rows.map((row) => row.name)).toEqual(["Zebulon Quartermaine"]);
    const none = await findUsers(t.db, { role: null, q: "nobody-by-this-name", page: 3 });
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});
