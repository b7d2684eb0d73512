// A stored page as the page cache keeps it: the rendered body with the per-request
// nonce taken out, a CSP that allows its inline scripts by their SHA-256 instead,
// its gzip and brotli forms made once, an ETag and Last-Modified, and the header
// lists of a hit, a miss and a 304 written out ahead so that serving it only writes.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { representationHead, strongEtag, type Encoding } from "./response-negotiation.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Below this size compression saves nothing worth a header. */
const COMPRESS_MIN_BYTES = 1024;

export type Variant = { body: Buffer; hit: string[]; miss: string[] };

export type Entry = {
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** The page as dcz with the page dictionary it was last asked for with (made on demand). */
  dcz?: { dictionaryId: string; variant: Variant };
  /** What a variant made later needs: the headers every variant shares, the type. */
  common: string[];
  type: string;
  etag: string;
  /** Last-Modified, whole seconds (what the header can say). */
  modifiedMs: number;
  notModified: string[];
  expires: number;
  bytes: number;
};

/** The security headers for a page with this script policy. */
export type PageHeaders = (scripts: { nonce: string } | { hashes: string[] }) => [string, string][];

/** `rendered` as stored (null when the nonce cannot be taken out of it). */
export async function makeEntry(
  response: Response,
  rendered: Buffer,
  nonce: string,
  options: { headers: PageHeaders; ttlMs: number },
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
    // The encodings the cache chooses between, and what the page varies by (its language).
    "Vary",
    varyOf(response),
  ];
  for (const [name, value] of options.headers({ hashes })) common.push(name, value);
  response.headers.forEach((value, name) => {
    if (!REPLACED_HEADERS.has(name)) common.push(name, value);
  });
  const variant = (encoded: Buffer, encoding: Encoding | null) =>
    variantOf(common, type, encoded, encoding);
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
    common,
    type,
    etag,
    modifiedMs,
    notModified,
    expires: storedAt + options.ttlMs,
    bytes,
  };
}

/** One stored form of a page, with its headers for a hit and a miss written out. */
export function variantOf(
  common: string[],
  type: string,
  encoded: Buffer,
  encoding: string | null,
): Variant {
  const head = representationHead(common, type, encoded, encoding);
  return { body: encoded, hit: [...head, "X-Cache", "hit"], miss: [...head, "X-Cache", "miss"] };
}

function varyOf(response: Response): string {
  const names = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim());
  // Available-Dictionary: the page may go out compressed with the page dictionary.
  const vary = ["Accept-Encoding", "Available-Dictionary", ...names.filter(Boolean)];
  return [...new Set(vary)].join(", ");
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
