// `npm run bench [-- --listings 10000 --duration 10 --connections 10 --runs 100 …]`
// (all flags: docs/operations/benchmarking.md). Prints the targets of issue 11
// side by side with what it measured, each "met" or "NOT met", and a summary:
//
// 1. Seeds a separate database with many listings (embedded PGlite, or the
//    PostgreSQL database in DATABASE_URL; `--data-dir` keeps and reuses it), measures
//    the search scenarios server-side (p50/p95 of the queries a car-list request
//    runs) and prints the query plans they rely on. `--skip-http` stops here.
// 2. Start and memory: `npm run serve` on that existing database, `--start-runs`
//    times: time until /readyz answers (target ≤ 3 s) and the idle server's RSS
//    (target ≤ 200 MB).
// 3. Visitors' pages (home, a category, a search with filters, a detail page, blogs)
//    with autocannon, each against its "limit": the same body bytes Carlot sent for
//    that Accept-Encoding, served from memory by a bare node:http server
//    (scripts/bench/limit-server.ts), without and with `Accept-Encoding: br, gzip`. Each
//    page is warmed first (a few requests, then a 2-second warm-up load), so the page
//    cache is measured warm, as the targets mean. Targets: ≥ 50% of the limit's
//    requests/s and p99 ≤ 20 ms. Then each public page's first-load JavaScript in
//    Chromium: the framework chunk and our own code (≤ 20 kB gzip: issue 22, and issue 26's 5 kB for languages).
//    `--skip-visitors` leaves this out.
// 4. Signed-in pages (`--signed-in`, on by default from 100,000 listings): a seller
//    with thousands of cars, a buyer with orders and saved cars, and an admin sign in
//    through /login; each of their pages is requested at a fixed 100 requests/s
//    (`--rate`). Target: p99 < 50 ms and 0 errors.
// The server runs from a copy of build/ taken under the build lock (`--build` builds
// first); `--ports 3500-3599` keeps every server it starts in that range.
//
// The parts, in lib/: bench-seed.ts (the data), bench-searches.ts, bench-start.ts,
// bench-visitors.ts with limit-server.ts, first-load-js.ts, bench-signed-in.ts, and
// bench-load.ts (autocannon and raw requests).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { parsePortRange, rssBytes, startProductionServer } from "#scripts/dev/production-server.ts";

import { mb, verdict } from "./lib/bench-load.ts";
import { measureRenderCost, type App } from "./lib/bench-render.ts";
import { measureSearches } from "./lib/bench-searches.ts";
import { seed, type BenchData } from "./lib/bench-seed.ts";
import {
  BROWSER_ACCEPT_ENCODING,
  measureSignedIn,
  SIGNED_IN_P99_MS,
  type SignedInAccounts,
} from "./lib/bench-signed-in.ts";
import { snapshotApp } from "#scripts/dev/build-snapshot.ts";
import { IDLE_RSS_TARGET_BYTES, measureStart, START_TARGET_MS } from "./lib/bench-start.ts";
import {
  measureVisitors,
  P99_TARGET_MS,
  SHARE_TARGET,
  WARM_REQUESTS,
} from "./lib/bench-visitors.ts";
import {
  firstLoadRows,
  firstLoadSummary,
  measureFirstLoadJs,
  publicPages,
} from "./lib/first-load-js.ts";

const { values } = parseArgs({
  // --no-signed-in turns off what --listings 100000 turns on.
  allowNegative: true,
  options: {
    listings: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    // Measured runs of each search scenario (after warm-up).
    runs: { type: "string", default: "100" },
    "skip-http": { type: "boolean", default: false },
    "skip-searches": { type: "boolean", default: false },
    "skip-visitors": { type: "boolean", default: false },
    // Signed-in pages at a fixed rate (default: on from 100,000 listings).
    "signed-in": { type: "boolean" },
    rate: { type: "string", default: "100" },
    // How many times `npm run serve` is started to time it (0: not at all).
    "start-runs": { type: "string", default: "3" },
    // Reuse a data directory between runs (seeded on the first run, kept afterwards).
    "data-dir": { type: "string" },
    // Build first (under the build lock), even when there is a build.
    build: { type: "boolean", default: false },
    // Ports for the servers the bench starts, e.g. 3500-3599 (default: any free port).
    ports: { type: "string" },
    // Run the app in this directory (package.json, server/, drizzle/, build/) instead of
    // a copy of this checkout's build.
    "app-dir": { type: "string" },
    // Extra node flags for the measured server, space-separated (e.g. "--no-liftoff").
    "node-args": { type: "string" },
    // Server processes for the measured server (WEB_CONCURRENCY; needs DATABASE_URL).
    processes: { type: "string", default: "1" },
    // The language visitors' pages are asked in (Accept-Language: es, ar; default English).
    language: { type: "string" },
    // Issue 29: what each page costs to render with the page cache off (lib/bench-render.ts),
    // for this build and, with --against DIR, the build in DIR, side by side. Only that.
    "render-cost": { type: "boolean", default: false },
    against: { type: "string" },
    // The embedded data for the --against build, when it cannot run on this one's.
    "against-data-dir": { type: "string" },
    // Requests per page in --render-cost, and in how many turns the builds share them.
    requests: { type: "string", default: "200" },
    rounds: { type: "string", default: "10" },
    // Only the signed-in and render-cost pages whose "role: page" or address holds this.
    pages: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  // The comment at the top of this file, without its comment marks.
  const head = fs.readFileSync(import.meta.filename, "utf8").split("\nimport ")[0]!;
  console.log(head.replace(/^\/\/ ?/gm, ""));
  console.log("Every flag, with examples: docs/operations/benchmarking.md");
  process.exit(0);
}
const LISTINGS = Number(values.listings);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const RUNS = Number(values.runs);
const RATE = Number(values.rate);
const START_RUNS = Number(values["start-runs"]);
const PROCESSES = Number(values.processes);
const SIGNED_IN = values["signed-in"] ?? LISTINGS >= 100_000;
const portRange = values.ports === undefined ? undefined : parsePortRange(values.ports);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
if (
  ![LISTINGS, DURATION, CONNECTIONS, RUNS, RATE].every((n) => Number.isInteger(n) && n > 0) ||
  !Number.isInteger(START_RUNS) ||
  START_RUNS < 0
) {
  console.error(
    "--listings, --duration, --connections, --runs and --rate take positive whole numbers, --start-runs a whole number.",
  );
  process.exit(1);
}
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || (PROCESSES > 1 && !DATABASE_URL)) {
  console.error(
    "--processes takes a whole number of server processes; more than 1 needs DATABASE_URL (the embedded database belongs to one process).",
  );
  process.exit(1);
}
if (portRange === null) {
  console.error("--ports takes a range such as 3500-3599.");
  process.exit(1);
}
const PORTS = portRange ?? undefined;

const keepData = values["data-dir"] !== undefined;
const dataDir = keepData
  ? path.resolve(values["data-dir"]!)
  : fs.mkdtempSync(path.join(os.tmpdir(), "carlot-bench-"));

async function main() {
  const given = values["app-dir"];
  const app = values["skip-http"]
    ? null
    : given
      ? { appDir: path.resolve(given), remove: () => undefined }
      : snapshotApp({ build: values.build });
  try {
    await bench(app?.appDir ?? null);
  } finally {
    app?.remove();
  }
}

async function bench(appDir: string | null) {
  const data: BenchData = { databaseUrl: DATABASE_URL, dataDir };
  const { firstId, listingCount, accounts } = await seed(data, {
    listings: LISTINGS,
    signedIn: SIGNED_IN,
  });
  const detailId = firstId + 17;
  const where = DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
  if (!values["skip-searches"]) {
    const searches = await measureSearches(data, RUNS);
    console.log(
      `\nSearch, server-side (count + page + rows, ${RUNS} runs each after 5 warm-ups): ${listingCount.toLocaleString("en-US")} listings, ${where}`,
    );
    console.table(searches.results);
    console.log(`\nQuery plans the searches rely on:${searches.plans.join("\n")}`);
  }
  if (!appDir) {
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const env = {
    DATABASE_URL: DATABASE_URL ?? "",
    AUTH_SECRET: process.env.AUTH_SECRET || "bench-secret-bench-secret-bench-secret-00",
    SEED_DEMO: "false",
  };
  const summary: string[] = [];

  if (values["render-cost"]) {
    await renderCost(
      appDir,
      env,
      detailId,
      accounts,
      `${listingCount.toLocaleString("en-US")} listings, ${where}`,
    );
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }

  if (START_RUNS > 0) {
    const start = await measureStart({ appDir, dataDir, env, ports: PORTS, runs: START_RUNS });
    const readyMet = start.readyMs <= START_TARGET_MS;
    const rssMet = start.rss <= IDLE_RSS_TARGET_BYTES;
    console.log(
      `\nStart on the existing database (${listingCount.toLocaleString("en-US")} listings, ${where}): npm run serve, ${START_RUNS} times; RSS of the server process 3 s after /readyz first answered.`,
    );
    console.table(
      start.runs.map((run, i) => ({
        run: i + 1,
        "ready after s": Number((run.readyMs / 1000).toFixed(2)),
        "idle RSS": mb(run.rss),
      })),
    );
    const ready = `npm run serve ready in ${(start.readyMs / 1000).toFixed(2)} s (median; target ≤ ${START_TARGET_MS / 1000} s): ${verdict(readyMet)}`;
    const rss = `idle RSS after start ${mb(start.rss)} (median; target ≤ ${mb(IDLE_RSS_TARGET_BYTES)}): ${verdict(rssMet)}`;
    console.log(`${ready}\n${rss}`);
    summary.push(ready, rss);
  }

  const server = await startProductionServer({
    appDir,
    dataDir,
    env: { ...env, WEB_CONCURRENCY: String(PROCESSES) },
    ports: PORTS,
    nodeArgs: values["node-args"]?.split(/\s+/).filter(Boolean),
  });
  const baseURL = server.baseURL;
  try {
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ");
    const header = `${listingCount.toLocaleString("en-US")} listings, ${where}${PROCESSES > 1 ? `, ${PROCESSES} server processes (WEB_CONCURRENCY)` : ""}, Node ${process.version}, ${os.cpus().length} cores, load average ${load()} at the start`;
    if (!values["skip-visitors"]) {
      const visitors = await measureVisitors(baseURL, detailId, {
        language: values.language,
        connections: CONNECTIONS,
        duration: DURATION,
        ports: PORTS,
      });
      console.log(
        `\nVisitors' pages against their limit: ${header}; ${CONNECTIONS} connections, ${DURATION} s per measurement${values.language ? `, Accept-Language: ${values.language}` : ""}.`,
      );
      console.log(
        `Each page is warmed first (${WARM_REQUESTS} requests per encoding, then a 2-second warm-up load): the page cache is measured warm, which is what the targets mean.`,
      );
      console.log(
        "The limit: the same body bytes Carlot sent for that Accept-Encoding (its compressed bytes included), served from memory by a bare node:http server in its own process.",
      );
      console.log(visitors.pages.map(([page, url]) => `  ${page}: ${url}`).join("\n"));
      console.table(visitors.rows);
      const missed = visitors.results.filter((result) => !result.met);
      summary.push(
        `Visitors' pages (≥ ${100 * SHARE_TARGET}% of the limit's req/s and p99 ≤ ${P99_TARGET_MS} ms, warm): ${visitors.results.length - missed.length} of ${visitors.results.length} met${
          missed.length
            ? `; NOT met: ${missed.map((r) => `${r.page} (${r.encoding}: ${(100 * r.share).toFixed(1)}%, p99 ${r.carlot.p99} ms)`).join(", ")}`
            : ""
        }`,
      );
      // First-load JavaScript per public page, in its two parts (issue 22's budget).
      const publicList = await publicPages(baseURL);
      const js = await measureFirstLoadJs(baseURL, publicList);
      console.log(
        "\nJavaScript at first load, per public page (gzip at zlib's default level, 1 kB = 1,000 bytes): the framework chunk (React, React DOM, React Router) and our own code.",
      );
      console.table(firstLoadRows(publicList, js));
      summary.push(firstLoadSummary(js));
    }
    if (accounts) {
      const signedIn = await measureSignedIn(baseURL, accounts, detailId, {
        rate: RATE,
        connections: CONNECTIONS,
        duration: DURATION,
        serverPid: server.pid,
        only: values.pages,
      });
      console.log(
        `\nSigned-in pages at a fixed ${RATE} requests/s: ${header}; ${DURATION} s per page after a 1-second warm-up, ${CONNECTIONS} connections, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (Chromium's). Seller ${accounts.seller}, buyer ${accounts.buyer}, admin ${accounts.admin}.`,
      );
      console.table(signedIn.rows);
      const missed = signedIn.results.filter((result) => !result.met);
      summary.push(
        `Signed-in pages at ${RATE} req/s (p99 < ${SIGNED_IN_P99_MS} ms, 0 errors): ${signedIn.results.length - missed.length} of ${signedIn.results.length} met${
          missed.length
            ? `; NOT met: ${missed.map((r) => `${r.role} ${r.page} (p99 ${r.p99} ms, ${r.errors} errors)`).join(", ")}`
            : ""
        }`,
      );
    }
    const rss = rssBytes(server.pid);
    if (rss !== null) summary.push(`RSS of the server after the load: ${mb(rss)}`);
  } finally {
    await server.stop();
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nSummary (issue 11's targets; ${listingCount.toLocaleString("en-US")} listings, ${where}${PROCESSES > 1 ? `, ${PROCESSES} processes` : ""}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")} at the end):`,
  );
  for (const line of summary) console.log(`- ${line}`);
}

/** `--render-cost`: this build (and the one `--against` names) with the page cache off. */
async function renderCost(
  appDir: string,
  env: Record<string, string>,
  detailId: number,
  accounts: SignedInAccounts | null,
  header: string,
) {
  const requests = Number(values.requests);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(rounds) || rounds < 1)
    throw new Error("--requests and --rounds take whole numbers.");
  const apps: App[] = [{ label: "this", appDir }];
  if (values.against)
    apps.push({
      label: path.basename(path.resolve(values.against)),
      appDir: path.resolve(values.against),
      dataDir: values["against-data-dir"] && path.resolve(values["against-data-dir"]),
    });
  else if (values["against-data-dir"]) throw new Error("--against-data-dir goes with --against.");
  const { rows, memory } = await measureRenderCost(apps, {
    dataDir,
    env,
    ports: PORTS,
    detailId,
    accounts,
    requests,
    connections: 2,
    rounds,
    only: values.pages,
  });
  console.log(
    `\nRender cost with the page cache off (PAGE_CACHE_MB=0): ${header}, Node ${process.version}, ${os.cpus().length} cores; ${requests} requests per page over 2 kept-alive connections after 30 warm-ups of every page${apps.length > 1 ? `; the builds run side by side, each page asked of them in turn, ${rounds} turns of ${Math.max(1, Math.round(requests / rounds))} requests` : ""}, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (Chromium's). CPU: every thread of the server process, per request; by thread: Node's main thread (routing, loaders, rendering), the embedded database's thread, V8's helper (garbage collection, compiling) and libuv's pool (compression). br KiB: the page itself asked with Accept-Encoding: br, what a returning visitor downloads for it; dict KiB: the same page for a browser that holds the page dictionary (Chromium-based ones: dcz, decision 025).`,
  );
  console.table(rows);
  console.log(memory);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
