// /metrics on the real server: off by default, behind a bearer token, and counting
// what the server does (requests by route pattern, the page cache, the database pool,
// photo processing, the process).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { storeListingPhoto } from "#app/services/images.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";

import { appPlace, ON_POSTGRES, startApp, type AppPlace, type RunningApp } from "./app-helpers.ts";

vi.mock("virtual:react-router/server-build", () => ({}));

const TOKEN = "scrape-token-Vb3xQ9mZ2kLp7Rt";
const AUTH = { Authorization: `Bearer ${TOKEN}` };

let place: AppPlace;
/** A browser build of one script, served from memory before Express. */
let clientDir: string;

beforeAll(async () => {
  place = await appPlace();
  clientDir = path.join(place.dataDir, "client");
  await fs.mkdir(path.join(clientDir, "assets"), { recursive: true });
  await fs.writeFile(path.join(clientDir, "assets", "entry-abc123.js"), "console.log(1);\n");
}, 60_000);
afterAll(async () => {
  await place.remove();
}, 60_000);

/** The samples of an exposition, keyed by name and labels as printed. */
function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`Not an exposition line: ${line}`);
    values.set(match[1]!, Number(match[2]));
  }
  return values;
}

async function scrape(app: RunningApp): Promise<Map<string, number>> {
  const response = await app.get("/metrics", AUTH);
  expect(response.status).toBe(200);
  return samples(response.body);
}

const production = (extra: Record<string, string> = {}) => ({
  ...place.env,
  NODE_ENV: "production",
  LOG_LEVEL: "error",
  AUTH_SECRET: "metrics-test-secret-Jd81kQpWz5xCvB0nMa7LsE",
  ...extra,
});

test("without METRICS_TOKEN there is no /metrics", { timeout: 60_000 }, async () => {
  const app = await startApp(production());
  try {
    const response = await app.get("/metrics", AUTH);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain("carlot_http_requests_total");
  } finally {
    await app.close();
  }
});

describe("with METRICS_TOKEN", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(production({ METRICS_TOKEN: TOKEN }), { clientAssetsDir: clientDir });
  }, 60_000);
  afterAll(async () => {
    await app.close();
  }, 60_000);

  test("no token, a wrong one, or another scheme get 401", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: "Bearer not-the-token-at-all" },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}` },
      { Authorization: TOKEN },
    ]) {
      const response = await app.get("/metrics", headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("carlot_");
    }
  });

  test("the token gets the exposition, by any Host (Prometheus scrapes by address)", async () => {
    for (const host of ["localhost:3751", "10.1.2.3:9100"]) {
      const response = await app.get("/metrics", { ...AUTH, Host: host });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-store");
      for (const name of [
        "carlot_http_requests_total",
        "carlot_http_request_duration_seconds",
        "carlot_page_cache_requests_total",
        "carlot_page_cache_entries",
        "carlot_page_cache_bytes",
        "carlot_page_cache_flushes_total",
        "carlot_db_pool_connections",
        "carlot_db_pool_max_connections",
        "carlot_photo_processing_seconds",
        "process_resident_memory_bytes",
        "nodejs_heap_used_bytes",
        "nodejs_eventloop_delay_p99_seconds",
        "process_uptime_seconds",
      ]) {
        expect(response.body).toContain(`# TYPE ${name} `);
      }
    }
  });

  test("requests are counted by route pattern and status class, never by URL", async () => {
    const before = await scrape(app);
    const count = (values: Map<string, number>, key: string) => values.get(key) ?? 0;
    const visitor = { Cookie: "carlot_session=none" }; // a cookie: rendered, not cached

    expect((await app.get("/ping")).body).toBe("pong");
    expect((await app.get("/assets/entry-abc123.js")).status).toBe(200);
    expect((await app.get("/assets/entry-gone.js")).status).toBe(404);
    expect((await app.get("/products/abc123", visitor)).status).toBe(200);
    expect((await app.get("/products/xyz789", visitor)).status).toBe(200);
    expect((await app.get("/", visitor)).status).toBe(200);
    expect((await app.get("/healthz")).status).toBe(200);
    expect((await app.get("/media/listings/missing.webp")).status).toBe(404);
    expect((await app.get("/no/such/page", visitor)).status).toBe(404);
    // Refused before any route (a host name this server does not answer for).
    expect((await app.get("/ping", { Host: "attacker.example" })).status).toBe(400);

    const after = await scrape(app);
    const added = (key: string) => count(after, key) - count(before, key);
    expect(added('carlot_http_requests_total{route="/ping",status="2xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="/products/:id",status="2xx"}')).toBe(2);
    expect(added('carlot_http_requests_total{route="/",status="2xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="health",status="2xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="static",status="2xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="static",status="4xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="media",status="4xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="/*",status="4xx"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="other",status="4xx"}')).toBe(1);
    expect(added('carlot_http_request_duration_seconds_count{route="/products/:id"}')).toBe(2);
    expect(
      added('carlot_http_request_duration_seconds_bucket{route="/products/:id",le="+Inf"}'),
    ).toBe(2);
    expect(
      count(after, 'carlot_http_request_duration_seconds_sum{route="/products/:id"}'),
    ).toBeGreaterThan(0);
    // The scrape before this one is counted too.
    expect(added('carlot_http_requests_total{route="metrics",status="2xx"}')).toBe(1);
    const text = (await app.get("/metrics", AUTH)).body;
    expect(text).not.toContain("abc123");
    expect(text).not.toContain("no/such/page");
  });

  test("the page cache's answers are counted, with its hits, misses and size", async () => {
    const before = await scrape(app);
    const count = (values: Map<string, number>, key: string) => values.get(key) ?? 0;
    const first = await app.get("/products/cached-car");
    const second = await app.get("/products/cached-car");
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);

    const after = await scrape(app);
    const added = (key: string) => count(after, key) - count(before, key);
    expect(added('carlot_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(added('carlot_page_cache_requests_total{result="hit"}')).toBe(1);
    expect(added('carlot_http_requests_total{route="page-cache",status="2xx"}')).toBe(2);
    expect(count(after, "carlot_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(count(after, "carlot_page_cache_bytes")).toBeGreaterThan(0);
    expect(count(after, "carlot_page_cache_max_bytes")).toBe(64 * 1024 * 1024);
    expect(added("carlot_page_cache_stored_total")).toBe(1);

    app.carlot.pageCache.flush();
    const flushed = await scrape(app);
    expect(count(flushed, "carlot_page_cache_flushes_total")).toBe(
      count(after, "carlot_page_cache_flushes_total") + 1,
    );
    expect(count(flushed, "carlot_page_cache_entries")).toBe(0);
  });

  test("the database pool", async () => {
    const values = await scrape(app);
    if (ON_POSTGRES) {
      expect(values.get('carlot_db_pool_max_connections{driver="postgres"}')).toBe(10);
      expect(values.get('carlot_db_pool_connections{driver="postgres"}')).toBeGreaterThanOrEqual(1);
      expect(values.has('carlot_db_pool_idle_connections{driver="postgres"}')).toBe(true);
      expect(values.get('carlot_db_pool_waiting_requests{driver="postgres"}')).toBe(0);
    } else {
      expect(values.get('carlot_db_pool_max_connections{driver="pglite"}')).toBe(1);
      expect(values.get('carlot_db_pool_connections{driver="pglite"}')).toBe(1);
      expect(values.has('carlot_db_pool_idle_connections{driver="pglite"}')).toBe(false);
    }
  });

  test("photo processing is timed", { timeout: 30_000 }, async () => {
    const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-metrics-media-"));
    try {
      const bytes = await sharp({
        create: { width: 800, height: 600, channels: 3, background: "#3366aa" },
      })
        .jpeg()
        .toBuffer();
      const before = await scrape(app);
      await storeListingPhoto(localDiskStorage(mediaDir), { name: "car.jpg", bytes }, () => {});
      const after = await scrape(app);
      expect(after.get("carlot_photo_processing_seconds_count")).toBe(
        (before.get("carlot_photo_processing_seconds_count") ?? 0) + 1,
      );
      expect(after.get("carlot_photo_processing_seconds_sum")).toBeGreaterThan(
        before.get("carlot_photo_processing_seconds_sum") ?? 0,
      );
    } finally {
      await fs.rm(mediaDir, { recursive: true, force: true });
    }
  });

  test("process figures", async () => {
    const values = await scrape(app);
    expect(values.get("process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(values.get("nodejs_heap_used_bytes")).toBeGreaterThan(0);
    expect(values.get("process_uptime_seconds")).toBeGreaterThan(0);
    expect(values.get("nodejs_eventloop_delay_p99_seconds")).toBeGreaterThanOrEqual(0);
  });
});
