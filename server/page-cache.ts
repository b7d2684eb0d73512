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
//
// This module keeps the stored pages (least recently used first out when the byte
// limit is reached, one render per page however many wait for it) and serves them;
// page-cache-rules.ts says what is answered and kept, page-cache-entry.ts how a page
// is stored.
import type { IncomingMessage, ServerResponse } from "node:http";

import { LANGUAGE_COOKIE } from "#app/i18n/languages.ts";
import { logger } from "#app/services/logger.server.ts";

import { makeEntry, variantOf, type Entry, type PageHeaders } from "./page-cache-entry.ts";
import { dczEncode, type Dictionary } from "./page-dictionary.ts";
import { cacheKey, isStorable, partsOfKey } from "./page-cache-rules.ts";
import { chooseEncoding, isNotModified } from "./response-negotiation.ts";
import { securityHeaderList } from "./security.ts";

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
  headers: PageHeaders;
  /** Makes the per-request nonce given to `render`. */
  nonce: () => string;
  /** The page dictionary a request may be answered with (dcz), if any. */
  dictionaryFor?: (req: IncomingMessage) => Dictionary | null;
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

  function send(
    key: string,
    entry: Entry,
    req: IncomingMessage,
    res: ServerResponse,
    hit: boolean,
  ): void {
    if (isNotModified(req, entry)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return;
    }
    const variant = dictionaryVariant(key, entry, req) ?? chosenVariant(entry, req);
    res.writeHead(200, hit ? variant.hit : variant.miss);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }

  function chosenVariant(entry: Entry, req: IncomingMessage) {
    return (
      entry.variants[chooseEncoding(req.headers["accept-encoding"])] ?? entry.variants.identity
    );
  }

  /** The page as dcz, made once per entry and dictionary, for a request that takes it. */
  function dictionaryVariant(key: string, entry: Entry, req: IncomingMessage) {
    const dictionary = options.dictionaryFor?.(req);
    if (!dictionary || !entry.variants.br) return null;
    if (entry.dcz?.dictionaryId !== dictionary.id) {
      const body = dczEncode(dictionary, entry.variants.identity.body);
      const grown = body.length - (entry.dcz?.variant.body.length ?? 0);
      entry.dcz = {
        dictionaryId: dictionary.id,
        variant: variantOf(entry.common, entry.type, body, "dcz"),
      };
      entry.bytes += grown;
      // Counted while stored; an entry dropped meanwhile was subtracted without it.
      if (entries.get(key) === entry) bytes += grown;
    }
    return entry.dcz.variant;
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
    // The page is rendered without the visitor's cookies; the language they asked
    // for travels as the one cookie the rendering reads.
    const { url, language } = partsOfKey(key);
    if (language !== null) headers.set("cookie", `${LANGUAGE_COOKIE}=${language}`);
    const response = await options.render({
      url,
      headers,
      nonce,
      clientAddress: req.socket.remoteAddress ?? "unknown",
    });
    const body = Buffer.from(await response.arrayBuffer());
    const storable = isStorable(key, response);
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
      const key = enabled ? cacheKey(req, options.hosts) : null;
      if (key === null) return false;
      const entry = entries.get(key);
      if (entry && entry.expires > now()) {
        counters.hits++;
        entries.delete(key);
        entries.set(key, entry);
        send(key, entry, req, res, true);
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
          (ready) => (ready ? send(key, ready, req, res, false) : fallback()),
          () => fallback(),
        );
        return true;
      }
      const flight = fill(key, req, res);
      inflight.set(key, flight);
      flight.then(
        (ready) => {
          if (inflight.get(key) === flight) inflight.delete(key);
          if (ready) send(key, ready, req, res, false);
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
