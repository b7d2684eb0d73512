// The doctor and the database: the probes that gather facts about it without
// changing it (reachable or not, created yet, held by a running server, migrations,
// users and demo accounts, the recorded secret's fingerprint) and the check that
// turns those facts into findings about reachability, migrations and the secret
// every node must share.
import fs from "node:fs";
import path from "node:path";

import { count, inArray } from "drizzle-orm";
import pg from "pg";

import { migrationState, openPglite, openPostgres, type Database } from "#app/db/client.server.ts";
import { DataDirLockedError } from "#app/db/data-dir-lock.server.ts";
import { user } from "#app/db/schema.ts";
import { DEMO_USERS } from "#app/demo/data.ts";
import type { DatabaseFacts, Finding } from "#app/services/doctor-findings.server.ts";
import type { Env } from "#app/services/env.server.ts";
import {
  compareSecretFingerprint,
  recordSecretFingerprint,
  SECRET_MISMATCH_MESSAGE,
} from "#app/services/secret.server.ts";

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
