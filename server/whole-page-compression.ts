// Rendered pages and their data compressed in one piece (issue 29).
//
// A page is rendered whole (one-pass-render.server.tsx) and handed to Express as one
// chunk. `compression()` would push it through a brotli stream on libuv's thread pool:
// for a category page of 95 KB that cost 1.2 ms of CPU, against 0.5 ms compressing the
// same bytes in one call on the main thread (the rest is the stream's trips between the
// threads). So pages (text/html) and their data (text/x-script) are collected until the
// end and compressed in one call: with the page dictionary as dcz where the browser holds
// it (decision 025), else zstd at level 3, else brotli at quality 3, else gzip. Everything
// else (event streams, files, JSON) passes on to `compression()`, registered before this,
// which sees Content-Encoding already set on the bytes this sends and leaves them as they
// are.
import zlib from "node:zlib";

import type { NextFunction, Request, Response } from "express";

import { dczEncode, PAGE_ZSTD_LEVEL, type Dictionary } from "./page-dictionary.ts";
import { encodingWeights } from "./response-negotiation.ts";

/** Pages and their data (React Router's single fetch), never event streams. */
const WHOLE_TYPES = /^(text\/html|text\/x-script)\b/;

/** Below this size compression saves nothing worth a header (compression()'s default). */
const THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for pages rendered for one request: quality 3 costs half of 4 (0.3
 * against 0.5 ms for a 110 KB page) for 6% more bytes. Stored pages and build files are
 * compressed once, at the highest levels (page-cache-entry.ts, precompress.ts).
 */
export const PAGE_BROTLI_QUALITY = 3;

type Encoding = "zstd" | "br" | "gzip" | null;

/**
 * The encoding Accept-Encoding prefers among zstd, brotli and gzip (the highest q; on a
 * tie the cheapest to make for the bytes: zstd, then brotli), or null for none. Chrome
 * and Firefox send "gzip, deflate, br, zstd": they get zstd (PAGE_ZSTD_LEVEL).
 */
export function preferredEncoding(header: string | undefined): Encoding {
  const weightOf = encodingWeights(header);
  let chosen: Encoding = null;
  let best = 0;
  for (const encoding of ["zstd", "br", "gzip"] as const) {
    const weight = weightOf(encoding);
    if (weight > best) [chosen, best] = [encoding, weight];
  }
  return chosen;
}

function encode(body: Buffer, encoding: Encoding | "dcz", dictionary: Dictionary | null): Buffer {
  if (encoding === "dcz") return dczEncode(dictionary!, body);
  if (encoding === "zstd") {
    return zlib.zstdCompressSync(body, {
      params: {
        [zlib.constants.ZSTD_c_compressionLevel]: PAGE_ZSTD_LEVEL,
        [zlib.constants.ZSTD_c_contentSizeFlag]: 1,
      },
      pledgedSrcSize: body.length,
    });
  }
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return zlib.gzipSync(body);
}

/**
 * Express middleware, registered after `compression()`: pages and page data leave in
 * one compressed piece. `dictionaryFor` names the page dictionary a request can be
 * answered with (the browser holds it and takes dcz), if any.
 */
export function compressWholePages(
  options: { dictionaryFor?: (req: Request) => Dictionary | null } = {},
) {
  return function wholePages(req: Request, res: Response, next: NextFunction): void {
    type Writer = (this: Response, ...args: unknown[]) => unknown;
    const write = res.write as unknown as Writer;
    const end = res.end as unknown as Writer;
    let chunks: Buffer[] | null = null;
    let decided = false;

    function decide(): void {
      if (decided) return;
      decided = true;
      if (
        res.headersSent ||
        req.method === "HEAD" ||
        res.getHeader("Content-Encoding") ||
        !WHOLE_TYPES.test(String(res.getHeader("Content-Type") ?? ""))
      ) {
        return;
      }
      chunks = [];
    }

    // React Router writes Uint8Arrays; Express's own answers write strings.
    const bytesOf = (chunk: unknown, encoding: unknown): Buffer =>
      chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(
            String(chunk),
            typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
          );

    res.write = function (this: Response, ...args: unknown[]) {
      decide();
      if (!chunks) return write.apply(res, args);
      const [chunk, encoding, callback] = args;
      // Copied: the writer may reuse its buffer once write returns.
      chunks.push(Buffer.from(bytesOf(chunk, encoding)));
      if (typeof callback === "function") (callback as () => void)();
      else if (typeof encoding === "function") (encoding as () => void)();
      return true;
    } as unknown as typeof res.write;

    res.end = function (this: Response, ...args: unknown[]) {
      decide();
      if (!chunks) return end.apply(res, args);
      const [chunk, encoding, callback] = args;
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
        chunks.push(bytesOf(chunk, encoding));
      }
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      chunks = null;
      res.vary("Accept-Encoding");
      const dictionary = res.statusCode === 200 ? (options.dictionaryFor?.(req) ?? null) : null;
      const chosen = dictionary
        ? "dcz"
        : body.length < THRESHOLD_BYTES
          ? null
          : preferredEncoding(req.headers["accept-encoding"]);
      const sent = chosen ? encode(body, chosen, dictionary) : body;
      if (chosen) res.setHeader("Content-Encoding", chosen);
      if (dictionary) res.vary("Available-Dictionary");
      res.setHeader("Content-Length", sent.length);
      const done = typeof chunk === "function" ? chunk : callback;
      return end.call(res, sent, typeof done === "function" ? done : undefined);
    } as unknown as typeof res.end;

    next();
  };
}
