// Every node sharing a database must sign sessions with the same AUTH_SECRET: the
// first start records a fingerprint of it (never the secret), later starts compare,
// and in production on PostgreSQL a different secret refuses to start until the
// operator rotates it on purpose with `npm run doctor -- --accept-new-secret`.
import { spawnSync } from "node:child_process";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { siteSetting } from "#app/db/schema.ts";
import {
  checkSharedSecret,
  compareSecretFingerprint,
  recordSecretFingerprint,
  SecretMismatchError,
  secretFingerprint,
} from "#app/services/secret.server.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { ON_POSTGRES, startApp, useAppPlace } from "./app-helpers.ts";

vi.mock("virtual:react-router/server-build", () => ({}));

const FIRST = "first-node-secret-q3Zr9vKx0T6bWmL2yHc8NfPa";
const OTHER = "other-node-secret-Jd81kQpWz5xCvB0nMa7LsE2R";
const KEY = "auth.secret-fingerprint";

describe("the fingerprint in the database", () => {
  let t: TestEnv;
  const log = { warn: vi.fn() };
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await t.db.delete(siteSetting).where(eq(siteSetting.key, KEY));
    log.warn.mockReset();
  });

  const stored = async () =>
    (await t.db.select().from(siteSetting).where(eq(siteSetting.key, KEY)))[0]?.value;

  test("is an HMAC keyed with the secret: the secret itself is never stored", async () => {
    await recordSecretFingerprint(t.db, FIRST);
    const value = (await stored()) as { hmacSha256: string };
    expect(value.hmacSha256).toBe(secretFingerprint(FIRST));
    expect(value.hmacSha256).not.toBe(secretFingerprint(OTHER));
    const everything = JSON.stringify(await t.db.select().from(siteSetting));
    expect(everything).not.toContain(FIRST);
    expect(everything).not.toContain(Buffer.from(FIRST).toString("base64"));
    expect(everything).not.toContain(Buffer.from(FIRST).toString("hex"));
  });

  test("the first start records it, the same secret then passes quietly", async () => {
    await expect(compareSecretFingerprint(t.db, FIRST)).resolves.toBe("unrecorded");
    await expect(checkSharedSecret(t.db, FIRST, { refuse: true, log })).resolves.toBe("unrecorded");
    await expect(compareSecretFingerprint(t.db, FIRST)).resolves.toBe("same");
    await expect(checkSharedSecret(t.db, FIRST, { refuse: true, log })).resolves.toBe("same");
    expect(log.warn).not.toHaveBeenCalled();
  });

  test("a different secret is refused, with a message that shows neither secret", async () => {
    await recordSecretFingerprint(t.db, FIRST);
    const error = await checkSharedSecret(t.db, OTHER, { refuse: true, log }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SecretMismatchError);
    const message = (error as Error).message;
    expect(message).toMatch(/^AUTH_SECRET differs from the one the other nodes use/);
    expect(message).toContain("npm run doctor -- --accept-new-secret");
    expect(message).not.toContain(FIRST);
    expect(message).not.toContain(OTHER);
    // The recorded one stays: the nodes already running keep theirs.
    await expect(compareSecretFingerprint(t.db, FIRST)).resolves.toBe("same");
  });

  test("where nothing else shares the database, a change is logged and recorded", async () => {
    await recordSecretFingerprint(t.db, FIRST);
    await expect(checkSharedSecret(t.db, OTHER, { refuse: false, log })).resolves.toBe("different");
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/AUTH_SECRET changed/));
    await expect(compareSecretFingerprint(t.db, OTHER)).resolves.toBe("same");
  });
});

describe("at start", () => {
  const place = useAppPlace();

  const start = (secret: string, nodeEnv = "production") =>
    startApp({ ...place().env, NODE_ENV: nodeEnv, LOG_LEVEL: "error", AUTH_SECRET: secret });

  async function recorded(): Promise<unknown> {
    const database = await place().open();
    try {
      return (await database.db.select().from(siteSetting).where(eq(siteSetting.key, KEY)))[0]
        ?.value;
    } finally {
      await database.close();
    }
  }

  test("the first node records the fingerprint, and a node with the same secret starts", async () => {
    const first = await start(FIRST);
    await first.close();
    expect(await recorded()).toMatchObject({ hmacSha256: secretFingerprint(FIRST) });
    const again = await start(FIRST);
    await again.close();
    expect(await recorded()).toMatchObject({ hmacSha256: secretFingerprint(FIRST) });
  }, 120_000);

  test.runIf(ON_POSTGRES)(
    "a node with a different secret refuses to start in production on PostgreSQL",
    async () => {
      const error = await start(OTHER).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        /AUTH_SECRET differs from the one the other nodes use/,
      );
      expect((error as Error).message).not.toContain(OTHER);
      expect(await recorded()).toMatchObject({ hmacSha256: secretFingerprint(FIRST) });
      // A node with the right secret still starts.
      const right = await start(FIRST);
      await right.close();
    },
    120_000,
  );

  test.runIf(!ON_POSTGRES)(
    "the embedded database (one process) takes a changed secret and records it",
    async () => {
      const changed = await start(OTHER);
      await changed.close();
      expect(await recorded()).toMatchObject({ hmacSha256: secretFingerprint(OTHER) });
      const back = await start(FIRST);
      await back.close();
      expect(await recorded()).toMatchObject({ hmacSha256: secretFingerprint(FIRST) });
    },
    120_000,
  );

  test("rotating on purpose: npm run doctor -- --accept-new-secret, then the new secret starts", async () => {
    const doctor = spawnSync(process.execPath, ["scripts/ops/doctor.ts", "--accept-new-secret"], {
      env: { PATH: process.env.PATH, ...place().env, AUTH_SECRET: OTHER, HOST: "127.0.0.1" },
      encoding: "utf8",
    });
    expect(doctor.stderr).toBe("");
    expect(doctor.stdout).toContain("Recorded the current AUTH_SECRET's fingerprint");
    expect(doctor.stdout).toMatch(/OK +\[shared-secret\]/);
    expect(doctor.stdout).not.toContain(OTHER);
    expect(doctor.status).toBe(0);
    expect(await recorded()).toMatchObject({ hmacSha256: secretFingerprint(OTHER) });
    const rotated = await start(OTHER);
    await rotated.close();
    if (ON_POSTGRES) {
      await expect(start(FIRST)).rejects.toThrow(/AUTH_SECRET differs/);
    }
  }, 120_000);

  test("with DATABASE_URL, a node without AUTH_SECRET refuses to start", async () => {
    await expect(
      startApp({
        ...place().env,
        DATABASE_URL: "postgres://carlot@127.0.0.1:1/carlot",
        NODE_ENV: "production",
      }),
    ).rejects.toThrow(/AUTH_SECRET is required with DATABASE_URL/);
  });
});
