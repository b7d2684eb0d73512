// What the two handlers that answer before Express share (stored pages in
// page-cache.ts, the browser build in static-files.ts): whether a request's Host is
// one they answer, a strong ETag made from the bytes, the encoding to send (br, gzip
// or the bytes as they are) from Accept-Encoding, and whether a conditional request
// (If-None-Match, If-Modified-Since) can be answered with a 304. Accept-Encoding is
// read here for every response (encodingWeights): rendered pages choose among more
// encodings (whole-page-compression.ts), the page dictionary looks for dcz.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";

export type Encoding = "br" | "gzip" | "identity";

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

/** Whether the client's copy (its ETag or date) is still the stored one. */
export function isNotModified(
  req: IncomingMessage,
  stored: { etag: string; modifiedMs: number },
): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === stored.etag);
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && since >= stored.modifiedMs;
}

/** How much a client wants each encoding: its q (0 refuses), from its Accept-Encoding. */
export type EncodingWeights = (name: string) => number;

const weightsByHeader = new Map<string, EncodingWeights>();

/**
 * Accept-Encoding read once per distinct header (browsers send a handful): names are
 * case-insensitive, a name without q is 1, `*` stands for any encoding not named, and a
 * q that is not a number from 0 to 1 refuses its encoding (safer than guessing).
 */
export function encodingWeights(header: string | undefined): EncodingWeights {
  if (!header) return () => 0;
  const known = weightsByHeader.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      if (!param.startsWith("q=")) continue;
      weight = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(param) ? Number(param.slice(2)) : 0;
    }
    weights.set(name, weight);
  }
  const weightOf: EncodingWeights = (name) => weights.get(name) ?? weights.get("*") ?? 0;
  if (weightsByHeader.size < 256) weightsByHeader.set(header, weightOf);
  return weightOf;
}

/**
 * For bytes compressed once at brotli's and gzip's highest levels (stored pages, the
 * browser build): br when the client takes it at least as gladly as gzip, else gzip,
 * else the bytes as they are.
 */
export function chooseEncoding(header: string | undefined): Encoding {
  const weightOf = encodingWeights(header);
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  return br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
}

/** One stored representation's headers: those every variant shares, then its own. */
export function representationHead(
  common: string[],
  type: string,
  body: Buffer,
  encoding: string | null,
): string[] {
  return [
    ...common,
    "Content-Type",
    type,
    "Content-Length",
    String(body.length),
    ...(encoding ? ["Content-Encoding", encoding] : []),
  ];
}
