// What a page costs to render (issue 29), for `npm run bench -- --render-cost`: every page
// with the page cache off (PAGE_CACHE_MB=0), so each answer is rendered anew, as a visitor
// who wanders over thousands of cars and searches (and every signed-in person) gets it.
// Per page: the server's CPU time per request (every thread of its process, from /proc),
// and the bytes of the page itself with `Accept-Encoding: br`, which is what a returning
// visitor downloads for a second page (stylesheets and scripts are hashed files the browser
// keeps); and with the page dictionary a Chromium browser holds after its first page
// (decision 025: `Available-Dictionary`, dcz), the bytes that browser downloads instead.
// With `--against DIR`, the build in DIR is measured the same way on the same data,
// one after the other, and each figure is shown beside its ratio to it.
import { createHash } from "node:crypto";
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

import { kib, mb } from "./bench-load.ts";
import { signIn, signedInPages, type SignedInAccounts } from "./bench-signed-in.ts";

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

/** A GET over a kept-alive connection: the status and the body's bytes as sent. */
function get(agent: http.Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
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

/**
 * One build: started on `dataDir` with the page cache off; every page warmed (WARM_UPS
 * requests each), then each asked `requests` times over `connections` kept-alive
 * connections; the server's CPU time over those requests, divided by their number.
 */
async function measureApp(
  app: App,
  options: {
    dataDir: string;
    env: Record<string, string>;
    ports?: PortRange;
    detailId: number;
    accounts: SignedInAccounts | null;
    requests: number;
    connections: number;
    /** Read the memory after the pages and again after IDLE_MS idle (the last round only). */
    memory: boolean;
  },
): Promise<AppCost> {
  const server = await startProductionServer({
    appDir: app.appDir,
    dataDir: app.dataDir ?? options.dataDir,
    env: { ...options.env, PAGE_CACHE_MB: "0" },
    ports: options.ports,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const pages = new Map<string, PageCost>();
  try {
    const asked: { key: string; url: string; headers: Record<string, string> }[] = visitorPages(
      options.detailId,
    ).map(({ page, url }) => ({
      key: `visitor: ${page}`,
      url,
      headers: { "accept-encoding": "br" },
    }));
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
        asked.push({
          key: `${role}: ${page}`,
          url,
          headers: { cookie: cookies[role]!, "accept-encoding": "br" },
        });
      }
    }
    // Every page is warmed before any is measured: V8 compiles the code they share while
    // the first pages run, and that was charged to whichever page came first (the home
    // page's V8 helper time was 3.9 ms a request against 1.2–2.3 for the others).
    const bytesOf = new Map<string, number>();
    const dictionaryBytesOf = new Map<string, number>();
    const dictionary = await dictionaryHeaders(server.baseURL);
    for (const { key, url, headers } of asked) {
      for (let i = 0; i < WARM_UPS; i++) {
        const answer = await get(agent, `${server.baseURL}${url}`, headers);
        if (answer.status !== 200)
          throw new Error(`${app.label}: ${url} answered ${answer.status}`);
        bytesOf.set(key, answer.bytes);
      }
      if (dictionary) {
        const answer = await get(agent, `${server.baseURL}${url}`, { ...headers, ...dictionary });
        dictionaryBytesOf.set(key, answer.bytes);
      }
    }
    for (const { key, url, headers } of asked) {
      const bytes = bytesOf.get(key)!;
      const before = cpuMs(server.pid);
      const threadsBefore = threadCpuMs(server.pid);
      let next = 0;
      await Promise.all(
        Array.from({ length: options.connections }, async () => {
          while (next < options.requests) {
            next++;
            await get(agent, `${server.baseURL}${url}`, headers);
          }
        }),
      );
      const after = cpuMs(server.pid);
      const threadsAfter = threadCpuMs(server.pid);
      if (before === null || after === null)
        throw new Error("The server's CPU time is unreadable.");
      pages.set(key, {
        cpuMs: (after - before) / options.requests,
        bytes,
        dictionaryBytes: dictionaryBytesOf.get(key) ?? null,
        threads: perRequest(threadsBefore, threadsAfter, options.requests),
      });
    }
    // Right after the load, the JavaScript heaps hold the pages' garbage; V8 gives most of
    // it back once the process is idle. Both figures are what an operator plans for.
    if (!options.memory) return { pages, rss: null, rssIdle: null };
    const rss = rssBytes(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { pages, rss, rssIdle: rssBytes(server.pid) };
  } finally {
    agent.destroy();
    await server.stop();
  }
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

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Several rounds of one build as one: each page's median CPU, per thread too; the last memory. */
function medianCost(rounds: AppCost[]): AppCost {
  const last = rounds.at(-1)!;
  const pages = new Map<string, PageCost>();
  for (const [key, page] of last.pages) {
    const all = rounds.map((round) => round.pages.get(key)!);
    const threads = all.map((one) => one.threads);
    pages.set(key, {
      cpuMs: median(all.map((one) => one.cpuMs)),
      bytes: page.bytes,
      dictionaryBytes: page.dictionaryBytes,
      threads: threads.includes(null)
        ? null
        : eachThreadPart((part) => median(threads.map((one) => one![part]))),
    });
  }
  return { pages, rss: last.rss, rssIdle: last.rssIdle };
}

/**
 * Every build in `apps`, one after the other on the same data, `rounds` times in turn (A B
 * A B …: the machine drifts by a fifth over minutes, and a build measured only first or
 * only last would carry that drift), and a table per page: the median CPU milliseconds
 * per request and the page's brotli bytes for each, and the first build's figures as a
 * share of each other's.
 */
export async function measureRenderCost(
  apps: App[],
  options: Omit<Parameters<typeof measureApp>[1], "memory"> & { rounds: number },
) {
  const runs: AppCost[][] = apps.map(() => []);
  for (let round = 1; round <= options.rounds; round++) {
    for (const [k, app] of apps.entries()) {
      runs[k]!.push(await measureApp(app, { ...options, memory: round === options.rounds }));
    }
  }
  const costs = runs.map(medianCost);
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
