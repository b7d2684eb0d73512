// The doctor against real databases: what its probes find, `npm run doctor`'s output
// and exit code, and a production start that refuses on an error before adding data.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { migrationState } from "#app/db/client.server.ts";
import { siteSetting, user } from "#app/db/schema.ts";
import { gatherDatabaseFacts } from "#app/services/doctor-database.server.ts";
import { recordSecretFingerprint } from "#app/services/secret.server.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { createUser } from "#tests/factories.ts";

import { ON_POSTGRES, startApp, useAppPlace } from "./app-helpers.ts";

vi.mock("virtual:react-router/server-build", () => ({}));

const SECRET = "doctor-test-secret-q3Zr9vKx0T6bWmL2yHc8NfPa";
const JOURNAL = JSON.parse(
  await fs.readFile(path.resolve("drizzle/meta/_journal.json"), "utf8"),
) as { entries: { tag: string; when: number }[] };
const LAST = JOURNAL.entries.at(-1)!;

/** `npm run doctor` with exactly these settings. */
function doctor(env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(process.execPath, ["scripts/ops/doctor.ts", ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe("what the probes find", () => {
  let t: TestEnv;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  test("a migrated database with no one in it", async () => {
    const facts = await gatherDatabaseFacts(t, SECRET);
    expect(facts).toEqual({
      state: "open",
      kind: ON_POSTGRES ? "postgres" : "pglite",
      migrations: { applied: JOURNAL.entries.length, pending: [], unknown: 0 },
      hasUsers: false,
      demoAccounts: [],
      secret: "unrecorded",
    });
  });

  test("users, demo accounts among them, and the recorded secret", async () => {
    await createUser(t.db, { email: "owner@cars.example.com" });
    expect(await gatherDatabaseFacts(t, null)).toMatchObject({ hasUsers: true, demoAccounts: [] });
    await createUser(t.db, { email: "admin@example.com" });
    await createUser(t.db, { email: "liam.carter@example.com" });
    await recordSecretFingerprint(t.db, SECRET);
    expect(await gatherDatabaseFacts(t, SECRET)).toMatchObject({
      demoAccounts: ["admin@example.com", "liam.carter@example.com"],
      secret: "same",
    });
    expect(await gatherDatabaseFacts(t, `${SECRET}-other`)).toMatchObject({ secret: "different" });
    await t.db.delete(user);
    await t.db.delete(siteSetting);
  });

  test("a migration not applied yet, and one from a newer release", async () => {
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${LAST.when}`,
    );
    expect(await migrationState(t.db)).toEqual({
      applied: JOURNAL.entries.length - 1,
      pending: [LAST.tag],
      unknown: 0,
    });
    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${LAST.when}), ('from-the-future', ${LAST.when + 1000})`,
    );
    expect(await migrationState(t.db)).toEqual({
      applied: JOURNAL.entries.length + 1,
      pending: [],
      unknown: 1,
    });
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where hash = 'from-the-future'`,
    );
  });
});

// Each case starts `node scripts/ops/doctor.ts` (a second or two, more on a busy machine).
describe("npm run doctor", { timeout: 60_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-doctor-"));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("a fresh machine with the defaults: warnings, exit 0, nothing created", async () => {
    const { status, out } = doctor({ DATA_DIR: path.join(dataDir, "fresh") });
    expect(out).toMatch(/^WARNING +\[public-url\]/m);
    expect(out).toMatch(/^WARNING +\[smtp\]/m);
    expect(out).toMatch(/^OK +\[auth-secret\] AUTH_SECRET is not set: the first start generates/m);
    expect(out).toMatch(/^INFO +\[database\] The embedded database .* does not exist yet/m);
    expect(out).toMatch(/0 error\(s\), 3 warning\(s\)\.$/m);
    expect(status).toBe(0);
    await expect(fs.stat(path.join(dataDir, "fresh"))).rejects.toThrow(/ENOENT/);
  });

  test("a public site over plain HTTP, with a weak secret and demo data: errors, exit 1", () => {
    const { status, out } = doctor({
      DATA_DIR: path.join(dataDir, "fresh"),
      PUBLIC_URL: "http://cars.example.com",
      AUTH_SECRET: "changeme-changeme-changeme-changeme",
    });
    expect(out).toMatch(/^ERROR +\[public-url\] .* Fix: /m);
    expect(out).toMatch(/^ERROR +\[auth-secret\] .* Fix: /m);
    expect(out).toMatch(/^ERROR +\[demo-data\] .* Fix: set SEED_DEMO=false\.$/m);
    expect(out).not.toContain("changeme-changeme");
    expect(out).toMatch(/3 error\(s\)/);
    expect(status).toBe(1);
  });

  test("DOCTOR_SILENCE turns an accepted error into a note", () => {
    const { status, out } = doctor({
      DATA_DIR: path.join(dataDir, "fresh"),
      PUBLIC_URL: "http://cars.lan",
      SEED_DEMO: "false",
      DOCTOR_SILENCE: "public-url",
    });
    expect(out).toMatch(/^SILENCED ERROR \[public-url\]/m);
    expect(status).toBe(0);
  });

  test("an invalid environment: one line per variable, exit 1", () => {
    const invalid = doctor({ PORT: "eighty", SEED_DEMO: "yes" });
    expect(invalid.out).toMatch(/^ERROR +\[environment\] PORT must be a port number/m);
    expect(invalid.out).toMatch(/^ERROR +\[environment\] SEED_DEMO must be "true" or "false"/m);
    expect(invalid.status).toBe(1);
    const noSecret = doctor({ DATABASE_URL: "postgres://db/carlot" });
    expect(noSecret.out).toMatch(
      /^ERROR +\[environment\] AUTH_SECRET is required with DATABASE_URL/m,
    );
    expect(noSecret.status).toBe(1);
  });

  test("PostgreSQL that does not answer: an error with the fix, no password shown", () => {
    const { status, out } = doctor({
      DATA_DIR: path.join(dataDir, "fresh"),
      DATABASE_URL: "postgres://carlot:db-password-123@127.0.0.1:1/carlot",
      AUTH_SECRET: SECRET,
    });
    expect(out).toMatch(
      /^ERROR +\[database\] Cannot reach PostgreSQL at 127\.0\.0\.1:1\/carlot: .* Fix: check DATABASE_URL/m,
    );
    expect(out).not.toContain("db-password-123");
    expect(status).toBe(1);
  });
});

describe("a production start", () => {
  const place = useAppPlace();

  test("refuses on errors, listing them, before adding any data", async () => {
    const error = await startApp({
      ...place().env,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      AUTH_SECRET: SECRET,
      PUBLIC_URL: "http://cars.example.com",
      SEED_DEMO: "true",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^The configuration is not safe to serve/);
    expect(message).toMatch(/^ERROR +\[public-url\]/m);
    expect(message).toMatch(/^ERROR +\[demo-data\]/m);
    expect(message).not.toMatch(/\[smtp\]/); // warnings do not stop a start
    const database = await place().open();
    try {
      const [users] = await database.db.select({ n: count() }).from(user);
      expect(users?.n).toBe(0);
      expect(await database.db.select().from(siteSetting)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  test.runIf(!ON_POSTGRES)(
    "while the server holds the embedded database, the doctor checks the rest",
    async () => {
      const app = await startApp({
        ...place().env,
        NODE_ENV: "production",
        LOG_LEVEL: "error",
        AUTH_SECRET: SECRET,
      });
      try {
        const { status, out } = doctor({ ...place().env, HOST: "127.0.0.1", AUTH_SECRET: SECRET });
        expect(out).toMatch(
          /^INFO +\[database\] Skipped the database checks: the data directory .* is in use by another Carlot process \(pid \d+\)/m,
        );
        expect(status).toBe(0);
      } finally {
        await app.close();
      }
      const { status, out } = doctor({ ...place().env, HOST: "127.0.0.1", AUTH_SECRET: SECRET });
      expect(out).toMatch(/^OK +\[migrations\] All \d+ migrations are applied\./m);
      expect(out).toMatch(/^OK +\[shared-secret\]/m);
      expect(status).toBe(0);
    },
    120_000,
  );
});
