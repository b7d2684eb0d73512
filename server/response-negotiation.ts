// What the two handlers that answer before Express share (stored pages in
// page-cache.ts, the browser build in static-files.ts): whether a request's Host is
// one they answer, a strong ETag made from the bytes, the encoding to send (br, gzip
// or the bytes as they are) from Accept-Encoding, and whether a conditional request
// (If-None-Match, If-Modified-Since) can be answered with a 304.
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
