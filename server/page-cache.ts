// The page cache: what a visitor without a session sees on the public pages, kept in
// memory and served before Express runs. Each stored page is rendered once, with its
// gzip and brotli forms made once when it is stored (never per request), an ETag and
// Last-Modified for 304s, and a CSP that allows exactly its own inline scripts by
// their SHA-256 (the per-request nonce cannot be shared, so it is taken out).
//
// Correctness: any committed change to what these pages show empties the cache
// (`flush`, called by the database's page-change notifications, from every process);
// a page rendered while a change happened is served to the requests that were waiting
// for it but not stored. Entries also expire after `ttlMs`, for what changes with the
// clock alone ("listed 3 days ago", the daily featured rotation, 60-day freshness).
//
// Never shared: requests carrying one of our cookies (a session, a flash toast, a
// sign-in in progress) never reach the cache; responses that set a cookie, are not a
// 200, or are not a page or its data are never stored.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { pagePathOf } from "#app/framework/data-url.ts";
import { logger } from "#app/services/logger.server.ts";

import { securityHeaderList } from "./security.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Public pages every visitor sees alike; their `.data` (client navigations) too. */
const CACHEABLE_PAGE =
  /^\/(?:|blogs|safety|products|compare|products\/[A-Za-z0-9_-]{1,64}|dashboard\/productDetails\/\d{1,12})$/;
/** The sitemap, robots.txt and the router's `__manifest` (which routes exist: per build). */
const CACHEABLE_FILE = /^\/(?:sitemap\.xml|robots\.txt|__manifest)$/;
/** Longer addresses (long search queries) are rendered each time. */
const MAX_URL_LENGTH = 512;
/** Our cookies all carry the name (session, sign-in state, flash toast). */
const OUR_COOKIE = /carlot/i;
const STORABLE_TYPE = /^(?:text\/html|text\/x-script|text\/plain|text\/xml|application\/xml)\b/;
/** Below this size compression saves nothing worth a header. */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = "br" | "gzip" | "identity";

type Variant = { body: Buffer; hit: string[]; miss: string[] };

type Entry = {
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  etag: string;
  /** Last-Modified, whole seconds (what the header can say). */
  modifiedMs: number;
  notModified: string[];
  expires: number;
  bytes: number;
};

export type RenderPage = (request: {
  url: string;
  headers: Headers;
  nonce: string;
  clientAddress: string;
}) => Promise<Response>;

export type PageCacheOptions = {
  /** Upper bound for all stored pages, all encodings together; 0 turns the cache off. */
  maxBytes: number;
  /** How long a stored page may be served without a change telling us to drop it. */
  ttlMs: number;
  /** Host values answered from the cache; others go to Express (which refuses them). */
  hosts: Set<string> | null;
  /** Renders a page for a visitor, as the router would for this URL. */
  render: RenderPage;
  /** Security headers (the CSP with the given script policy). */
  headers: (scripts: { nonce: string } | { hashes: string[] }) => [string, string][];
  /** Makes the per-request nonce given to `render`. */
  nonce: () => string;
  now?: () => number;
};

export type PageCacheStats = {
  hits: number;
  misses: number;
  stored: number;
  entries: number;
  bytes: number;
  flushes: number;
};

export type PageCache = {
  /**
   * Answers `req` from the cache (rendering and storing it first when missing) and
   * returns true, or returns false when the request is not one the cache serves.
   * `fallback` handles a taken request whose page turned out not to be storable.
   */
  tryServe(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
  /** Forgets every stored page (something they show has changed). */
  flush(): void;
  /** While false (the change notifications are down) nothing is served or stored. */
  setEnabled(enabled: boolean): void;
  stats(): PageCacheStats;
};

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | null>>();
  const counters = { hits: 0, misses: 0, stored: 0, flushes: 0 };
  let bytes = 0;
  let generation = 0;
  let enabled = options.maxBytes > 0;

  function cacheable(req: IncomingMessage): string | null {
    if (!enabled || (req.method !== "GET" && req.method !== "HEAD")) return null;
    const url = req.url;
    if (!url || url.length > MAX_URL_LENGTH || url.charCodeAt(0) !== 47 /* "/" */) return null;
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!CACHEABLE_FILE.test(path) && !CACHEABLE_PAGE.test(pagePathOf(path))) return null;
    const cookie = req.headers.cookie;
    if (cookie !== undefined && OUR_COOKIE.test(cookie)) return null;
    return answersHost(options.hosts, req) ? url : null;
  }

  function send(entry: Entry, req: IncomingMessage, res: ServerResponse, hit: boolean): void {
    if (isNotModified(req, entry)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const variant = entry.variants[encoding] ?? entry.variants.identity;
    res.writeHead(200, hit ? variant.hit : variant.miss);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }

  function store(key: string, entry: Entry): void {
    if (entry.bytes > options.maxBytes / 4) return;
    const previous = entries.get(key);
    if (previous) {
      entries.delete(key);
      bytes -= previous.bytes;
    }
    // Least recently used first: a hit moves its entry to the end.
    for (const [oldKey, old] of entries) {
      if (bytes + entry.bytes <= options.maxBytes) break;
      entries.delete(oldKey);
      bytes -= old.bytes;
    }
    entries.set(key, entry);
    bytes += entry.bytes;
    counters.stored++;
  }

  async function fill(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<Entry | null> {
    const startedIn = generation;
    const nonce = options.nonce();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === "cookie" || name === "if-none-match" || name === "if-modified-since") continue;
      if (typeof value === "string") headers.set(name, value);
    }
    const response = await options.render({
      url: key,
      headers,
      nonce,
      clientAddress: req.socket.remoteAddress ?? "unknown",
    });
    const body = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    const storable =
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      (STORABLE_TYPE.test(type) ||
        (key.startsWith("/__manifest?") && type.startsWith("application/json"))) &&
      !/no-store/i.test(response.headers.get("cache-control") ?? "");
    if (!storable) {
      // Served as rendered, with the nonce it was rendered with.
      sendRendered(response, body, options.headers({ nonce }), req, res);
      return null;
    }
    const entry = await makeEntry(response, body, nonce, options, now());
    if (!entry) {
      sendRendered(response, body, options.headers({ nonce }), req, res);
      return null;
    }
    if (startedIn === generation && enabled) store(key, entry);
    return entry;
  }

  function flush(): void {
    generation++;
    counters.flushes++;
    entries.clear();
    // Requests from now on must not join a render that began before the change.
    inflight.clear();
    bytes = 0;
  }

  return {
    tryServe(req, res, fallback) {
      const key = cacheable(req);
      if (key === null) return false;
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        counters.hits++;
        entries.delete(key);
        entries.set(key, entry);
        send(entry, req, res, true);
        return true;
      }
      if (entry) {
        entries.delete(key);
        bytes -= entry.bytes;
      }
      counters.misses++;
      const pending = inflight.get(key);
      if (pending) {
        // Someone is rendering this page already: wait for it.
        pending.then(
          (ready) => (ready ? send(ready, req, res, false) : fallback()),
          () => fallback(),
        );
        return true;
      }
      const flight = fill(key, req, res);
      inflight.set(key, flight);
      flight.then(
        (ready) => {
          if (inflight.get(key) === flight) inflight.delete(key);
          if (ready) send(ready, req, res, false);
        },
        (error: unknown) => {
          if (inflight.get(key) === flight) inflight.delete(key);
          logger.warn({ err: error, url: key }, "page cache: rendering failed");
          if (!res.headersSent) fallback();
        },
      );
      return true;
    },
    flush,
    setEnabled(value) {
      enabled = value && options.maxBytes > 0;
      flush();
    },
    stats: () => ({ ...counters, entries: entries.size, bytes }),
  };
}

async function makeEntry(
  response: Response,
  rendered: Buffer,
  nonce: string,
  options: PageCacheOptions,
  storedAt: number,
): Promise<Entry | null> {
  const type = response.headers.get("content-type") ?? "";
  let body = rendered;
  let hashes: string[] = [];
  if (type.startsWith("text/html")) {
    const html = rendered.toString("utf8").split(` nonce="${nonce}"`).join("");
    // A nonce left anywhere else would be published to every visitor: do not store.
    if (nonce && html.includes(nonce)) return null;
    hashes = inlineScriptHashes(html);
    body = Buffer.from(html, "utf8");
  }
  const etag = strongEtag(body);
  const modifiedMs = Math.floor(storedAt / 1000) * 1000;
  const lastModified = new Date(modifiedMs).toUTCString();
  const cacheControl = response.headers.get("cache-control") ?? "private, no-cache";
  const common: string[] = [
    "ETag",
    etag,
    "Last-Modified",
    lastModified,
    "Cache-Control",
    cacheControl,
    "Vary",
    "Accept-Encoding",
  ];
  for (const [name, value] of options.headers({ hashes })) common.push(name, value);
  response.headers.forEach((value, name) => {
    if (!REPLACED_HEADERS.has(name)) common.push(name, value);
  });
  const variant = (encoded: Buffer, encoding: Encoding | null): Variant => {
    const head = [
      ...common,
      "Content-Type",
      type,
      "Content-Length",
      String(encoded.length),
      ...(encoding ? ["Content-Encoding", encoding] : []),
    ];
    return { body: encoded, hit: [...head, "X-Cache", "hit"], miss: [...head, "X-Cache", "miss"] };
  };
  const variants: Entry["variants"] = { identity: variant(body, null) };
  if (body.length >= COMPRESS_MIN_BYTES) {
    const [gz, br] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    ]);
    variants.gzip = variant(gz, "gzip");
    variants.br = variant(br, "br");
  }
  // A browser revalidating its copy takes these headers into it.
  const notModified = [...common, "X-Cache", "hit"];
  const bytes = Object.values(variants).reduce((sum, v) => sum + v.body.length, 0) + 2048;
  return {
    variants,
    etag,
    modifiedMs,
    notModified,
    expires: storedAt + options.ttlMs,
    bytes,
  };
}

/** Headers of a rendered response that a stored page sets itself. */
const REPLACED_HEADERS = new Set([
  "cache-control",
  "content-type",
  "content-length",
  "content-encoding",
  "content-security-policy",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "last-modified",
  "vary",
  "set-cookie",
]);

/** A strong ETag for `body`: part of its SHA-256, the same for the same bytes. */
export function strongEtag(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether a request's Host is one answered before Express (`null`: any host). */
export function answersHost(hosts: Set<string> | null, req: IncomingMessage): boolean {
  if (!hosts) return true;
  const host = req.headers.host;
  return Boolean(host) && hosts.has(host!.toLowerCase());
}

/** The SHA-256 (base64) of each inline script's text, as CSP `'sha256-…'` wants them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, text] = match;
    if (/\bsrc\s*=/i.test(attributes!) || !text) continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}

function sendRendered(
  response: Response,
  body: Buffer,
  security: [string, string][],
  req: IncomingMessage,
  res: ServerResponse,
): void {
  for (const [name, value] of security) res.setHeader(name, value);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length" && name !== "transfer-encoding")
      res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Content-Length", body.length);
  res.writeHead(response.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function isNotModified(req: IncomingMessage, entry: Entry): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag);
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && since >= entry.modifiedMs;
}

const encodingChoices = new Map<string, Encoding>();

/** br when the client takes it, else gzip, else the bytes as they are. */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const known = encodingChoices.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const q = /^q=([01](?:\.\d{0,3})?)$/.exec(param);
      if (q) weight = Number(q[1]);
    }
    weights.set(name, weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  const choice: Encoding = br > 0 && br >= gz ? "br" : gz > 0 ? "gzip" : "identity";
  if (encodingChoices.size < 256) encodingChoices.set(header, choice);
  return choice;
}

/** The security headers of stored pages: `securityHeaderList` for production. */
export function pageSecurityHeaders(options: {
  formTargets: string[];
  imageOrigins?: string[];
  secure: boolean;
}) {
  return (scripts: { nonce: string } | { hashes: string[] }) =>
    securityHeaderList({
      dev: false,
      formTargets: options.formTargets,
      imageOrigins: options.imageOrigins,
      scripts,
      secure: options.secure,
    });
}
