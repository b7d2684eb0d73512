// Opens the database: embedded PGlite in a directory (default) or PostgreSQL
// when a URL is given. Both speak the PostgreSQL dialect through one Drizzle type.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { logger } from "#app/services/logger.server.ts";

import { lockDataDir } from "./data-dir-lock.server.ts";
import { KeyedReads } from "./keyed-reads.ts";
import { PgliteThread, type PgliteClient } from "./pglite-thread.server.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /**
   * The same database, for a library whose every read looks rows up by a key (better-auth:
   * a session by its token, a person by id or email): on the embedded database its reads
   * are planned once (one-plan.ts). On PostgreSQL, `db` itself.
   */
  lookups: Db;
  kind: "pglite" | "postgres";
  /** Runs pending migrations. */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, first-start data) in one process at a time:
   * on PostgreSQL several app processes may start together.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs a background job (`key`) unless another process is running it: on PostgreSQL a
   * session advisory lock on a connection held for the run, which PostgreSQL releases
   * when the process dies; null when another process holds it. The embedded database
   * belongs to one process.
   */
  tryExclusive<T>(key: number, work: () => Promise<T>): Promise<T | null>;
  /**
   * What PostgreSQL's autovacuum does by itself: embedded PGlite has no background
   * workers, so the server calls this after start (`"start"`: statistics only for
   * tables that have none; PGlite keeps them across restarts) and hourly
   * (`"hourly"`: VACUUM and ANALYZE, one table at a time so requests run between
   * them; the vacuum keeps index-only scans index-only). Nothing on PostgreSQL.
   */
  analyze(when: "start" | "hourly"): Promise<void>;
  /**
   * Calls `onChange` after every committed change to what visitors' pages show (the
   * triggers of migration 0005 notify `carlot_pages`; 0007's announce sessions), from any process on the same
   * database. On PostgreSQL a dedicated connection LISTENs; while it is down,
   * `onChange` is called with `connected: false` (nothing can be trusted) and again
   * once it is back. Returns a function that stops watching.
   */
  watchPages(onChange: (event: PageChange) => void): Promise<() => Promise<void>>;
  /** The connection pool as it is now (for /metrics). */
  poolStats(): PoolStats;
  /**
   * Once start-up's work is done: one memory-reducing collection on the embedded
   * database's thread (server/memory.ts does the same for the main thread). Nothing
   * elsewhere.
   */
  releaseStartupMemory(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Connections: PostgreSQL's pool (open, idle, queries waiting for one), or PGlite's
 * single in-process connection, whose idle and waiting counts are not known (null).
 */
export type PoolStats = { max: number; total: number; idle: number | null; waiting: number | null };

/**
 * What a page-change watcher hears: a table that changed; a person's session that
 * changed or ended (`table: "session"` with their id; migration 0007); or the link's state.
 */
export type PageChange =
  | { table: string; userId?: string; orderId?: number; connected: true }
  | { table: null; connected: boolean };

/** A `carlot_pages` notification's payload as a change. */
export function pageChange(payload: string): PageChange {
  const session = /^session:(.+)$/.exec(payload);
  if (session) return { table: "session", userId: session[1]!, connected: true };
  // A conversation changed (migration 0024): its open pages listen; no page is emptied.
  const conversation = /^conversation:(\d+)$/.exec(payload);
  if (conversation) {
    return { table: "conversation", orderId: Number(conversation[1]), connected: true };
  }
  return { table: payload, connected: true };
}

export const PAGES_CHANNEL = "carlot_pages";

/** Finds the committed `drizzle/` folder from the source tree or from the built bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Cannot find the drizzle/ migrations folder next to the app.");
}

/**
 * Wraps an open PGlite: the server's, on its own thread (PgliteThread), or one in this
 * thread (scripts, and the tests' in-memory clones).
 */
export function fromPglite(client: PgliteClient, onClose?: () => void): Database {
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    lookups: drizzlePglite(new KeyedReads(client) as unknown as PGlite, {
      schema,
    }) as unknown as Db,
    kind: "pglite",
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    // The directory lock already keeps every other process out.
    exclusive: (work) => work(),
    tryExclusive: (_key, work) => work(),
    async analyze(when) {
      const { rows } = await client.query<{ name: string }>(
        `select c.relname as name from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and ($1 or not exists (select 1 from pg_statistic s where s.starelid = c.oid))
          order by c.relname`,
        [when === "hourly"],
      );
      for (const { name } of rows) {
        const table = `"${name.replaceAll('"', '""')}"`;
        await client.exec(when === "hourly" ? `vacuum (analyze) ${table}` : `analyze ${table}`);
        // Let waiting requests use the connection between tables.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async watchPages(onChange) {
      // One process is the whole world: notifications arrive before the writing
      // query's promise settles.
      const stop = await client.listen(PAGES_CHANNEL, (payload) => onChange(pageChange(payload)));
      return stop;
    },
    poolStats: () => ({ max: 1, total: 1, idle: null, waiting: null }),
    async releaseStartupMemory() {
      if (client instanceof PgliteThread) await client.releaseMemory();
    },
    async close() {
      await client.close();
      onClose?.();
    },
  };
}

/**
 * PostgreSQL's own page cache inside PGlite. Its default (128 MB) is allocated and
 * zeroed at every start: half a second and 128 MB of memory before the first query.
 * The operating system caches the data files as well, so a small pool costs little.
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/**
 * How many threads may optimise PGlite's WebAssembly at once. V8 runs PostgreSQL's
 * code first as its baseline compiler made it and re-compiles the busy functions with
 * TurboFan in the background, by default on all four of its worker threads at once.
 * Each thread keeps what it used in its own C allocator arena (one of PostgreSQL's
 * functions alone takes 40 MB to optimise), so an idle server held 55–70 MB there;
 * with one thread, 5–50 MB (12–15 MB less even with `npm run serve`'s malloc settings,
 * see server/memory.ts). The optimised code is the same, ready a moment later. V8
 * reads this when it schedules a compilation, so it can be set while the process
 * runs; it concerns WebAssembly alone.
 */
const WASM_COMPILATION_TASKS = 1;

/**
 * Opens the embedded database in `dataDir` (locked against other processes) on a
 * thread of its own (pglite-thread.server.ts).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  v8.setFlagsFromString(`--wasm-num-compilation-tasks=${WASM_COMPILATION_TASKS}`);
  const release = lockDataDir(dataDir);
  try {
    const client = await PgliteThread.open({
      dataDir: path.join(dataDir, "pg"),
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    return fromPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

// A fixed key for pg_advisory_lock so that app processes starting together
// migrate and add first-start data one at a time.
const STARTUP_LOCK_KEY = 4_242_001;

export function openPostgres(url: string, poolMax = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle connection that the server closes (restart, failover) must not crash
  // the process; the pool replaces it on next use.
  pool.on("error", (error) => {
    logger.warn({ err: error }, "PostgreSQL connection lost");
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    lookups: db,
    kind: "postgres",
    async migrate() {
      await migrateNodePg(db as never, { migrationsFolder: migrationsFolder() });
    },
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await client
          .query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY])
          .catch(() => undefined);
        client.release();
      }
    },
    async tryExclusive(key, work) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ taken: boolean }>(
          "select pg_try_advisory_lock($1) as taken",
          [key],
        );
        if (!rows[0]?.taken) return null;
        try {
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    async analyze() {
      // Autovacuum does this on a real server.
    },
    async releaseStartupMemory() {
      // The database is another process.
    },
    watchPages: (onChange) => listenForPageChanges(url, onChange),
    poolStats: () => ({
      max: poolMax,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await pool.end();
    },
  };
}

/**
 * A connection of its own that LISTENs for page changes, reconnecting (after 0.5 s,
 * then up to every 10 s) when PostgreSQL goes away.
 */
async function listenForPageChanges(
  url: string,
  onChange: (event: PageChange) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === PAGES_CHANNEL) onChange(pageChange(message.payload ?? ""));
    });
    const lost = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      logger.warn({ err: error }, "page-change listener lost its PostgreSQL connection");
      onChange({ table: null, connected: false });
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    await next.connect();
    await next.query(`listen ${PAGES_CHANNEL}`);
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = 500;
    onChange({ table: null, connected: true });
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, "page-change listener could not reconnect");
        retryMs = Math.min(retryMs * 2, 10_000);
        schedule();
      });
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax)
    : openPglite(options.dataDir);
}

/** Readiness: the database answers a trivial query. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Migrations in the drizzle/ journal the database has not applied, and ones it has that the journal lacks. */
export type MigrationState = { applied: number; pending: string[]; unknown: number };

/**
 * Compares the migrations Drizzle recorded (`drizzle.__drizzle_migrations`, one row per
 * applied file, stamped with the journal's `when`) with this release's journal. Drizzle
 * applies every journal entry newer than the last recorded one, so those are pending;
 * recorded ones the journal does not list came from a newer release.
 */
export async function migrationState(db: Db): Promise<MigrationState> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  const rows = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rows<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  const recorded = table?.name
    ? (
        await rows<{ created_at: string | number }>(
          sql`select created_at from drizzle.__drizzle_migrations`,
        )
      ).map((row) => Number(row.created_at))
    : [];
  const last = recorded.length > 0 ? Math.max(...recorded) : -Infinity;
  const known = new Set(journal.entries.map((entry) => entry.when));
  return {
    applied: recorded.length,
    pending: journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag),
    unknown: recorded.filter((when) => !known.has(when)).length,
  };
}
