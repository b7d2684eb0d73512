// Prometheus metrics for /metrics, in the text exposition format (0.0.4), written by
// hand. Each request costs a clock reading, a listener and a few additions to typed
// arrays; labels are fixed strings or route patterns known in advance (never a URL),
// and the text is only made when Prometheus scrapes.
import { createHash, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";

import type { PoolStats } from "#app/db/client.server.ts";
import { matchPage, treeOfBuild, type RouteTree } from "#app/framework/route-tree.ts";

import type { PageCacheStats } from "./page-cache.ts";

/** Seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const PHOTO_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32] as const;
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

/**
 * Route labels for requests no React Router route renders: answered by the page
 * cache, build assets and public files, photos, health checks, this endpoint, the
 * sign-in callbacks, the router's route manifest, and anything refused or unmatched
 * before the router.
 */
export type FixedRoute =
  "page-cache" | "static" | "media" | "health" | "metrics" | "auth" | "manifest" | "other";

class Histogram {
  /** Per bucket (not cumulative); observations above the last bound only count in `count`. */
  readonly buckets: Float64Array;
  readonly bounds: readonly number[];
  sum = 0;
  count = 0;
  constructor(bounds: readonly number[]) {
    this.bounds = bounds;
    this.buckets = new Float64Array(bounds.length);
  }
  observe(value: number): void {
    this.sum += value;
    this.count++;
    const { bounds, buckets } = this;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        buckets[i]!++;
        return;
      }
    }
  }
}

type Series = { route: string; statuses: Float64Array; duration: Histogram };

const START = Symbol("metrics.start");
const SERIES = Symbol("metrics.series");
type Tracked = ServerResponse & { [START]?: number; [SERIES]?: Series };

/** One listener for every response: no closure per request. */
function finished(this: Tracked): void {
  const series = this[SERIES];
  const start = this[START];
  if (!series || start === undefined) return;
  const status = this.statusCode;
  const index = status >= 100 && status < 600 ? Math.floor(status / 100) - 1 : 4;
  series.statuses[index]!++;
  series.duration.observe((performance.now() - start) / 1000);
}

/** What the scrape reads from the rest of the process. */
export type MetricsSources = {
  pageCache: PageCacheStats;
  pageCacheMaxBytes: number;
  pool: PoolStats;
  driver: "pglite" | "postgres";
};

export type Metrics = {
  /** Starts timing a request (labelled "other" until something knows better). */
  start(res: ServerResponse): void;
  /** Labels a request with a fixed route. */
  label(res: ServerResponse, route: FixedRoute): void;
  /** Express middleware that labels every request it sees with `route`. */
  mark(route: FixedRoute): RequestHandler;
  /**
   * Express middleware in front of React Router's handler: labels the request with the
   * pattern of the route that will render it ("/products/:category").
   */
  routeLabeler(build: () => Promise<ServerBuild>): RequestHandler;
  /** Records one listing photo's processing time. */
  photoProcessed(seconds: number): void;
  /** The exposition text. */
  render(sources: MetricsSources): string;
  /** Stops the event-loop delay sampler. */
  close(): void;
};

function newSeries(route: string): Series {
  return {
    route,
    statuses: new Float64Array(STATUS_CLASSES.length),
    duration: new Histogram(REQUEST_BUCKETS),
  };
}

export function createMetrics(): Metrics {
  const series = new Map<string, Series>();
  const seriesFor = (route: string): Series => {
    let found = series.get(route);
    if (!found) {
      found = newSeries(route);
      series.set(route, found);
    }
    return found;
  };
  const fixed = {} as Record<FixedRoute, Series>;
  for (const route of [
    "page-cache",
    "static",
    "media",
    "health",
    "metrics",
    "auth",
    "manifest",
    "other",
  ] as const) {
    fixed[route] = seriesFor(route);
  }
  const routeSeries = (tree: RouteTree, requestPath: string): Series => {
    if (requestPath === "/__manifest") return fixed.manifest;
    // Client navigations fetch "<page>.data" ("/_.data" for the home page).
    const leaf = matchPage(tree, requestPath)?.id;
    const pattern = leaf === undefined ? undefined : tree.patterns.get(leaf);
    return pattern === undefined ? fixed.other : seriesFor(pattern);
  };
  const photos = new Histogram(PHOTO_BUCKETS);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const startedAt = Date.now() - process.uptime() * 1000;

  return {
    start(res) {
      const tracked = res as Tracked;
      tracked[START] = performance.now();
      tracked[SERIES] = fixed.other;
      res.on("finish", finished);
    },
    label(res, route) {
      (res as Tracked)[SERIES] = fixed[route];
    },
    mark(route) {
      const labelled = fixed[route];
      return (_req, res, next) => {
        (res as Tracked)[SERIES] = labelled;
        next();
      };
    },
    routeLabeler(build) {
      const treeOf = treeOfBuild();
      return (req, res, next) => {
        build().then((current) => {
          (res as Tracked)[SERIES] = routeSeries(treeOf(current), req.path);
          next();
        }, next);
      };
    },
    photoProcessed(seconds) {
      photos.observe(seconds);
    },
    render(sources) {
      const out = new Exposition();
      out.family(
        "carlot_http_requests_total",
        "counter",
        'Requests answered, by route pattern (or "page-cache", "static", "media", "health", "metrics", "auth", "manifest", "other") and status class.',
      );
      for (const entry of series.values()) {
        STATUS_CLASSES.forEach((status, index) => {
          const value = entry.statuses[index]!;
          if (value > 0)
            out.sample("carlot_http_requests_total", { route: entry.route, status }, value);
        });
      }
      out.family(
        "carlot_http_request_duration_seconds",
        "histogram",
        "Time from the request's arrival until its response was handed to the operating system, by route.",
      );
      for (const entry of series.values()) {
        if (entry.duration.count > 0) {
          out.histogram(
            "carlot_http_request_duration_seconds",
            { route: entry.route },
            entry.duration,
          );
        }
      }

      const cache = sources.pageCache;
      out.family(
        "carlot_page_cache_requests_total",
        "counter",
        "Requests the page cache took: hit (served from memory) or miss (rendered, then stored when it could be).",
      );
      out.sample("carlot_page_cache_requests_total", { result: "hit" }, cache.hits);
      out.sample("carlot_page_cache_requests_total", { result: "miss" }, cache.misses);
      out.gauge("carlot_page_cache_entries", "Pages stored now.", cache.entries);
      out.gauge(
        "carlot_page_cache_bytes",
        "Memory the stored pages take (all encodings).",
        cache.bytes,
      );
      out.gauge(
        "carlot_page_cache_max_bytes",
        "PAGE_CACHE_MB in bytes (0: off).",
        sources.pageCacheMaxBytes,
      );
      out.counter("carlot_page_cache_stored_total", "Pages stored.", cache.stored);
      out.counter(
        "carlot_page_cache_flushes_total",
        "Times the cache was emptied because something visitors see changed.",
        cache.flushes,
      );

      const pool = sources.pool;
      const driver = { driver: sources.driver };
      out.family("carlot_db_pool_max_connections", "gauge", "Connections the pool may open.");
      out.sample("carlot_db_pool_max_connections", driver, pool.max);
      out.family("carlot_db_pool_connections", "gauge", "Connections open now.");
      out.sample("carlot_db_pool_connections", driver, pool.total);
      if (pool.idle !== null) {
        out.family("carlot_db_pool_idle_connections", "gauge", "Open connections not in use.");
        out.sample("carlot_db_pool_idle_connections", driver, pool.idle);
      }
      if (pool.waiting !== null) {
        out.family(
          "carlot_db_pool_waiting_requests",
          "gauge",
          "Queries waiting for a free connection.",
        );
        out.sample("carlot_db_pool_waiting_requests", driver, pool.waiting);
      }

      out.family(
        "carlot_photo_processing_seconds",
        "histogram",
        "Time to check, decode and render one uploaded listing photo's sizes (before storing them).",
      );
      out.histogram("carlot_photo_processing_seconds", {}, photos);

      const memory = process.memoryUsage();
      out.gauge("process_resident_memory_bytes", "Resident memory.", memory.rss);
      out.gauge("nodejs_heap_used_bytes", "V8 heap in use.", memory.heapUsed);
      out.gauge("nodejs_heap_total_bytes", "V8 heap reserved.", memory.heapTotal);
      const p99 = loopDelay.percentile(99);
      const max = loopDelay.max;
      loopDelay.reset();
      out.gauge(
        "nodejs_eventloop_delay_p99_seconds",
        "Event-loop delay, 99th percentile since the previous scrape.",
        Number.isFinite(p99) ? p99 / 1e9 : 0,
      );
      out.gauge(
        "nodejs_eventloop_delay_max_seconds",
        "Longest event-loop delay since the previous scrape.",
        Number.isFinite(max) ? max / 1e9 : 0,
      );
      out.gauge("process_uptime_seconds", "Seconds since the process started.", process.uptime());
      out.gauge(
        "process_start_time_seconds",
        "When the process started, in seconds since the Unix epoch.",
        startedAt / 1000,
      );
      return out.text();
    },
    close() {
      loopDelay.disable();
    },
  };
}

const escapeLabel = (value: string) =>
  value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");

const formatNumber = (value: number) =>
  Number.isFinite(value) ? String(value) : value > 0 ? "+Inf" : value < 0 ? "-Inf" : "NaN";

class Exposition {
  private readonly lines: string[] = [];
  family(name: string, type: "counter" | "gauge" | "histogram", help: string): void {
    this.lines.push(`# HELP ${name} ${help.replaceAll("\\", "\\\\").replaceAll("\n", "\\n")}`);
    this.lines.push(`# TYPE ${name} ${type}`);
  }
  sample(name: string, labels: Record<string, string>, value: number): void {
    const pairs = Object.entries(labels).map(([key, text]) => `${key}="${escapeLabel(text)}"`);
    this.lines.push(
      `${name}${pairs.length > 0 ? `{${pairs.join(",")}}` : ""} ${formatNumber(value)}`,
    );
  }
  gauge(name: string, help: string, value: number): void {
    this.family(name, "gauge", help);
    this.sample(name, {}, value);
  }
  counter(name: string, help: string, value: number): void {
    this.family(name, "counter", help);
    this.sample(name, {}, value);
  }
  histogram(name: string, labels: Record<string, string>, histogram: Histogram): void {
    let cumulative = 0;
    histogram.bounds.forEach((bound, index) => {
      cumulative += histogram.buckets[index]!;
      this.sample(`${name}_bucket`, { ...labels, le: String(bound) }, cumulative);
    });
    this.sample(`${name}_bucket`, { ...labels, le: "+Inf" }, histogram.count);
    this.sample(`${name}_sum`, labels, histogram.sum);
    this.sample(`${name}_count`, labels, histogram.count);
  }
  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

/** Whether `authorization` carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, tokenDigest: Buffer): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!given) return false;
  return timingSafeEqual(createHash("sha256").update(given).digest(), tokenDigest);
}

/**
 * GET /metrics for Prometheus: only with `Authorization: Bearer <token>` (401
 * otherwise), never cached.
 */
export function metricsEndpoint(options: {
  metrics: Metrics;
  token: string;
  sources: () => MetricsSources;
}): RequestHandler {
  const digest = createHash("sha256").update(options.token).digest();
  return (req, res) => {
    options.metrics.label(res, "metrics");
    res.setHeader("Cache-Control", "no-store");
    if (!bearerMatches(req.headers.authorization, digest)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("This address needs the metrics token.");
      return;
    }
    res
      .type("text/plain; version=0.0.4; charset=utf-8")
      .send(options.metrics.render(options.sources()));
  };
}
