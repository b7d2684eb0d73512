// What a page costs to render (issue 29), for `npm run bench -- --render-cost`: every page
// with the page cache off (PAGE_CACHE_MB=0), so each answer is rendered anew, as a visitor
// who wanders over thousands of cars and searches (and every signed-in person) gets it.
// Per page: the server's CPU time per request (every thread of its process, from /proc),
// asked with the Accept-Encoding Chromium sends (BROWSER_ACCEPT_ENCODING), and the bytes
// of the page itself with `Accept-Encoding: br`, which is what a returning
// visitor downloads for a second page (stylesheets and scripts are hashed files the browser
// keeps); and with the page dictionary a Chromium browser holds after its first page
// (decision 025: `Available-Dictionary`, dcz), the bytes that browser downloads instead.
// With `--against DIR`, the build in DIR is measured the same way on the same data,
// one after the other, and each figure is shown beside its ratio to it.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";

import {
  cpuMs,
  eachThreadPart,
  rssBytes,
  startProductionServer,
  threadCpuMs,
  type PortRange,
  type ThreadCpu,
} from "#scripts/dev/production-server.ts";

import { askTimes, getKeptAlive as get, kib, mb } from "./bench-load.ts";
import {
  BROWSER_ACCEPT_ENCODING,
  pageChosen,
  signIn,
  signedInPages,
  type SignedInAccounts,
} from "./bench-signed-in.ts";

/**
 * A build to measure, and the embedded data it runs on when not the bench's own (a build
 * older than this checkout's migrations refuses data this one migrated: it gets a copy
 * seeded by its own bench instead, which makes the same cars).
 */
export type App = { label: string; appDir: string; dataDir?: string };

type PageCost = {
  cpuMs: number;
  bytes: number;
  /** With the page dictionary (null: the build has none). */
  dictionaryBytes: number | null;
  threads: ThreadCpu | null;
};
type AppCost = { pages: Map<string, PageCost>; rss: number | null; rssIdle: number | null };

/** Requests per page before any page is measured. */
const WARM_UPS = 30;

/** How long the server is left idle before its memory is read again. */
const IDLE_MS = 30_000;

/** The visitors' pages issue 29 names, with the page cache off. */
export function visitorPages(detailId: number): { page: string; url: string }[] {
  return [
    { page: "home", url: "/" },
    { page: "category, page 1", url: "/products/sedan" },
    { page: "category, page 20", url: "/products/sedan?page=20" },
    {
      page: "keyword search with a price filter",
      url: "/products/allProducts?q=toyota&maxPrice=30000",
    },
    { page: "car page", url: `/dashboard/productDetails/${detailId}` },
  ];
}

/**
 * The headers of a browser holding the server's page dictionary, fetched as Chromium
 * does from the Link of a page (made when the first page asks for it); null without one.
 */
async function dictionaryHeaders(baseURL: string): Promise<Record<string, string> | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const home = await fetch(`${baseURL}/`, { headers: { accept: "text/html" } });
    await home.arrayBuffer();
    const link = /<([^>]+)>;\s*rel="compression-dictionary"/.exec(home.headers.get("link") ?? "");
    if (link) {
      const bytes = Buffer.from(await (await fetch(`${baseURL}${link[1]}`)).arrayBuffer());
      const hash = createHash("sha256").update(bytes).digest("base64");
      return { "available-dictionary": `:${hash}:`, "accept-encoding": "br, dcz" };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

type MeasureOptions = {
  dataDir: string;
  env: Record<string, string>;
  ports?: PortRange;
  detailId: number;
  accounts: SignedInAccounts | null;
  requests: number;
  connections: number;
  rounds: number;
  /** `--pages`: only the pages whose name or address holds this. */
  only?: string;
};

type Asked = { key: string; url: string; headers: Record<string, string> };

/** One build's server, its pages as its own accounts ask them, and what they cost so far. */
type Running = {
  server: Awaited<ReturnType<typeof startProductionServer>>;
  agent: http.Agent;
  asked: Asked[];
  bytes: Map<string, number>;
  dictionaryBytes: Map<string, number>;
  spent: Map<string, { cpuMs: number; threads: ThreadCpu | null; requests: number }>;
  /** A copy of the data made for this build (removed at the end). */
  copy: string | null;
};

/**
 * One build: started on its data with the page cache off, signed in as the bench's
 * accounts, and every page warmed (WARM_UPS requests each) and its bytes read. When
 * several builds run at once each needs data of its own (PGlite's directory lock): a
 * build without `dataDir` gets a copy of the bench's.
 */
async function startApp(app: App, options: MeasureOptions, copyData: boolean): Promise<Running> {
  const copy = !app.dataDir && copyData ? `${options.dataDir}-${app.label}-copy` : null;
  if (copy) {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(options.dataDir, copy, { recursive: true });
  }
  const server = await startProductionServer({
    appDir: app.appDir,
    dataDir: copy ?? app.dataDir ?? options.dataDir,
    env: { ...options.env, PAGE_CACHE_MB: "0" },
    ports: options.ports,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const asked: Asked[] = visitorPages(options.detailId)
    .map(({ page, url }) => ({
      key: `visitor: ${page}`,
      url,
      headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
    }))
    .filter(({ key, url }) => pageChosen(options.only, key, url));
  if (options.accounts) {
    const cookies: Record<string, string> = {};
    for (const [role, email] of Object.entries(options.accounts)) {
      cookies[role] = await signIn(server.baseURL, email);
    }
    const inbox = await get(agent, `${server.baseURL}/dashboard/conversations`, {
      cookie: cookies.buyer!,
    });
    if (inbox.status !== 200) throw new Error("The bench buyer's Messages did not answer 200.");
    const conversation = await longConversation(server.baseURL, cookies.buyer!);
    for (const { role, page, url } of signedInPages(options.detailId, conversation)) {
      if (!pageChosen(options.only, `${role}: ${page}`, url)) continue;
      asked.push({
        key: `${role}: ${page}`,
        url,
        headers: { cookie: cookies[role]!, "accept-encoding": BROWSER_ACCEPT_ENCODING },
      });
    }
  }
  // Every page is warmed before any is measured: V8 compiles the code they share while
  // the first pages run, and that was charged to whichever page came first (the home
  // page's V8 helper time was 3.9 ms a request against 1.2–2.3 for the others).
  const bytes = new Map<string, number>();
  const dictionaryBytes = new Map<string, number>();
  const dictionary = await dictionaryHeaders(server.baseURL);
  for (const { key, url, headers } of asked) {
    for (let i = 0; i < WARM_UPS; i++) {
      const answer = await get(agent, `${server.baseURL}${url}`, headers);
      if (answer.status !== 200) throw new Error(`${app.label}: ${url} answered ${answer.status}`);
    }
    const brotli = await get(agent, `${server.baseURL}${url}`, {
      ...headers,
      "accept-encoding": "br",
    });
    bytes.set(key, brotli.bytes);
    if (dictionary) {
      const answer = await get(agent, `${server.baseURL}${url}`, { ...headers, ...dictionary });
      dictionaryBytes.set(key, answer.bytes);
    }
  }
  return { server, agent, asked, bytes, dictionaryBytes, spent: new Map(), copy };
}

/** Asks one page `requests` times over the kept-alive connections, adding up its CPU time. */
async function askPage(running: Running, page: Asked, requests: number, connections: number) {
  const { server, agent } = running;
  const before = cpuMs(server.pid);
  const threadsBefore = threadCpuMs(server.pid);
  await askTimes(requests, connections, () =>
    get(agent, `${server.baseURL}${page.url}`, page.headers),
  );
  const after = cpuMs(server.pid);
  const threadsAfter = threadCpuMs(server.pid);
  if (before === null || after === null) throw new Error("The server's CPU time is unreadable.");
  const spent = running.spent.get(page.key);
  // The threads' CPU time over this turn (null once any turn could not read it).
  const turn = perRequest(threadsBefore, threadsAfter, 1);
  const threads = spent?.threads === null || !turn ? null : turn;
  running.spent.set(page.key, {
    cpuMs: (spent?.cpuMs ?? 0) + (after - before),
    threads: threads && eachThreadPart((part) => (spent?.threads?.[part] ?? 0) + threads[part]),
    requests: (spent?.requests ?? 0) + requests,
  });
}

/** A build's cost per page and its memory: after the pages, and after IDLE_MS idle. */
function costOf(running: Running, memory: { rss: number | null; rssIdle: number | null }) {
  const pages = new Map<string, PageCost>();
  for (const { key } of running.asked) {
    const spent = running.spent.get(key)!;
    pages.set(key, {
      cpuMs: spent.cpuMs / spent.requests,
      bytes: running.bytes.get(key)!,
      dictionaryBytes: running.dictionaryBytes.get(key) ?? null,
      threads: spent.threads
        ? eachThreadPart((part) => spent.threads![part] / spent.requests)
        : null,
    });
  }
  return { pages, ...memory };
}

/** Each thread group's CPU time between two readings, per request. */
function perRequest(
  before: ThreadCpu | null,
  after: ThreadCpu | null,
  requests: number,
): ThreadCpu | null {
  if (!before || !after) return null;
  return eachThreadPart((part) => (after[part] - before[part]) / requests);
}

/** "main 8.8 · db 6.1 · V8 2.9 · libuv 0.8": where a request's CPU time went. */
function threadSplit(threads: ThreadCpu | null): string {
  if (!threads) return "?";
  const ms = (value: number) => value.toFixed(1);
  return `main ${ms(threads.main)} · db ${ms(threads.database)} · V8 ${ms(threads.v8)} · libuv ${ms(threads.libuv)}`;
}

async function longConversation(baseURL: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseURL}/dashboard/conversations`, { headers: { cookie } });
  const path = /\/dashboard\/conversations\/\d+/.exec(await response.text())?.[0];
  if (!path) throw new Error("The bench buyer has no conversation: is the bench data old?");
  return path;
}

/**
 * Every build in `apps`, running side by side, each page asked of them in turn: `rounds`
 * turns of `requests / rounds` requests each, the first build first in odd turns and last
 * in even ones. The VM drifts by a fifth over minutes; builds measured one after the other
 * carried that drift into their ratio, builds taking turns every few hundred milliseconds
 * share it. Then a table per page: the CPU milliseconds per request and the page's brotli
 * bytes for each build, and the first build's CPU as a share of each other's.
 */
export async function measureRenderCost(apps: App[], options: MeasureOptions) {
  const running: Running[] = [];
  let costs: AppCost[];
  try {
    for (const app of apps) running.push(await startApp(app, options, apps.length > 1));
    const perTurn = Math.max(1, Math.round(options.requests / options.rounds));
    for (let round = 0; round < options.rounds; round++) {
      for (const index of running[0]!.asked.keys()) {
        const order = round % 2 === 0 ? running : [...running].reverse();
        for (const one of order) {
          await askPage(one, one.asked[index]!, perTurn, options.connections);
        }
      }
    }
    // Right after the load, the JavaScript heaps hold the pages' garbage; V8 gives most of
    // it back once the process is idle. Both figures are what an operator plans for.
    const rss = running.map((one) => rssBytes(one.server.pid));
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    costs = running.map((one, k) =>
      costOf(one, { rss: rss[k] ?? null, rssIdle: rssBytes(one.server.pid) }),
    );
  } finally {
    for (const one of running) {
      one.agent.destroy();
      await one.server.stop();
      if (one.copy) fs.rmSync(one.copy, { recursive: true, force: true });
    }
  }
  const [first, ...others] = costs;
  const rows = [...first!.pages.keys()].map((key) => {
    const row: Record<string, string | number> = { page: key };
    costs.forEach((cost, k) => {
      const page = cost.pages.get(key)!;
      row[`${apps[k]!.label} CPU ms/req`] = Number(page.cpuMs.toFixed(1));
      row[`${apps[k]!.label} by thread`] = threadSplit(page.threads);
      row[`${apps[k]!.label} br KiB`] = kib(page.bytes);
      row[`${apps[k]!.label} dict KiB`] =
        page.dictionaryBytes === null ? "none" : kib(page.dictionaryBytes);
    });
    others.forEach((cost, k) => {
      const page = cost.pages.get(key)!;
      const base = first!.pages.get(key)!;
      row[`CPU ${apps[0]!.label}/${apps[k + 1]!.label}`] = Number(
        (base.cpuMs / page.cpuMs).toFixed(2),
      );
    });
    return row;
  });
  const megabytes = (bytes: number | null) => (bytes === null ? "?" : mb(bytes));
  const memory = costs.map(
    (cost, k) =>
      `${apps[k]!.label} ${megabytes(cost.rss)} (${megabytes(cost.rssIdle)} after ${IDLE_MS / 1000} s idle)`,
  );
  return { rows, memory: `RSS of the server after its pages: ${memory.join(", ")}` };
}
