// One crash-test run on one database: a fresh database (PGlite in DATA_DIR, or a
// PostgreSQL database made for the run and dropped after), the server, the people
// who register, the work under kills, a last crash and the check.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";

import pg from "pg";

import { openDatabase } from "#app/db/client.server.ts";
import { mulberry32 } from "#app/demo/artwork/random.server.ts";
import { createOrPromoteAdmin } from "#app/models/user.server.ts";
import { freePort, productionEnv } from "#scripts/dev/production-server.ts";

import { verify } from "./crash-check.ts";
import { Client, logIn, newStats, photo, register, type Stats } from "./crash-client.ts";
import { ServerUnderTest } from "./crash-server.ts";
import { untilRemindersDue } from "./crash-viewings.ts";
import { runWorkload, type Ledger, type WorkloadOptions } from "./crash-workload.ts";

export type DatabaseKind = "pglite" | "postgres";

export type CrashOptions = WorkloadOptions & {
  sellers: number;
  buyers: number;
  /** Seeds the random choices, so that a run can be repeated with --seed. */
  seed: number;
};

export type RunResult = {
  kind: DatabaseKind;
  seconds: number;
  stats: Stats;
  kills: number;
  restarts: number;
  readyMs: number[];
} & Awaited<ReturnType<typeof verify>>;

/** The server of the run in progress, stopped if this script is interrupted. */
let running: ServerUnderTest | null = null;

/** For an interrupted run: SIGKILLs the server, if one runs. */
export const killRunningServer = () => running?.killNow();

/**
 * A database of its own on the server TEST_DATABASE_URL names (where that user may
 * create databases), and how to drop it.
 */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("--database postgres needs TEST_DATABASE_URL.");
  const name = `carlot_crash_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const ADMIN = {
  email: "admin@crash.example",
  password: "crash-admin-password",
  name: "Crash Admin",
};

/** The admin who saves the site settings: made as `npm run create-admin` does, before the server starts. */
async function createAdmin(databaseUrl: string, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.exclusive(() => database.migrate());
    await createOrPromoteAdmin(database.db, ADMIN);
  } finally {
    await database.close();
  }
}

/** Registers the sellers and the buyers (buyers unverified) through the real form. */
async function registerPeople(
  server: ServerUnderTest,
  options: CrashOptions,
  runId: string,
  stats: Stats,
  ledger: Ledger,
) {
  const avatar = await photo(999_999);
  const sellers = await Promise.all(
    Array.from({ length: options.sellers }, async (_, i) => {
      const cookie = await register(server, `seller${i}-${runId}@crash.example`, "seller", avatar);
      return new Client(server, cookie, stats);
    }),
  );
  const buyers = await Promise.all(
    Array.from({ length: options.buyers }, async (_, i) => {
      const email = `buyer${i}-${runId}@crash.example`;
      const cookie = await register(server, email, "buyer", avatar);
      ledger.buyers[i] = { email, verified: false, language: null };
      return new Client(server, cookie, stats);
    }),
  );
  return { sellers, buyers };
}

/** One run on `kind`, its data and server log in `runDir`. */
export async function runOnce(
  kind: DatabaseKind,
  runDir: string,
  options: CrashOptions,
): Promise<RunResult> {
  const rng = mulberry32((options.seed + (kind === "postgres" ? 1 : 0)) >>> 0 || 1);
  const dataDir = path.join(runDir, kind);
  await fsp.mkdir(dataDir, { recursive: true });
  const log = fs.createWriteStream(path.join(runDir, `${kind}-server.log`));
  const database = kind === "postgres" ? await createPostgresDatabase() : null;
  const databaseUrl = database?.url ?? "";
  let launched: ServerUnderTest | null = null;
  try {
    const port = await freePort();
    const env = productionEnv(port, dataDir, {
      PUBLIC_URL: "",
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: kind === "postgres" ? "crash-test-secret-0123456789abcdef0123" : "",
      SEED_DEMO: "false",
      // Three buyers place hundreds of requests a minute here.
      CONTACT_REQUEST_LIMITS: "false",
      // The alert job every second, so it runs (and is killed) many times in a run.
      ALERT_INTERVAL_SECONDS: "1",
      SMTP_URL: "",
    });
    await createAdmin(databaseUrl, dataDir);
    const server = new ServerUnderTest(port, env, log);
    running = launched = server;
    const started = performance.now();
    await server.start();

    const stats = newStats();
    const ledger: Ledger = {
      publishes: [],
      orders: [],
      cancels: [],
      buyers: [],
      settings: [],
      merges: [],
      messages: [],
      viewings: [],
    };
    const runId = randomUUID().slice(0, 8);
    const { sellers, buyers } = await registerPeople(server, options, runId, stats, ledger);
    const admin = new Client(server, await logIn(server, ADMIN.email, ADMIN.password), stats);
    const workOptions = { ...options, runId, dataDir, rng };
    await runWorkload({
      kind,
      server,
      sellers,
      buyers,
      admin,
      stats,
      ledger,
      options: workOptions,
    });
    // Every viewing's reminder due (a short run may end before), one last crash with nothing
    // in flight, then time for the alert and reminder jobs to catch up, then a clean stop:
    // what a restart finds is what the check reads.
    await untilRemindersDue(ledger.viewings);
    await server.crashAndRestart();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const upUntil = Date.now();
    await server.stop();
    const seconds = (performance.now() - started) / 1000;
    log.end();

    const check = await verify(kind, dataDir, databaseUrl, ledger, upUntil);
    return {
      kind,
      seconds,
      stats,
      kills: server.kills,
      restarts: server.restarts,
      readyMs: server.readyMs,
      ...check,
    };
  } finally {
    await launched?.stop();
    running = null;
    await database?.drop();
  }
}
