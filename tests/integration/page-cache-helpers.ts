// The page cache as the server runs it, for integration tests: a real
// `createPageCache` behind a real `node:http` server on an ephemeral port, emptied by
// the database's page-change notifications through the same change feed as
// server/app.ts, with shared data and remembered sessions on. Pages are the public
// routes' loaders run for a visitor (no cookie), printed as JSON in a small HTML page
// so a test can read what a visitor would see; `getSignedIn` runs them for a signed-in
// person, as the server does for requests the page cache does not take.
import http from "node:http";
import type { AddressInfo } from "node:net";

import { sql } from "drizzle-orm";
import { expect } from "vitest";

import { PAGES_CHANNEL, type PageChange } from "#app/db/client.server.ts";
import * as compare from "#app/routes/products/compare/route.tsx";
import * as browse from "#app/routes/products/browse/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import * as products from "#app/routes/products/index/route.tsx";
import * as home from "#app/routes/public/home/route.tsx";
import * as sitemap from "#app/routes/resources/sitemap/route.tsx";
import type { TestEnv } from "#tests/db.ts";
import { createChangeFeed } from "#server/change-feed.ts";
import { createPageCache, pageSecurityHeaders, type PageCache } from "#server/page-cache.ts";
import { newNonce } from "#server/security.ts";

import { callLoaderAs } from "./helpers.ts";

export const ON_POSTGRES = process.env.TEST_DB_DRIVER === "postgres";
/** How soon a change must reach visitors through another process's notification. */
export const VISIBLE_WITHIN_MS = 1000;
const POLL_MS = 25;

type Loader = (args: never) => unknown;

/** The public routes the cache stores, as the router matches them. */
const ROUTES: {
  path: RegExp;
  loader: Loader;
  params(match: RegExpExecArray): Record<string, string>;
}[] = [
  { path: /^\/$/, loader: home.loader, params: () => ({}) },
  { path: /^\/products$/, loader: products.loader, params: () => ({}) },
  { path: /^\/compare$/, loader: compare.loader, params: () => ({}) },
  { path: /^\/sitemap\.xml$/, loader: sitemap.loader, params: () => ({}) },
  { path: /^\/products\/allProducts$/, loader: browse.loader, params: () => ({}) },
  {
    path: /^\/products\/([^/]+)$/,
    loader: browse.loader,
    params: (match) => ({ category: decodeURIComponent(match[1]!) }),
  },
  {
    path: /^\/dashboard\/productDetails\/([^/]+)$/,
    loader: detail.loader,
    params: (match) => ({ id: decodeURIComponent(match[1]!) }),
  },
];

/** What a visitor got for one address. */
export type Page = {
  status: number;
  /** The X-Cache header: "hit", "miss", or null when the cache did not answer. */
  cache: string | null;
  /** The loader's data (or a thrown `data(…)`'s), null for a redirect or a resource. */
  data: unknown;
  /** The body as received (a resource route's XML, for one). */
  body: string;
  location: string | null;
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const unescapeHtml = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

function htmlPage(value: unknown, status = 200): Response {
  return new Response(`<!doctype html><pre>${escapeHtml(JSON.stringify(value))}</pre>`, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

function readPage(body: string): unknown {
  const match = /^<!doctype html><pre>([\s\S]*)<\/pre>$/.exec(body);
  return match ? JSON.parse(unescapeHtml(match[1]!)) : null;
}

/** A thrown `data(…, { status })`, `redirect(…)` or Response, as the response it stands for. */
function thrownResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  const wrapped = error as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return htmlPage(wrapped.data, wrapped.init?.status ?? 500);
  }
  throw error;
}

async function pageOf(response: Response): Promise<Page> {
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    data: readPage(body),
    body,
    location: response.headers.get("Location"),
  };
}

export type PageCacheHarness = {
  cache: PageCache;
  /** A visitor's GET of `path` through the server. */
  get(path: string): Promise<Page>;
  /** The page for the signed-in person of `startPageCache`'s `viewer` (never stored). */
  getSignedIn(path: string): Promise<Page>;
  /** The handler given to `watchPages` (the app's), to simulate the link going down. */
  onPageChange(change: PageChange): void;
  /** Every table (or null for the link's state) the watcher has heard, in order. */
  heard: (string | null)[];
  /**
   * Holds the next render of `path` after its loader has run, until `release`:
   * `loaded` settles once the loader's data is read.
   */
  hold(path: string): { loaded: Promise<void>; release(): void };
  /**
   * Waits until every notification committed so far has reached the watcher (one
   * channel delivers in commit order): sends a marker and waits to hear it.
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
};

let markers = 0;

export async function startPageCache(
  t: TestEnv,
  options: { viewer: { cookie: string } },
): Promise<PageCacheHarness> {
  const holds = new Map<string, { loaded: () => void; released: Promise<void> }>();

  async function render(url: string, cookie?: string): Promise<Response> {
    const path = url.split("?")[0]!;
    for (const route of ROUTES) {
      const match = route.path.exec(path);
      if (!match) continue;
      let value: unknown;
      try {
        value = await callLoaderAs(route.loader, {
          path: url,
          cookie,
          params: route.params(match),
          context: t.context(),
        });
      } catch (error) {
        return thrownResponse(error);
      }
      // Resource routes (the sitemap) answer with their own Response.
      if (value instanceof Response) return value;
      const hold = holds.get(url);
      if (hold) {
        holds.delete(url);
        hold.loaded();
        await hold.released;
      }
      return htmlPage(value);
    }
    return htmlPage("Not found", 404);
  }

  const cache = createPageCache({
    maxBytes: 8 * 1024 * 1024,
    ttlMs: 60_000,
    hosts: null,
    headers: pageSecurityHeaders({ formTargets: [], secure: false }),
    nonce: newNonce,
    render: ({ url }) => render(url),
  });

  const heard: (string | null)[] = [];
  const feed = createChangeFeed({
    owner: t.db,
    pages: cache,
    sharing: { ttlMs: 60_000, maxEntries: 500 },
  });
  const onPageChange = (change: PageChange) => {
    // A conversation's announcement (issue 27) is for its open pages: it empties nothing,
    // and is not a change to what visitors' pages show.
    if (change.table !== "conversation") {
      heard.push(change.table === "session" ? `session:${change.userId}` : change.table);
    }
    feed.onChange(change);
  };
  const stopWatching = await t.watchPages(onPageChange);
  feed.onChange({ table: null, connected: true });

  /** What the app answers when the cache does not take a request: a fresh render. */
  async function uncached(req: http.IncomingMessage, res: http.ServerResponse) {
    const response = await render(req.url ?? "/");
    const body = Buffer.from(await response.arrayBuffer());
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.writeHead(response.status);
    res.end(body);
  }

  const server = http.createServer((req, res) => {
    const taken = cache.tryServe(req, res, () => {
      // A taken request whose page could not be stored: visible, never silent.
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("page cache fallback");
    });
    if (!taken) {
      uncached(req, res).catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    cache,
    heard,
    onPageChange,
    async get(path) {
      return pageOf(await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" }));
    },
    async getSignedIn(path) {
      return pageOf(await render(path, options.viewer.cookie));
    },
    hold(path) {
      let loaded!: () => void;
      let release!: () => void;
      const loadedPromise = new Promise<void>((resolve) => (loaded = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(path, { loaded, released });
      return { loaded: loadedPromise, release };
    },
    async barrier() {
      const marker = `test-barrier-${++markers}`;
      await t.db.execute(sql`select pg_notify(${PAGES_CHANNEL}, ${marker})`);
      const started = performance.now();
      while (!heard.includes(marker)) {
        if (performance.now() - started > 5000) throw new Error(`never heard ${marker}`);
        await sleep(5);
      }
    },
    async close() {
      await stopWatching();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One page to watch: its address and whether a page shows the change. */
export type Check = { path: string; shows: (page: Page) => boolean };

/** How long each change took to reach visitors (PostgreSQL), for the report. */
export const delays: { label: string; path: string; ms: number }[] = [];

/**
 * Stores each page (the second request must be a hit, not yet showing the change) and
 * has the signed-in viewer look at it twice (its shared data is kept), runs `write`,
 * then expects every page to show it, to visitors and to the viewer: on PGlite on the
 * very next request, on PostgreSQL within VISIBLE_WITHIN_MS (polling every 25 ms).
 */
export async function expectVisibleAfter<T>(
  pages: PageCacheHarness,
  label: string,
  checks: Check[],
  write: () => Promise<T>,
): Promise<T> {
  // Notifications of earlier writes must not land between the requests below.
  await pages.barrier();
  for (const check of checks) {
    await pages.get(check.path);
    const stored = await pages.get(check.path);
    expect(stored.status, `${check.path} before ${label}`).toBe(200);
    expect(stored.cache, `${check.path} is served from the cache before ${label}`).toBe("hit");
    expect(check.shows(stored), `${check.path} already shows ${label}`).toBe(false);
    await pages.getSignedIn(check.path);
    const signedIn = await pages.getSignedIn(check.path);
    expect(signedIn.status, `${check.path} signed in before ${label}`).toBe(200);
    expect(check.shows(signedIn), `${check.path} signed in already shows ${label}`).toBe(false);
  }
  const result = await write();
  const wrote = performance.now();
  const viewers = [
    { who: "a visitor", get: pages.get },
    { who: "a signed-in person", get: pages.getSignedIn },
  ];
  for (const check of checks) {
    for (const { who, get } of viewers) {
      if (!ON_POSTGRES) {
        const page = await get(check.path);
        expect(
          check.shows(page),
          `${check.path}: the first request by ${who} after ${label} (X-Cache: ${page.cache}, status ${page.status}) shows it`,
        ).toBe(true);
        continue;
      }
      for (;;) {
        const page = await get(check.path);
        const elapsed = performance.now() - wrote;
        if (check.shows(page)) {
          delays.push({ label, path: check.path, ms: elapsed });
          break;
        }
        if (elapsed > VISIBLE_WITHIN_MS) {
          throw new Error(
            `${check.path} still did not show ${label} to ${who} ${elapsed.toFixed(0)} ms after the write (X-Cache: ${page.cache}, status ${page.status}, heard ${JSON.stringify(pages.heard.slice(-5))})`,
          );
        }
        await sleep(POLL_MS);
      }
    }
  }
  return result;
}
