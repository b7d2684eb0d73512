// Two production processes on one PostgreSQL database, each with its own page cache:
// a change made through one is what the other's visitors see within 1 s (the
// database's page-change notifications), in both directions.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl && process.env.CI === "true") {
  throw new Error(
    "CI=true but TEST_DATABASE_URL is not set: the two-process test needs PostgreSQL.",
  );
}

type Node = { url: string; child: ChildProcess; log: () => string };

const nodes: Node[] = [];
let admin: pg.Client;
let direct: pg.Client;
let dataDir = "";
const database = `carlot_two_${randomUUID().replaceAll("-", "").slice(0, 12)}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

async function startNode(databaseUrl: string): Promise<Node> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "two-process-test-secret-0123456789abcdef",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  }
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`A node exited early:\n${log}`);
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.ok) return { url, child, log: () => log };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`A node did not become ready:\n${log}`);
}

async function signIn(node: Node, email: string): Promise<string> {
  const response = await fetch(`${node.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "carlot-demo" }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function setStatus(node: Node, cookie: string, id: number, status: "sold" | "available") {
  const response = await fetch(`${node.url}/dashboard/myProducts`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ intent: "status", id: String(id), status }),
  });
  expect(response.status).toBe(302);
}

/** A visitor's copy of `path` on `node`, with whether it came from the cache. */
async function visit(node: Node, path: string) {
  const response = await fetch(`${node.url}${path}`);
  return { html: await response.text(), cache: response.headers.get("x-cache") };
}

/** How long until `node`'s visitors see a page different from `before` (fails after 1 s). */
async function millisUntilChanged(node: Node, path: string, before: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 1000) {
    if ((await visit(node, path)).html !== before) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${node.url}${path} still showed the old page after 1 s`);
}

describe.skipIf(!baseUrl)("two processes on one PostgreSQL", () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-two-"));
    const url = new URL(baseUrl!);
    url.pathname = `/${database}`;
    direct = new pg.Client({ connectionString: url.toString() });
    // Both start at once: migrations and demo data run in one of them at a time.
    nodes.push(...(await Promise.all([startNode(url.toString()), startNode(url.toString())])));
    await direct.connect();
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) {
      node.child.kill("SIGTERM");
      if (node.child.exitCode === null)
        await new Promise((resolve) => node.child.once("exit", resolve));
    }
    await direct?.end().catch(() => undefined);
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("a change through one process reaches the other's visitors within 1 s", async () => {
    const [a, b] = nodes as [Node, Node];
    const { rows } = await direct.query<{ id: number }>(
      `select l.id from listing l join "user" u on u.id = l.seller_id
        where u.email = 'maya.thompson@example.com' and l.status = 'available'
        order by l.id limit 1`,
    );
    const id = Number(rows[0]!.id);
    const detail = `/dashboard/productDetails/${id}`;

    // B's visitors get the page from B's cache.
    await visit(b, detail);
    const cachedOnB = await visit(b, detail);
    expect(cachedOnB.cache).toBe("hit");

    const mayaOnA = await signIn(a, "maya.thompson@example.com");
    await setStatus(a, mayaOnA, id, "sold");
    const seenOnB = await millisUntilChanged(b, detail, cachedOnB.html);
    expect(seenOnB).toBeLessThan(1000);

    // And back, through B, seen on A.
    await visit(a, detail);
    const cachedOnA = await visit(a, detail);
    expect(cachedOnA.cache).toBe("hit");
    await visit(b, detail);
    const soldOnB = await visit(b, detail);
    expect(soldOnB.cache).toBe("hit");
    const mayaOnB = await signIn(b, "maya.thompson@example.com");
    await setStatus(b, mayaOnB, id, "available");
    // The writer's own process shows it on the very next request.
    expect((await visit(b, detail)).html).not.toBe(soldOnB.html);
    const seenOnA = await millisUntilChanged(a, detail, cachedOnA.html);
    expect(seenOnA).toBeLessThan(1000);
    console.info(
      `two processes: B saw A's change after ${seenOnB} ms, A saw B's after ${seenOnA} ms`,
    );

    for (const node of nodes) expect(node.log()).not.toMatch(/"level":(50|60)/);
  });
});
