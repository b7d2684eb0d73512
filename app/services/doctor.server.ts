// Checks a deployment the way Django's `manage.py check --deploy` does: each check is
// a pure function of the parsed environment and a few facts that small probes gather
// (a file's existence, the database's migrations and accounts), so tests can call it
// with any situation. `npm run doctor` prints every finding; a production start runs
// the same checks and refuses to start on an error.
import fs from "node:fs";
import path from "node:path";

import { count, inArray } from "drizzle-orm";
import pg from "pg";

import {
  DataDirLockedError,
  migrationState,
  openPglite,
  openPostgres,
  type Database,
  type MigrationState,
} from "#app/db/client.server.ts";
import { user } from "#app/db/schema.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "#app/demo/data.ts";
import type { Env } from "#app/services/env.server.ts";
import {
  authSecretFile,
  compareSecretFingerprint,
  recordSecretFingerprint,
  SECRET_MISMATCH_MESSAGE,
  type SecretMatch,
} from "#app/services/secret.server.ts";

export type Severity = "error" | "warning" | "info" | "ok";

/** Checks about the configuration, which DOCTOR_SILENCE may silence. */
export const CONFIG_CHECKS = [
  "public-url",
  "auth-secret",
  "demo-data",
  "smtp",
  "storage",
  "trust-proxy",
  "page-cache",
] as const;
export type CheckName =
  | (typeof CONFIG_CHECKS)[number]
  // About the database itself: never silenced.
  | "database"
  | "migrations"
  | "shared-secret"
  | "environment"
  | "doctor-silence";

export type Finding = {
  check: CheckName;
  severity: Severity;
  message: string;
  /** What to do about it (errors and warnings always say). */
  fix?: string;
  /** Listed in DOCTOR_SILENCE: shown, but neither fails the doctor nor stops a start. */
  silenced?: boolean;
};

/** What the probes found out about the database. */
export type DatabaseFacts =
  | {
      state: "open";
      kind: Database["kind"];
      migrations: MigrationState;
      hasUsers: boolean;
      /** Demo accounts (published password) still in the database. */
      demoAccounts: string[];
      /** The secret compared with the recorded fingerprint; null when not compared. */
      secret: SecretMatch | null;
    }
  | { state: "unreachable"; reason: string }
  /** The embedded database has no directory yet: the first start creates it. */
  | { state: "not-created"; path: string }
  /** The embedded database is held by a running server. */
  | { state: "in-use"; reason: string };

export type DoctorInput = {
  env: Env;
  /**
   * STORAGE_URL as set (`s3://bucket/prefix` for shared photo storage), read from the
   * environment as it is.
   */
  storageUrl?: string;
  /** Whether DATA_DIR/auth-secret exists (the embedded database's generated secret). */
  authSecretFileExists: boolean;
};

// ── Where the site can be reached ───────────────────────────────────────────

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "::1" ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}

const ALL_INTERFACES = new Set(["0.0.0.0", "::", "[::]"]);

/** The public address, when PUBLIC_URL names one other machines use. */
function publicHost(env: Env): string | null {
  if (!env.PUBLIC_URL) return null;
  const host = new URL(env.PUBLIC_URL).hostname;
  return isLoopbackHost(host) ? null : host;
}

/** Without PUBLIC_URL: whether other machines can connect at all. */
function listensBeyondThisMachine(env: Env): boolean {
  return !isLoopbackHost(env.HOST);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A database URL without its password, for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

// ── Secrets ─────────────────────────────────────────────────────────────────

/** Words of placeholder values (the examples in .env.example, tutorials' "changeme"). */
const PLACEHOLDER =
  /change[-_ ]?me|changeit|replace[-_ ]?me|your[-_ ]?(?:own[-_ ]?)?secret|placeholder|example|secret[-_ ]?here|xxxxxxxx/i;

/** Why `secret` is too easy to guess, or null when it looks random enough. */
export function secretWeakness(secret: string): string | null {
  if (PLACEHOLDER.test(secret)) return "it looks like a placeholder from an example";
  const distinct = new Set(secret).size;
  if (distinct < 10) {
    return `it uses only ${distinct} different character${distinct === 1 ? "" : "s"}`;
  }
  if (/^(.+?)\1+$/s.test(secret)) return "it is one short piece repeated";
  return null;
}

// ── The checks ──────────────────────────────────────────────────────────────

export function checkPublicUrl(env: Env): Finding {
  const check = "public-url";
  if (env.PUBLIC_URL) {
    const url = new URL(env.PUBLIC_URL);
    if (url.protocol === "https:") {
      return { check, severity: "ok", message: `PUBLIC_URL is ${url.origin}.` };
    }
    if (isLoopbackHost(url.hostname)) {
      return {
        check,
        severity: "info",
        message: `PUBLIC_URL is ${url.origin}: plain HTTP on this machine only, fine for trying Carlot.`,
      };
    }
    return {
      check,
      severity: "error",
      message: `PUBLIC_URL is ${url.origin}, not https://: session cookies are not marked Secure and travel readable over the network.`,
      fix: `serve the site over HTTPS (a reverse proxy such as Caddy or nginx in front) and set PUBLIC_URL=https://${url.host}.`,
    };
  }
  if (!listensBeyondThisMachine(env)) {
    return {
      check,
      severity: "info",
      message: `PUBLIC_URL is not set and HOST=${env.HOST}: the site is for this machine only (links say http://localhost:${env.PORT}).`,
    };
  }
  if (ALL_INTERFACES.has(env.HOST)) {
    return {
      check,
      severity: "warning",
      message: `PUBLIC_URL is not set: links in emails and sign-in callbacks use http://localhost:${env.PORT}, session cookies are not Secure, and requests for any host name other than this machine's addresses are refused.`,
      fix: "set PUBLIC_URL to the https:// address people use (or HOST=127.0.0.1 for this machine only).",
    };
  }
  return {
    check,
    severity: "error",
    message: `PUBLIC_URL is not set while HOST=${env.HOST} accepts connections from other machines: links in emails say http://localhost:${env.PORT} and session cookies are not Secure.`,
    fix: "set PUBLIC_URL to the https:// address people use.",
  };
}

export function checkAuthSecret(input: DoctorInput): Finding {
  const { env } = input;
  const check = "auth-secret";
  if (env.AUTH_SECRET) {
    const weakness = secretWeakness(env.AUTH_SECRET);
    if (weakness) {
      return {
        check,
        severity: "error",
        message: `AUTH_SECRET is easy to guess (${weakness}): whoever guesses it can forge anyone's session, an admin's included.`,
        fix: "set AUTH_SECRET to the output of `openssl rand -base64 32` (everyone is signed out once).",
      };
    }
    return { check, severity: "ok", message: "AUTH_SECRET is set and looks random." };
  }
  // With DATABASE_URL an unset secret is refused while reading the environment.
  const file = path.resolve(authSecretFile(env.DATA_DIR));
  return {
    check,
    severity: "ok",
    message: input.authSecretFileExists
      ? `AUTH_SECRET is not set: the embedded database's generated secret in ${file} signs sessions (keep it with your backups).`
      : `AUTH_SECRET is not set: the first start generates a random secret in ${file}.`,
  };
}

export function checkDemoData(env: Env, facts: DatabaseFacts): Finding {
  const check = "demo-data";
  const open = facts.state === "open" ? facts : null;
  const present = open?.demoAccounts ?? [];
  const wanted = env.SEED_DEMO ?? !env.DATABASE_URL;
  // With no users (or a database nobody could look into yet) the next start adds the demo.
  const willSeed = wanted && (open ? !open.hasUsers : facts.state !== "in-use");
  if (present.length === 0 && !willSeed && env.SEED_DEMO !== true) {
    return { check, severity: "ok", message: "No demo accounts." };
  }
  const what =
    present.length > 0
      ? `The demo accounts (${present.join(", ")}) are in the database with the published password "${DEMO_PASSWORD}"`
      : willSeed
        ? `SEED_DEMO is ${env.SEED_DEMO === undefined ? "on by default for the embedded database" : "true"} and the database has no users: the next start adds demo accounts with the published password "${DEMO_PASSWORD}"`
        : "SEED_DEMO=true asks for demo accounts with a published password";
  const fix =
    present.length > 0
      ? "make your own admin (`npm run create-admin`), then delete the demo accounts in All Users (remove admin@example.com's admin rights first), or start from an empty database with SEED_DEMO=false."
      : "set SEED_DEMO=false.";
  const host = publicHost(env);
  if (host) {
    return {
      check,
      severity: "error",
      message: `${what}. Anyone on ${host} can sign in as the demo admin.`,
      fix,
    };
  }
  if (!env.PUBLIC_URL && listensBeyondThisMachine(env)) {
    return {
      check,
      severity: "warning",
      message: `${what}. HOST=${env.HOST} lets other machines sign in with it.`,
      fix: `${fix.replace(/\.$/, "")}, or set HOST=127.0.0.1 to keep the demo on this machine.`,
    };
  }
  return { check, severity: "info", message: `${what}. The site answers on this machine only.` };
}

export function checkSmtp(env: Env): Finding {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    return {
      check: "smtp",
      severity: "ok",
      message: `Emails are sent through ${url.hostname}${url.port ? `:${url.port}` : ""}.`,
    };
  }
  return {
    check: "smtp",
    severity: "warning",
    message: `SMTP_URL is not set: no email is sent; password resets and buyers' messages are written to ${path.resolve(env.DATA_DIR, "outbox")} instead.`,
    fix: "set SMTP_URL=smtps://user:password@smtp.example.com:465 and MAIL_FROM.",
  };
}

export function checkStorage(env: Env, storageUrl: string | undefined): Finding {
  if (storageUrl && /^s3:\/\//i.test(storageUrl)) {
    return {
      check: "storage",
      severity: "ok",
      message: "Photos are stored in S3-compatible storage, shared by every node.",
    };
  }
  const media = path.resolve(env.DATA_DIR, "media");
  if (!env.DATABASE_URL) {
    return { check: "storage", severity: "ok", message: `Photos are stored on disk in ${media}.` };
  }
  return {
    check: "storage",
    severity: "warning",
    message: `Photos are stored on this node's disk (${media}) while DATABASE_URL lets other nodes share the database: photos stored by one node are missing on the others unless DATA_DIR/media is a shared mount.`,
    fix: "set STORAGE_URL=s3://bucket/prefix (any S3-compatible store), or mount one shared directory as DATA_DIR/media on every node.",
  };
}

export function checkTrustProxy(env: Env): Finding {
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  if (env.TRUST_PROXY === false && https) {
    return {
      check: "trust-proxy",
      severity: "warning",
      message:
        "TRUST_PROXY=false while PUBLIC_URL is https://: Carlot serves plain HTTP, so a proxy terminates TLS in front of it, and without trusting it every visitor shares the proxy's address for the sign-in limits (one visitor's failed attempts lock out everyone).",
      fix: "set TRUST_PROXY=true (one proxy in front), the number of proxies, or their addresses.",
    };
  }
  return {
    check: "trust-proxy",
    severity: "ok",
    message:
      env.TRUST_PROXY === false
        ? "TRUST_PROXY=false: client addresses are taken from the connection."
        : "TRUST_PROXY is set: client addresses are taken from X-Forwarded-For.",
  };
}

export function checkPageCache(env: Env): Finding {
  if (env.PAGE_CACHE_MB === 0) {
    return {
      check: "page-cache",
      severity: "info",
      message:
        "PAGE_CACHE_MB=0: the page cache is off, every visitor's page is rendered per request.",
    };
  }
  return {
    check: "page-cache",
    severity: "ok",
    message: `The page cache keeps up to ${env.PAGE_CACHE_MB} MB of visitors' pages per process.`,
  };
}

/** Reachability, migrations and the shared secret. */
export function checkDatabase(env: Env, facts: DatabaseFacts): Finding[] {
  const where = env.DATABASE_URL
    ? `PostgreSQL at ${describeDatabaseUrl(env.DATABASE_URL)}`
    : `the embedded database in ${path.resolve(env.DATA_DIR, "pg")}`;
  switch (facts.state) {
    case "unreachable":
      return [
        {
          check: "database",
          severity: "error",
          message: `Cannot reach ${where}: ${facts.reason.replace(/[^.!?]$/, "$&.")}`,
          fix: "check DATABASE_URL (host, port, user, password, database name), that PostgreSQL runs, and that this machine may connect to it.",
        },
      ];
    case "not-created":
      return [
        {
          check: "database",
          severity: "info",
          message: `${upperFirst(where)} does not exist yet: the first start creates it and applies the migrations.`,
        },
      ];
    case "in-use":
      return [
        {
          check: "database",
          severity: "info",
          message: `Skipped the database checks: ${facts.reason} (the server ran them when it started).`,
        },
      ];
  }
  const findings: Finding[] = [{ check: "database", severity: "ok", message: `Reached ${where}.` }];
  const { pending, unknown, applied } = facts.migrations;
  if (unknown > 0) {
    findings.push({
      check: "migrations",
      severity: "error",
      message: `The database has ${unknown} migration(s) this release does not know: a newer release of Carlot migrated it.`,
      fix: "run the release that matches the database (or restore a backup taken before the upgrade).",
    });
  } else if (pending.length > 0) {
    findings.push({
      check: "migrations",
      severity: "warning",
      message: `${pending.length} migration(s) not applied yet (${pending.join(", ")}): the next start applies them${applied > 0 ? ", and nodes still running the previous release may not work with the new schema" : ""}.`,
      fix:
        applied > 0
          ? "take a backup, stop every node, then start the new release (it migrates under a lock)."
          : "start Carlot once: it creates its tables.",
    });
  } else {
    findings.push({
      check: "migrations",
      severity: "ok",
      message: `All ${applied} migrations are applied.`,
    });
  }
  if (facts.secret === "same") {
    findings.push({
      check: "shared-secret",
      severity: "ok",
      message: "AUTH_SECRET is the one recorded by the first node to start.",
    });
  } else if (facts.secret === "unrecorded") {
    findings.push({
      check: "shared-secret",
      severity: "info",
      message:
        "No AUTH_SECRET fingerprint recorded yet: the first start records it, and later nodes must match it.",
    });
  } else if (facts.secret === "different") {
    findings.push(
      facts.kind === "postgres"
        ? {
            check: "shared-secret",
            severity: "error",
            message: SECRET_MISMATCH_MESSAGE,
            fix: "use the other nodes' AUTH_SECRET, or rotate on purpose with `npm run doctor -- --accept-new-secret`.",
          }
        : {
            check: "shared-secret",
            severity: "warning",
            message:
              "AUTH_SECRET is not the one of the last start: the next start signs everyone out.",
            fix: "nothing if you changed it on purpose; otherwise restore the previous AUTH_SECRET.",
          },
    );
  }
  return findings;
}

/** Every finding, configuration first, with DOCTOR_SILENCE applied. */
export function diagnose(input: DoctorInput, facts: DatabaseFacts): Finding[] {
  const { env } = input;
  const findings = [
    checkPublicUrl(env),
    checkAuthSecret(input),
    checkDemoData(env, facts),
    checkSmtp(env),
    checkStorage(env, input.storageUrl),
    checkTrustProxy(env),
    checkPageCache(env),
    ...checkDatabase(env, facts),
  ];
  const silenceable = (name: string) => (CONFIG_CHECKS as readonly string[]).includes(name);
  const silence = new Set(env.DOCTOR_SILENCE ?? []);
  const unknown = [...silence].filter((name) => !silenceable(name));
  if (unknown.length > 0) {
    findings.push({
      check: "doctor-silence",
      severity: "error",
      message: `DOCTOR_SILENCE names ${unknown.join(", ")}, which cannot be silenced.`,
      fix: `list only ${CONFIG_CHECKS.join(", ")}.`,
    });
  }
  return findings.map((finding) =>
    silence.has(finding.check) &&
    silenceable(finding.check) &&
    (finding.severity === "error" || finding.severity === "warning")
      ? { ...finding, silenced: true }
      : finding,
  );
}

/** Findings that count: errors stop a start and fail `npm run doctor`. */
export const errorsIn = (findings: Finding[]) =>
  findings.filter((finding) => finding.severity === "error" && !finding.silenced);

const LABELS: Record<Severity, string> = {
  error: "ERROR",
  warning: "WARNING",
  info: "INFO",
  ok: "OK",
};

/** One line: severity, check, what is wrong, and the fix. */
export function formatFinding(finding: Finding): string {
  const label = finding.silenced
    ? `silenced ${finding.severity}`.toUpperCase()
    : LABELS[finding.severity];
  const fix = finding.fix ? ` Fix: ${finding.fix}` : "";
  return `${label.padEnd(8)} [${finding.check}] ${finding.message}${fix}`;
}

// ── Probes ──────────────────────────────────────────────────────────────────

/** Facts from an open, reachable database. `secret`: compare it with the recorded fingerprint. */
export async function gatherDatabaseFacts(
  database: Database,
  secret: string | null,
): Promise<DatabaseFacts> {
  const migrations = await migrationState(database.db);
  if (migrations.applied === 0) {
    // An empty database: no tables to look into yet.
    return {
      state: "open",
      kind: database.kind,
      migrations,
      hasUsers: false,
      demoAccounts: [],
      secret: secret === null ? null : "unrecorded",
    };
  }
  const demoEmails = DEMO_USERS.map((person) => person.email);
  const [users] = await database.db.select({ n: count() }).from(user);
  const demo = await database.db
    .select({ email: user.email })
    .from(user)
    .where(inArray(user.email, demoEmails));
  return {
    state: "open",
    kind: database.kind,
    migrations,
    hasUsers: (users?.n ?? 0) > 0,
    demoAccounts: demo.map((row) => row.email).sort(),
    secret: secret === null ? null : await compareSecretFingerprint(database.db, secret),
  };
}

/**
 * For `npm run doctor`: looks at the configured database without changing it (an
 * embedded database that does not exist yet is not created). With `acceptNewSecret`,
 * records `secret` as the one every node must use, under the start-up lock.
 */
export async function probeDatabase(
  env: Env,
  options: { secret: string | null; acceptNewSecret?: boolean; connectTimeoutMs?: number },
): Promise<{ facts: DatabaseFacts; accepted: boolean }> {
  let database: Database;
  if (env.DATABASE_URL) {
    const client = new pg.Client({
      connectionString: env.DATABASE_URL,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    });
    try {
      await client.connect();
      await client.query("select 1");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { facts: { state: "unreachable", reason: reason || "no answer" }, accepted: false };
    } finally {
      await client.end().catch(() => undefined);
    }
    database = openPostgres(env.DATABASE_URL, 2);
  } else {
    const dir = path.resolve(env.DATA_DIR, "pg");
    if (!fs.existsSync(dir)) return { facts: { state: "not-created", path: dir }, accepted: false };
    try {
      database = await openPglite(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        return {
          facts: { state: "in-use", reason: lowerFirst(error.message.split(". ")[0] ?? "") },
          accepted: false,
        };
      }
      throw error;
    }
  }
  try {
    let accepted = false;
    if (options.acceptNewSecret && options.secret) {
      const secret = options.secret;
      await database.exclusive(() => recordSecretFingerprint(database.db, secret));
      accepted = true;
    }
    return { facts: await gatherDatabaseFacts(database, options.secret), accepted };
  } finally {
    await database.close();
  }
}

/**
 * At a production start, once the database is migrated and before anything is added
 * to it: errors refuse the start (all of them listed), warnings and notes are logged.
 */
export async function doctorAtStart(
  input: DoctorInput,
  database: Database,
  log: { warn(message: string): void; info(message: string): void },
): Promise<void> {
  const findings = diagnose(input, await gatherDatabaseFacts(database, null));
  const errors = errorsIn(findings);
  if (errors.length > 0) {
    throw new Error(
      `The configuration is not safe to serve (\`npm run doctor\` lists every check):\n${errors.map(formatFinding).join("\n")}`,
    );
  }
  for (const finding of findings) {
    if (finding.severity === "warning") log.warn(formatFinding(finding));
    else if (finding.severity === "info") log.info(formatFinding(finding));
  }
}
