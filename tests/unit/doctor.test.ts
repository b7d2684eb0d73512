import { describe, expect, test } from "vitest";

import { diagnose, errorsIn, formatFinding } from "#app/services/doctor.server.ts";
import { checkAuthSecret, secretWeakness } from "#app/services/doctor-secrets.server.ts";
import { checkDatabase } from "#app/services/doctor-database.server.ts";
import {
  checkDemoData,
  checkPublicUrl,
  checkTrustProxy,
  isLoopbackHost,
} from "#app/services/doctor-exposure.server.ts";
import { checkPageCache, checkSmtp, checkStorage } from "#app/services/doctor-services.server.ts";
import { type DatabaseFacts, type Finding } from "#app/services/doctor-findings.server.ts";
import { parseEnv } from "#app/services/env.server.ts";

const SECRET = "q3Zr9vKx0T6bWmL2yHc8NfPa4JdE1uGs7RkV5iXoQ";
const DB = "postgres://carlot:hunter2-db-password@db.internal:5432/carlot";

const env = (values: Record<string, string> = {}) =>
  parseEnv({ DATA_DIR: "/srv/carlot", ...values });

/** A reachable, migrated database with real users and nothing else to say. */
const open = (over: Partial<Extract<DatabaseFacts, { state: "open" }>> = {}): DatabaseFacts => ({
  state: "open",
  kind: "postgres",
  migrations: { applied: 6, pending: [], unknown: 0 },
  hasUsers: true,
  demoAccounts: [],
  secret: "same",
  ...over,
});

/** A production site that passes every check. */
const healthy = {
  PUBLIC_URL: "https://cars.example.com",
  DATABASE_URL: DB,
  AUTH_SECRET: SECRET,
  SMTP_URL: "smtps://mailer:mail-password@smtp.example.com:465",
  STORAGE: "s3://carlot-photos/prod",
  TRUST_PROXY: "true",
};

function run(values: Record<string, string>, facts: DatabaseFacts = open()): Finding[] {
  const { STORAGE, ...rest } = values;
  return diagnose({ env: env(rest), storageUrl: STORAGE, authSecretFileExists: false }, facts);
}

describe("a well-configured deployment", () => {
  test("every check is ok and nothing counts as an error", () => {
    const findings = run(healthy);
    expect(findings.map((f) => [f.check, f.severity])).toEqual([
      ["public-url", "ok"],
      ["auth-secret", "ok"],
      ["demo-data", "ok"],
      ["smtp", "ok"],
      ["storage", "ok"],
      ["trust-proxy", "ok"],
      ["page-cache", "ok"],
      ["database", "ok"],
      ["migrations", "ok"],
      ["shared-secret", "ok"],
    ]);
    expect(errorsIn(findings)).toEqual([]);
  });

  test("no line ever shows a password or the secret", () => {
    const text = run(healthy).map(formatFinding).join("\n");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("mail-password");
    expect(text).not.toContain(SECRET);
    expect(text).toContain("db.internal:5432/carlot");
  });
});

describe("PUBLIC_URL", () => {
  test("https is ok", () => {
    expect(checkPublicUrl(env({ PUBLIC_URL: "https://cars.example.com" })).severity).toBe("ok");
  });

  test("plain http on a public host is an error with the https fix", () => {
    const finding = checkPublicUrl(env({ PUBLIC_URL: "http://cars.example.com" }));
    expect(finding.severity).toBe("error");
    expect(finding.message).toMatch(/not https/);
    expect(finding.fix).toContain("PUBLIC_URL=https://cars.example.com");
  });

  test("plain http on a LAN address is an error too", () => {
    expect(checkPublicUrl(env({ PUBLIC_URL: "http://192.168.1.20:3000" })).severity).toBe("error");
  });

  test("plain http on this machine (the e2e and bench servers) is only a note", () => {
    for (const url of ["http://127.0.0.1:3751", "http://localhost:3000", "http://[::1]:3000"]) {
      expect(checkPublicUrl(env({ PUBLIC_URL: url })).severity).toBe("info");
    }
  });

  test("unset on a loopback HOST is a note", () => {
    expect(checkPublicUrl(env({ HOST: "127.0.0.1" })).severity).toBe("info");
  });

  test("unset with HOST on every interface (the default) is a warning", () => {
    const finding = checkPublicUrl(env());
    expect(finding.severity).toBe("warning");
    expect(finding.fix).toMatch(/PUBLIC_URL/);
    expect(checkPublicUrl(env({ HOST: "::" })).severity).toBe("warning");
  });

  test("unset with HOST on a public address is an error", () => {
    expect(checkPublicUrl(env({ HOST: "203.0.113.7" })).severity).toBe("error");
  });

  test("loopback names", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.3.4.5", "::1", "[::1]"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "10.0.0.1", "cars.example.com", "localhost.example.com"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("AUTH_SECRET", () => {
  const input = (values: Record<string, string>, authSecretFileExists = false) => ({
    env: env(values),
    authSecretFileExists,
  });

  test("a random secret is ok", () => {
    expect(checkAuthSecret(input({ AUTH_SECRET: SECRET })).severity).toBe("ok");
    const hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    expect(secretWeakness(hex)).toBeNull();
  });

  test.each([
    ["one repeated character", "a".repeat(40), /1 different character\b/],
    ["a short piece repeated", "abc123XYZ!".repeat(4), /repeated/],
    ["few different characters", "0101010110101010011001100110011010", /different characters/],
    ["the change-me placeholder", "change-me-change-me-to-something-long", /placeholder/],
    ["changeme", "please-changeme-before-production-use", /placeholder/],
    ["your-secret", "put-your-secret-in-here-0123456789ab", /placeholder/],
  ])("%s is an error", (_name, secret, reason) => {
    const finding = checkAuthSecret(input({ AUTH_SECRET: secret }));
    expect(finding.severity).toBe("error");
    expect(finding.message).toMatch(reason);
    expect(finding.fix).toMatch(/openssl rand/);
    expect(formatFinding(finding)).not.toContain(secret);
  });

  test("the test and bench secrets the repository uses are not refused", () => {
    for (const secret of [
      "two-process-test-secret-0123456789abcdef",
      "bench-secret-bench-secret-bench-secret-00",
      "lighthouse-secret-lighthouse-secret-lighthouse-0",
    ]) {
      expect(secretWeakness(secret), secret).toBeNull();
    }
  });

  test("unset on the embedded database says where the generated one is", () => {
    const before = checkAuthSecret(input({}));
    expect(before.severity).toBe("ok");
    expect(before.message).toContain("/srv/carlot/auth-secret");
    expect(before.message).toMatch(/first start generates/);
    const after = checkAuthSecret(input({}, true));
    expect(after.message).toMatch(/generated secret in \/srv\/carlot\/auth-secret/);
  });

  test("unset with DATABASE_URL never reaches the doctor: the environment refuses it", () => {
    expect(() => env({ DATABASE_URL: DB })).toThrow(/AUTH_SECRET is required with DATABASE_URL/);
  });
});

describe("demo data", () => {
  const demo = ["admin@example.com", "maya.thompson@example.com"];

  test("demo accounts on a public site are an error naming them", () => {
    const finding = checkDemoData(
      env({ PUBLIC_URL: "https://cars.example.com" }),
      open({ demoAccounts: demo }),
    );
    expect(finding.severity).toBe("error");
    expect(finding.message).toContain("admin@example.com");
    expect(finding.message).toContain("cars.example.com");
    expect(finding.fix).toMatch(/create-admin/);
  });

  test("SEED_DEMO=true on a public site is an error", () => {
    const finding = checkDemoData(
      env({ PUBLIC_URL: "https://cars.example.com", SEED_DEMO: "true" }),
      open(),
    );
    expect(finding.severity).toBe("error");
    expect(finding.fix).toBe("set SEED_DEMO=false.");
  });

  test("the embedded database's default seeds an empty database: an error on a public site", () => {
    const publicSite = env({ PUBLIC_URL: "https://cars.example.com" });
    expect(checkDemoData(publicSite, open({ hasUsers: false })).severity).toBe("error");
    expect(
      checkDemoData(publicSite, { state: "not-created", path: "/srv/carlot/pg" }).severity,
    ).toBe("error");
    // A database with real users gets no demo from the default.
    expect(checkDemoData(publicSite, open({ hasUsers: true })).severity).toBe("ok");
  });

  test("on this machine only (the e2e servers) it is a note", () => {
    const local = env({ PUBLIC_URL: "http://127.0.0.1:3751", SEED_DEMO: "true" });
    expect(checkDemoData(local, open({ demoAccounts: demo })).severity).toBe("info");
  });

  test("reachable from other machines without PUBLIC_URL it is a warning", () => {
    const finding = checkDemoData(env(), open({ hasUsers: false }));
    expect(finding.severity).toBe("warning");
    expect(finding.fix).toMatch(/HOST=127\.0\.0\.1/);
  });

  test("SEED_DEMO=false with no demo accounts is ok", () => {
    const facts = open({ hasUsers: false });
    expect(checkDemoData(env({ SEED_DEMO: "false" }), facts).severity).toBe("ok");
  });
});

describe("SMTP, storage, proxy, page cache", () => {
  test("SMTP_URL unset is a warning; set is ok without its password", () => {
    const missing = checkSmtp(env());
    expect(missing.severity).toBe("warning");
    expect(missing.message).toContain("/srv/carlot/outbox");
    const set = checkSmtp(env({ SMTP_URL: "smtp://user:pass-word@mail.example.com:587" }));
    expect(set.severity).toBe("ok");
    expect(set.message).toContain("mail.example.com:587");
    expect(set.message).not.toContain("pass-word");
  });

  test("photos on local disk with DATABASE_URL are a warning; S3 or the embedded database are ok", () => {
    const shared = env({ DATABASE_URL: DB, AUTH_SECRET: SECRET });
    const local = checkStorage(shared, undefined);
    expect(local.severity).toBe("warning");
    expect(local.message).toMatch(/missing on the others unless DATA_DIR\/media is a shared mount/);
    expect(local.fix).toMatch(/STORAGE_URL=s3:\/\//);
    expect(checkStorage(shared, "file:///mnt/photos").severity).toBe("warning");
    expect(checkStorage(shared, "s3://photos/prod").severity).toBe("ok");
    expect(checkStorage(env(), undefined).severity).toBe("ok");
  });

  test("TRUST_PROXY=false behind https is a warning", () => {
    const https = { PUBLIC_URL: "https://cars.example.com" };
    expect(checkTrustProxy(env(https)).severity).toBe("warning");
    expect(checkTrustProxy(env({ ...https, TRUST_PROXY: "true" })).severity).toBe("ok");
    expect(checkTrustProxy(env({ ...https, TRUST_PROXY: "10.0.0.5" })).severity).toBe("ok");
    expect(checkTrustProxy(env({ PUBLIC_URL: "http://127.0.0.1:3000" })).severity).toBe("ok");
  });

  test("PAGE_CACHE_MB=0 is a note", () => {
    expect(checkPageCache(env({ PAGE_CACHE_MB: "0" })).severity).toBe("info");
    expect(checkPageCache(env()).severity).toBe("ok");
  });
});

describe("the database", () => {
  const shared = env({ DATABASE_URL: DB, AUTH_SECRET: SECRET });
  const severities = (findings: Finding[]) =>
    Object.fromEntries(findings.map((f) => [f.check, f.severity]));

  test("unreachable is an error with the fix, and no password", () => {
    const [finding] = checkDatabase(shared, {
      state: "unreachable",
      reason: "connect ECONNREFUSED 10.0.0.9:5432",
    });
    expect(finding?.severity).toBe("error");
    expect(finding?.message).toContain("db.internal:5432/carlot");
    expect(finding?.message).toContain("ECONNREFUSED");
    expect(finding?.message).not.toContain("hunter2");
    expect(finding?.fix).toMatch(/DATABASE_URL/);
  });

  test("pending migrations are a warning (the next start applies them); unknown ones an error", () => {
    const pending = checkDatabase(
      shared,
      open({ migrations: { applied: 5, pending: ["0005_page_change_notifications"], unknown: 0 } }),
    );
    expect(severities(pending).migrations).toBe("warning");
    expect(pending[1]?.message).toContain("0005_page_change_notifications");
    expect(pending[1]?.fix).toMatch(/stop every node/);
    const newer = checkDatabase(
      shared,
      open({ migrations: { applied: 7, pending: [], unknown: 1 } }),
    );
    expect(severities(newer).migrations).toBe("error");
    expect(newer[1]?.message).toMatch(/newer release/);
  });

  test("a different secret is an error on PostgreSQL, a warning on the embedded database", () => {
    const pg = checkDatabase(shared, open({ secret: "different" }));
    expect(severities(pg)["shared-secret"]).toBe("error");
    expect(pg[2]?.message).toMatch(/AUTH_SECRET differs from the one the other nodes use/);
    expect(pg[2]?.fix).toMatch(/--accept-new-secret/);
    const embedded = checkDatabase(env(), open({ kind: "pglite", secret: "different" }));
    expect(severities(embedded)["shared-secret"]).toBe("warning");
    expect(severities(checkDatabase(shared, open({ secret: "unrecorded" })))["shared-secret"]).toBe(
      "info",
    );
  });

  test("an embedded database not created yet, or held by the server, is a note", () => {
    expect(
      checkDatabase(env(), { state: "not-created", path: "/srv/carlot/pg" })[0]?.severity,
    ).toBe("info");
    const inUse = checkDatabase(env(), {
      state: "in-use",
      reason: "the data directory /srv/carlot is in use by another Carlot process (pid 42)",
    });
    expect(inUse[0]?.severity).toBe("info");
    expect(inUse[0]?.message).toContain("pid 42");
  });
});

describe("DOCTOR_SILENCE", () => {
  test("silences configuration checks: still shown, no longer an error", () => {
    const findings = run({
      ...healthy,
      PUBLIC_URL: "http://cars.lan",
      DOCTOR_SILENCE: "public-url",
    });
    const publicUrl = findings.find((f) => f.check === "public-url");
    expect(publicUrl).toMatchObject({ severity: "error", silenced: true });
    expect(formatFinding(publicUrl!)).toMatch(/^SILENCED ERROR/);
    expect(errorsIn(findings)).toEqual([]);
  });

  test("cannot silence the database checks, and says so", () => {
    const findings = run(
      { ...healthy, DOCTOR_SILENCE: "shared-secret, smtp" },
      open({ secret: "different" }),
    );
    expect(errorsIn(findings).map((f) => f.check)).toEqual(["shared-secret", "doctor-silence"]);
  });

  test("a malformed list is refused with the environment", () => {
    expect(() => env({ DOCTOR_SILENCE: "public url!" })).toThrow(/DOCTOR_SILENCE/);
  });
});

test("one line per finding: severity, check, message, fix", () => {
  const line = formatFinding({
    check: "smtp",
    severity: "warning",
    message: "SMTP_URL is not set.",
    fix: "set SMTP_URL.",
  });
  expect(line).toBe("WARNING  [smtp] SMTP_URL is not set. Fix: set SMTP_URL.");
  expect(line).not.toContain("\n");
});
