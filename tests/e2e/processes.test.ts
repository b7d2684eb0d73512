// WEB_CONCURRENCY: one `node server/index.ts` running several server processes on one
// port with PostgreSQL. They start together on an empty database, answer on the one
// port, agree on what visitors see, are replaced when one dies, and stop together on
// SIGTERM. Without PostgreSQL, the setting is refused with a clear message.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { freePort } from "#scripts/dev/production-server.ts";
import { databaseUrl } from "#tests/setup/postgres-template.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl && process.env.CI === "true") {
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the processes test needs PostgreSQL.");
}

const SECRET = "processes-test-secret-0123456789abcdefghij";

type Server = { child: ChildProcess; url: string; log: () => string; exited: Promise<number> };

function start(env: Record<string, string>, port: number): Server {
  let log = "";
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: "",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  }
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code) => resolve(code ?? -1)),
  );
  return { child, url: `http://127.0.0.1:${port}`, log: () => log, exited };
}

/** The node processes `pid` started (its direct children). */
function children(pid: number): number[] {
  const found: number[] = [];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    if (text) found.push(...text.split(/\s+/).map(Number));
  }
  return found;
}

async function until<T>(check: () => Promise<T | null> | T | null, limitMs: number): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A request on a connection of its own, so that requests spread over the processes. */
const get = (url: string) =>
  fetch(url, { headers: { Connection: "close" }, signal: AbortSignal.timeout(5000) });

describe.skipIf(!baseUrl)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  const database = `carlot_procs_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let admin: pg.Client;
  let direct: pg.Client;
  let dataDir = "";
  let server: Server;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = databaseUrl(baseUrl!, database);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-procs-"));
    server = start(
      { DATABASE_URL: url, AUTH_SECRET: SECRET, DATA_DIR: dataDir, WEB_CONCURRENCY: "2" },
      await freePort(),
    );
    await until(
      async () => (await get(`${server.url}/readyz`).catch(() => null))?.ok ?? null,
      60_000,
    );
    direct = new pg.Client({ connectionString: url });
    await direct.connect();
  }, 90_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      for (const pid of children(server.child.pid!)) process.kill(pid, "SIGKILL");
    }
    await direct?.end().catch(() => undefined);
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("two processes answer on one port, after migrating once", async () => {
    expect(children(server.child.pid!)).toHaveLength(2);
    expect(server.log()).toMatch(/Carlot is running at http:\/\/127\.0\.0\.1:\d+ \(2 processes\)/);
    // Started together on an empty database: the migrations ran once, the categories were made once.
    const { rows } = await direct.query<{ n: number }>(
      "select count(*)::int as n from category where slug = 'sedan'",
    );
    expect(rows[0]!.n).toBe(1);
    for (let i = 0; i < 20; i++) expect((await get(`${server.url}/products`)).status).toBe(200);
  });

  test("a change shows on every process's stored pages within 1 s", async () => {
    await direct.query(
      `insert into "user" (id, name, email, role) values ('seller-p', 'Pat Seller', 'pat@example.com', 'seller')`,
    );
    const { rows } = await direct.query<{ id: number }>(
      `insert into listing (seller_id, category_id, title, description, location, years_used,
         original_price, resale_price)
       values ('seller-p', (select id from category where slug = 'sedan'), 'Process Test Sedan',
         'd', 'Boston, MA', '3', 100000, 90000)
       returning id`,
    );
    // Both processes store the category page (several requests on new connections).
    for (let i = 0; i < 6; i++) await (await get(`${server.url}/products/sedan`)).text();
    await direct.query("update listing set title = 'Renamed Process Sedan' where id = $1", [
      rows[0]!.id,
    ]);
    const started = Date.now();
    // Every one of ten requests in a row, spread over both processes, shows the change.
    await until(async () => {
      for (let i = 0; i < 10; i++) {
        if (
          !(await (await get(`${server.url}/products/sedan`)).text()).includes(
            "Renamed Process Sedan",
          )
        )
          return null;
      }
      return true;
    }, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("a process that dies is replaced, and the others keep answering", async () => {
    const [victim] = children(server.child.pid!);
    process.kill(victim!, "SIGKILL");
    // A connection handed to the process at the moment it died may fail; from then on
    // the other one answers every request.
    await until(async () => {
      for (let i = 0; i < 10; i++) {
        const response = await get(`${server.url}/healthz`).catch(() => null);
        if (response?.status !== 200) return null;
      }
      return true;
    }, 10_000);
    await until(() => {
      const now = children(server.child.pid!);
      return now.length === 2 && !now.includes(victim!) ? now : null;
    }, 30_000);
    expect(server.log()).toContain("A Carlot process stopped (signal SIGKILL); starting another.");
    await until(
      async () => (await get(`${server.url}/readyz`).catch(() => null))?.ok ?? null,
      30_000,
    );
  });

  test("SIGTERM stops every process after its open requests, and the command ends with 0", async () => {
    const pids = children(server.child.pid!);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of pids) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  }, 20_000);
});

describe("WEB_CONCURRENCY without PostgreSQL", () => {
  test("is refused at start with the reason, instead of starting several embedded databases", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-procs-"));
    try {
      const server = start({ DATA_DIR: dataDir, WEB_CONCURRENCY: "3" }, await freePort());
      expect(await server.exited).toBe(1);
      expect(server.log()).toContain(
        "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process",
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
