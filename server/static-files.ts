// The browser build (build/client: fingerprinted /assets/*, the logo and favicon) read
// into memory at start and served before Express, each in the brotli and gzip forms
// `npm run build` made next to it (scripts/dev/precompress.ts): nothing is compressed
// per request, and a fingerprinted file is cached by browsers for a year.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import {
  answersHost,
  chooseEncoding,
  representationHead,
  strongEtag,
} from "./response-negotiation.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

type Variant = { body: Buffer; head: string[] };
type File = {
  variants: { identity: Variant; br?: Variant; gzip?: Variant };
  etag: string;
  notModified: string[];
};

export type StaticFiles = {
  tryServe(req: IncomingMessage, res: ServerResponse): boolean;
  /** Number of files and bytes held (all forms). */
  size: { files: number; bytes: number };
};

/**
 * Loads `clientDir`'s files. `headers` are the security headers every response
 * carries; `hosts` (when given) are the Host values answered here (others go on to
 * Express, which refuses them).
 */
export function loadStaticFiles(
  clientDir: string,
  options: { headers: [string, string][]; hosts: Set<string> | null },
): StaticFiles {
  const files = new Map<string, File>();
  let bytes = 0;
  const security = options.headers.flat();

  const add = (file: string, urlPath: string, cacheControl: string) => {
    const type = TYPES[path.extname(file)];
    if (!type) return;
    const body = fs.readFileSync(file);
    const etag = strongEtag(body);
    const common = ["Cache-Control", cacheControl, "ETag", etag, ...security];
    const variant = (encoded: Buffer, encoding: string | null): Variant => ({
      body: encoded,
      head: representationHead(common, type, encoded, encoding),
    });
    const entry: File = { variants: { identity: variant(body, null) }, etag, notModified: common };
    for (const [suffix, encoding] of [
      [".br", "br"],
      [".gz", "gzip"],
    ] as const) {
      if (!fs.existsSync(file + suffix)) continue;
      const encoded = fs.readFileSync(file + suffix);
      entry.variants[encoding === "br" ? "br" : "gzip"] = variant(encoded, encoding);
      bytes += encoded.length;
    }
    if (entry.variants.br || entry.variants.gzip) {
      for (const v of [entry.variants.identity, entry.variants.br, entry.variants.gzip]) {
        v?.head.push("Vary", "Accept-Encoding");
      }
      entry.notModified.push("Vary", "Accept-Encoding");
    }
    bytes += body.length;
    files.set(urlPath, entry);
  };

  const assetsDir = path.join(clientDir, "assets");
  if (fs.existsSync(assetsDir)) {
    for (const name of fs.readdirSync(assetsDir)) {
      if (name.endsWith(".br") || name.endsWith(".gz")) continue;
      // Fingerprinted: the name changes whenever the content does.
      add(path.join(assetsDir, name), `/assets/${name}`, "public, max-age=31536000, immutable");
    }
  }
  for (const name of fs.existsSync(clientDir) ? fs.readdirSync(clientDir) : []) {
    const file = path.join(clientDir, name);
    if (name.endsWith(".br") || name.endsWith(".gz") || !fs.statSync(file).isFile()) continue;
    add(file, `/${name}`, "public, max-age=3600");
  }

  return {
    size: { files: files.size, bytes },
    tryServe(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const file = files.get(query === -1 ? url : url.slice(0, query));
      if (!file) return false;
      if (!answersHost(options.hosts, req)) return false;
      const ifNoneMatch = req.headers["if-none-match"];
      if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === file.etag)) {
        res.writeHead(304, file.notModified);
        res.end();
        return true;
      }
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      const variant = file.variants[encoding] ?? file.variants.identity;
      res.writeHead(200, variant.head);
      if (req.method === "HEAD") res.end();
      else res.end(variant.body);
      return true;
    },
  };
}
