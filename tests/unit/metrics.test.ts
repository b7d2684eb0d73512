import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";

import type { Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, test } from "vitest";

import { parseEnv } from "#app/services/env.server.ts";
import {
  bearerMatches,
  createMetrics,
  type Metrics,
  type MetricsSources,
} from "#server/metrics.ts";

const SOURCES: MetricsSources = {
  pageCache: { hits: 0, misses: 0, stored: 0, entries: 0, bytes: 0, flushes: 0 },
  pageCacheMaxBytes: 0,
  pool: { max: 10, total: 2, idle: 1, waiting: 0 },
  driver: "postgres",
};

/** A response that finishes when told to, with the status given. */
function response(): ServerResponse & { finish(status: number): void } {
  const res = new EventEmitter() as ServerResponse & { finish(status: number): void };
  res.finish = (status) => {
    res.statusCode = status;
    res.emit("finish");
  };
  return res;
}

function lines(metrics: Metrics, prefix: string): string[] {
  return metrics
    .render(SOURCES)
    .split("\n")
    .filter((line) => line.startsWith(prefix));
}

let metrics: Metrics;
afterEach(() => metrics?.close());

test("a request's status class and duration land in its route's series", () => {
  metrics = createMetrics();
  for (const status of [200, 204, 304, 404, 503]) {
    const res = response();
    metrics.start(res);
    metrics.label(res, "static");
    res.finish(status);
  }
  expect(lines(metrics, "carlot_http_requests_total{")).toEqual([
    'carlot_http_requests_total{route="static",status="2xx"} 2',
    'carlot_http_requests_total{route="static",status="3xx"} 1',
    'carlot_http_requests_total{route="static",status="4xx"} 1',
    'carlot_http_requests_total{route="static",status="5xx"} 1',
  ]);
  const buckets = lines(metrics, 'carlot_http_request_duration_seconds_bucket{route="static"');
  expect(buckets).toHaveLength(12);
  // Cumulative, ending with +Inf = count.
  expect(buckets.at(-1)).toBe(
    'carlot_http_request_duration_seconds_bucket{route="static",le="+Inf"} 5',
  );
  const counts = buckets.map((line) => Number(line.split(" ")[1]));
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  expect(lines(metrics, "carlot_http_request_duration_seconds_count")).toEqual([
    'carlot_http_request_duration_seconds_count{route="static"} 5',
  ]);
});

test("an unlabelled request counts as other; one never started is not counted", () => {
  metrics = createMetrics();
  const started = response();
  metrics.start(started);
  started.finish(400);
  response().finish(200);
  expect(lines(metrics, "carlot_http_requests_total{")).toEqual([
    'carlot_http_requests_total{route="other",status="4xx"} 1',
  ]);
});

describe("route labels", () => {
  const build = {
    routes: {
      root: { id: "root", path: "", module: {} },
      home: { id: "home", parentId: "root", index: true, module: {} },
      category: { id: "category", parentId: "root", path: "products/:category", module: {} },
      layout: { id: "layout", parentId: "root", module: {} },
      audit: { id: "audit", parentId: "layout", path: "dashboard/audit", module: {} },
      missing: { id: "missing", parentId: "root", path: "*", module: {} },
    },
  } as unknown as ServerBuild;

  async function labelOf(path: string): Promise<string> {
    metrics = createMetrics();
    const labeler = metrics.routeLabeler(async () => build);
    const res = response();
    metrics.start(res);
    await new Promise<void>((resolve, reject) =>
      labeler({ path } as Request, res as unknown as Response, (error?: unknown) =>
        error ? reject(error) : resolve(),
      ),
    );
    res.finish(200);
    const [line] = lines(metrics, "carlot_http_requests_total{");
    metrics.close();
    return /route="([^"]*)"/.exec(line ?? "")?.[1] ?? "";
  }

  test.each([
    ["/", "/"],
    ["/_.data", "/"],
    ["/products/sedan", "/products/:category"],
    ["/products/suv.data", "/products/:category"],
    ["/dashboard/audit", "/dashboard/audit"],
    ["/no/such/page", "/*"],
    ["/__manifest", "manifest"],
  ])("%s is labelled %s", async (path, label) => {
    expect(await labelOf(path)).toBe(label);
  });
});

test("the exposition: one HELP and TYPE per family, cumulative buckets, gauges", () => {
  metrics = createMetrics();
  metrics.photoProcessed(0.3);
  metrics.photoProcessed(3);
  const text = metrics.render({
    ...SOURCES,
    pageCache: { hits: 7, misses: 3, stored: 3, entries: 2, bytes: 4096, flushes: 1 },
    pageCacheMaxBytes: 1024,
  });
  expect(text.endsWith("\n")).toBe(true);
  expect(text).toContain("# TYPE carlot_photo_processing_seconds histogram\n");
  expect(text).toContain('carlot_photo_processing_seconds_bucket{le="0.5"} 1\n');
  expect(text).toContain('carlot_photo_processing_seconds_bucket{le="4"} 2\n');
  expect(text).toContain("carlot_photo_processing_seconds_sum 3.3\n");
  expect(text).toContain('carlot_page_cache_requests_total{result="hit"} 7\n');
  expect(text).toContain("carlot_page_cache_bytes 4096\n");
  expect(text).toContain('carlot_db_pool_waiting_requests{driver="postgres"} 0\n');
  for (const line of text.trimEnd().split("\n")) {
    expect(line).toMatch(
      /^(# (HELP|TYPE) [a-z_][a-z0-9_]* .+|[a-z_][a-z0-9_]*(\{[^}]*\})? [-+0-9.eInf]+)$/,
    );
  }
  const families = [...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]);
  expect(new Set(families).size).toBe(families.length);
});

test("the bearer token is compared whole, by its digest", () => {
  const digest = createHash("sha256").update("the-right-token-123").digest();
  expect(bearerMatches("Bearer the-right-token-123", digest)).toBe(true);
  expect(bearerMatches("bearer the-right-token-123", digest)).toBe(true);
  expect(bearerMatches("Bearer the-right-token-12", digest)).toBe(false);
  expect(bearerMatches("Bearer the-right-token-1234", digest)).toBe(false);
  expect(bearerMatches("the-right-token-123", digest)).toBe(false);
  expect(bearerMatches("Bearer ", digest)).toBe(false);
  expect(bearerMatches(undefined, digest)).toBe(false);
});

test("METRICS_TOKEN must be long enough and printable", () => {
  expect(parseEnv({ METRICS_TOKEN: "a-long-enough-token" }).METRICS_TOKEN).toBe(
    "a-long-enough-token",
  );
  expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16/);
  expect(() => parseEnv({ METRICS_TOKEN: "has spaces in the token" })).toThrow(
    /METRICS_TOKEN must be printable ASCII without spaces/,
  );
});
