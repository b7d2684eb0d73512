// A compression dictionary for pages (RFC 9842, Compression Dictionary Transport;
// decision 025). Most of a page is the same on every page: the head, the header and
// footer, the filter panel, the markup of a row, the shape of its loader data. The
// server renders a few visitors' pages (home, all cars and its data, one car) into a
// dictionary and links it from every page it renders (`Link: rel=compression-dictionary`).
// A browser that keeps it (Chromium-based ones) says so on later requests with
// `Available-Dictionary` and `dcz` in Accept-Encoding; the page then travels as zstd
// with that dictionary: a category page is about 4 KB instead of 13. Everyone else
// gets zstd, brotli or gzip as before (whole-page-compression.ts).
//
// Only what any visitor is shown goes in: the pages are rendered for a request without
// cookies, and the nonce is taken out. Each process makes its own dictionary when the
// first page is asked for and again after a day; a request naming a dictionary this
// process does not hold (another node's, an old one) is answered without it.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";

import { logger } from "#app/services/logger.server.ts";

import { encodingWeights } from "./response-negotiation.ts";

/** Renders a page as a visitor without cookies gets it. */
export type RenderForDictionary = (path: string) => Promise<Response>;

export const DICTIONARY_ROUTE = "/_dictionary/";
/** A new dictionary after this long, so that it follows what the pages look like. */
const DICTIONARY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** After a failed attempt (the site not ready, the database away), pages wait this long. */
const RETRY_AFTER_MS = 60 * 1000;
/**
 * zstd's level for pages rendered for one request, with the dictionary (about 0.3 ms for a
 * 100 KB page) or without it (whole-page-compression.ts: as few bytes as brotli's quality
 * 3, 12.9 against 13.0 KB for a category page of 93 KB, in about 40% of its time).
 */
export const PAGE_ZSTD_LEVEL = 3;

export type Dictionary = {
  bytes: Buffer;
  /** The hex SHA-256, the file name in its URL. */
  id: string;
  /** `Available-Dictionary`'s value for it: the SHA-256 as a byte sequence (`:…=:`). */
  announced: string;
  /** A dcz body starts with this skippable zstd frame naming the dictionary. */
  dczHeader: Buffer;
  brotli: Buffer;
  madeAt: number;
};

export type PageDictionary = {
  /** Adds the `Link` that tells the browser where the dictionary is (pages only). */
  announce(req: IncomingMessage, res: ServerResponse): void;
  /** The dictionary a request can be answered with: it names it and takes dcz. */
  matching(req: IncomingMessage): Dictionary | null;
  /** Serves GET /_dictionary/<id> and returns true, or returns false for other URLs. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean;
};

export function dictionaryOf(bytes: Buffer, madeAt = Date.now()): Dictionary {
  const hash = createHash("sha256").update(bytes).digest();
  return {
    bytes,
    id: hash.toString("hex"),
    announced: `:${hash.toString("base64")}:`,
    // Magic 0x184D2A5E (a skippable frame), 32 bytes long: the dictionary's hash.
    dczHeader: Buffer.concat([Buffer.from([0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0]), hash]),
    brotli: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
    }),
    madeAt,
  };
}

/** `body` as a dcz response body: the frame naming the dictionary, then zstd with it. */
export function dczEncode(dictionary: Dictionary, body: Buffer): Buffer {
  return Buffer.concat([
    dictionary.dczHeader,
    zlib.zstdCompressSync(body, zstdOptions(dictionary)),
  ]);
}

function zstdOptions(dictionary: Dictionary): zlib.ZstdOptions {
  return {
    dictionary: dictionary.bytes,
    params: { [zlib.constants.ZSTD_c_compressionLevel]: PAGE_ZSTD_LEVEL },
  };
}

/** Whether Accept-Encoding takes dcz (named, or `*`; a q of 0 refuses it). */
export function acceptsDcz(header: string | undefined): boolean {
  return encodingWeights(header)("dcz") > 0;
}

/**
 * The pages of the dictionary, as one visitor without cookies gets them, without
 * their nonce: home, all cars, all cars' data (client-side navigation) and its first car.
 */
export async function renderDictionary(render: RenderForDictionary): Promise<Buffer | null> {
  const text = async (path: string) => {
    const response = await render(path);
    return response.ok ? (await response.text()).replaceAll(` nonce=""`, "") : "";
  };
  const [home, cars, carsData] = await Promise.all([
    text("/"),
    text("/products/allProducts"),
    text("/products/allProducts.data"),
  ]);
  if (!home || !cars) return null;
  const firstCar = /href="(\/dashboard\/productDetails\/\d+)"/.exec(cars)?.[1];
  const car = firstCar ? await text(firstCar) : "";
  return Buffer.from([home, cars, carsData, car].join("\n"), "utf8");
}

export function createPageDictionary(options: {
  render: RenderForDictionary;
  now?: () => number;
}): PageDictionary {
  const now = options.now ?? Date.now;
  // The newest first; the one before stays usable for the browsers that hold it.
  let held: Dictionary[] = [];
  let making: Promise<void> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;

  function refresh(): void {
    const newest = held[0];
    if (making || (newest && now() - newest.madeAt < DICTIONARY_MAX_AGE_MS)) return;
    if (now() - failedAt < RETRY_AFTER_MS) return;
    making = renderDictionary(options.render)
      .then((bytes) => {
        if (bytes) held = [dictionaryOf(bytes, now()), ...held].slice(0, 2);
        else failedAt = now();
      })
      .catch((error: unknown) => {
        failedAt = now();
        logger.warn({ err: error }, "page dictionary: rendering failed");
      })
      .finally(() => {
        making = null;
      });
  }

  function matching(req: IncomingMessage): Dictionary | null {
    const announced = req.headers["available-dictionary"];
    if (typeof announced !== "string" || !acceptsDcz(req.headers["accept-encoding"])) return null;
    return held.find((dictionary) => dictionary.announced === announced.trim()) ?? null;
  }

  return {
    announce(req, res) {
      if (req.method !== "GET" || !req.headers.accept?.includes("text/html")) return;
      refresh();
      const newest = held[0];
      if (newest) {
        res.setHeader("Link", `<${DICTIONARY_ROUTE}${newest.id}>; rel="compression-dictionary"`);
      }
    },
    matching,
    tryServe(req, res) {
      if (!req.url?.startsWith(DICTIONARY_ROUTE)) return false;
      const id = req.url.slice(DICTIONARY_ROUTE.length);
      const dictionary = held.find((candidate) => candidate.id === id);
      if (!dictionary || (req.method !== "GET" && req.method !== "HEAD")) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
        return true;
      }
      const br = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
      const body = br ? dictionary.brotli : dictionary.bytes;
      res.writeHead(200, {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": body.length,
        ...(br ? { "Content-Encoding": "br" } : {}),
        Vary: "Accept-Encoding",
        // Its URL is its hash: it never changes; the browser keeps it for 30 days.
        "Cache-Control": "public, max-age=2592000, immutable",
        "Use-As-Dictionary": 'match="/*"',
        "X-Content-Type-Options": "nosniff",
      });
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}
