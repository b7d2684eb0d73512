// Visitors' pages for npm run bench: each page warmed, then measured with autocannon
// against its "limit", the same body bytes Carlot sent for that Accept-Encoding served
// from memory by a bare node:http server (scripts/bench/limit-server.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { freePort, root, type PortRange } from "#scripts/dev/production-server.ts";

import { rawGet, type RawResponse } from "#scripts/dev/raw-get.ts";

import { kib, loadFull, verdict, type Measured } from "./bench-load.ts";

/**
 * How each page is loaded: autocannon's connections and seconds, the ports to use, and
 * the language asked for (Accept-Language; pages are stored once per language).
 */
export type VisitorLoad = {
  connections: number;
  duration: number;
  ports?: PortRange;
  language?: string;
};

/** An encoding's request headers, with the language asked for. */
const headersOf = (headers: Record<string, string>, load: VisitorLoad) =>
  load.language ? { ...headers, "accept-language": load.language } : headers;

/** Without and with compression: what a bare client and what a browser ask for. */
const ENCODINGS = [
  ["none", {}],
  ["br, gzip", { "accept-encoding": "br, gzip" }],
] as const;

/** Visitors' targets (issue 11): share of the limit's requests/s, and p99. */
export const SHARE_TARGET = 0.5;
export const P99_TARGET_MS = 20;
/** Requests per page and encoding before anything is measured (fills the page cache). */
export const WARM_REQUESTS = 5;

/** What Carlot sent for one Accept-Encoding: the body bytes as sent, and their encoding. */
type Sent = { encoding: string; body: Buffer; cache: string };

/** Cache state a response reports, if it reports one (X-Cache, or Age for a stored copy). */
function cacheState(headers: RawResponse["headers"]): string {
  const named = headers["x-cache"] ?? headers["x-page-cache"];
  if (typeof named === "string") return named;
  return typeof headers.age === "string" ? `age ${headers.age}` : "";
}

/**
 * Warms one page: WARM_REQUESTS requests per encoding, each of which must answer 200;
 * returns the last answer per encoding (what the limit server is then given).
 */
async function warm(url: string, load: VisitorLoad): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const [, headers] of ENCODINGS) {
    let last: RawResponse | undefined;
    for (let i = 0; i < WARM_REQUESTS; i++) {
      last = await rawGet(url, headersOf(headers, load));
      if (last.status !== 200) throw new Error(`${url} answered ${last.status}`);
    }
    const encoding = last!.headers["content-encoding"];
    sent.push({
      encoding: typeof encoding === "string" && encoding !== "identity" ? encoding : "",
      body: last!.body,
      cache: cacheState(last!.headers),
    });
  }
  return sent;
}

/**
 * The limit for one page: scripts/bench/limit-server.ts serving, from memory in its own
 * process (as Carlot runs in its own), exactly the bytes Carlot sent for each
 * Accept-Encoding, measured without and with compression.
 */
async function measureLimit(sent: Sent[], load: VisitorLoad): Promise<Measured[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-limit-"));
  const files = sent.map((variant, k) => {
    const file = path.join(dir, `page-${k}`);
    fs.writeFileSync(file, variant.body);
    return variant.encoding ? `${file}:${variant.encoding}` : file;
  });
  if (sent.every((variant) => variant.encoding)) {
    throw new Error("Carlot compressed its answer to a request without Accept-Encoding.");
  }
  const port = await freePort(load.ports);
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/bench/limit-server.ts"), String(port), ...files],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("ready")) resolve();
      });
      child.once("exit", () => reject(new Error("The limit server exited early.")));
    });
    const measured = [];
    for (const [k, [, headers]] of ENCODINGS.entries()) {
      const url = `http://127.0.0.1:${port}/`;
      const check = await rawGet(url, headers);
      if (!check.body.equals(sent[k]!.body)) {
        throw new Error("The limit server did not send the bytes Carlot sent.");
      }
      measured.push(await loadFull(url, headers, load));
    }
    return measured;
  } finally {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type VisitorResult = {
  page: string;
  encoding: string;
  carlot: Measured;
  limit: Measured;
  share: number;
  met: boolean;
};

/** Each visitor's page, warmed, then Carlot and its limit without and with compression. */
export async function measureVisitors(baseURL: string, detailId: number, load: VisitorLoad) {
  const pages = [
    ["home", "/"],
    ["category", "/products/sedan"],
    ["search", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
    ["detail", `/dashboard/productDetails/${detailId}`],
    ["blogs", "/blogs"],
  ] as const;
  const rows: Record<string, string | number>[] = [];
  const results: VisitorResult[] = [];
  for (const [page, url] of pages) {
    const sent = await warm(`${baseURL}${url}`, load);
    const carlot: Measured[] = [];
    for (const [, headers] of ENCODINGS) {
      carlot.push(await loadFull(`${baseURL}${url}`, headersOf(headers, load), load));
    }
    const limit = await measureLimit(sent, load);
    ENCODINGS.forEach(([encoding], k) => {
      const share = carlot[k]!.rps / limit[k]!.rps;
      const shareMet = share >= SHARE_TARGET;
      const p99Met = carlot[k]!.p99 <= P99_TARGET_MS;
      results.push({
        page,
        encoding,
        carlot: carlot[k]!,
        limit: limit[k]!,
        share,
        met: shareMet && p99Met,
      });
      rows.push({
        page,
        "Accept-Encoding": encoding,
        sent: `${kib(sent[k]!.body.length)} KiB${sent[k]!.encoding ? ` ${sent[k]!.encoding}` : ""}`,
        ...(sent.some((variant) => variant.cache) ? { cache: sent[k]!.cache } : {}),
        "Carlot req/s": carlot[k]!.rps,
        "Carlot p99 ms": carlot[k]!.p99,
        "limit req/s": limit[k]!.rps,
        "limit p99 ms": limit[k]!.p99,
        share: `${(100 * share).toFixed(1)}%`,
        [`share ≥ ${100 * SHARE_TARGET}%`]: verdict(shareMet),
        [`p99 ≤ ${P99_TARGET_MS} ms`]: verdict(p99Met),
      });
    });
  }
  return { pages, rows, results };
}
