// `npm run test:crash [-- --database pglite|postgres|both]`: crash safety. Starts the
// production server on a fresh database, sends 1,000 writes that must be
// acknowledged (publish a car with a photo, contact a seller, cancel the request)
// from a few concurrent clients while a killer SIGKILLs the server at random
// moments and restarts it; clients retry what was not acknowledged once it is
// back. Buyers start unverified and all but one confirm their address (the link in
// the outbox) mid-run, so held emails are written, released and swept across kills.
// Then, with the server stopped, it reads the database, the media folder and the
// outbox: every acknowledged write must be there, and nothing half-written may exist
// (a car without photos, a photo row whose file is missing, a request pointing at a
// missing car or person). Each request's emails are held or sent, never twice, and
// nothing goes to an unverified address on its owner's behalf. Files no row uses are
// counted as orphans (allowed).
//
// PostgreSQL: `--database postgres` with TEST_DATABASE_URL (a server where that user
// may create databases); the run creates its own database and drops it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import sharp from "sharp";

import type { Query } from "#scripts/ops/lib/fingerprint.ts";
import { readOutbox, type OutboxMail } from "./lib/outbox.ts";
import { freePort } from "#scripts/dev/production-server.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    writes: { type: "string", default: "1000" },
    publishes: { type: "string", default: "20" },
    sellers: { type: "string", default: "2" },
    buyers: { type: "string", default: "3" },
    "kill-min": { type: "string", default: "1" },
    "kill-max": { type: "string", default: "4" },
    seed: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

const numberArg = (name: keyof typeof args, min: number) => {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < min) {
    console.error(`--${name} must be a number of at least ${min}`);
    process.exit(2);
  }
  return value;
};

const TOTAL_WRITES = numberArg("writes", 3);
const PUBLISHES = Math.min(numberArg("publishes", 1), TOTAL_WRITES - 2);
const SELLERS = numberArg("sellers", 1);
const BUYERS = numberArg("buyers", 1);
const KILL_MIN_MS = numberArg("kill-min", 0.1) * 1000;
const KILL_MAX_MS = Math.max(KILL_MIN_MS, numberArg("kill-max", 0.1) * 1000);
/** Requests a buyer places before reading My Orders once and cancelling them. */
const BATCH = 10;
const SEED = args.seed ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const kinds =
  args.database === "both"
    ? (["pglite", "postgres"] as const)
    : args.database === "pglite" || args.database === "postgres"
      ? ([args.database] as const)
      : null;
if (!kinds) {
  console.error('--database must be "pglite", "postgres" or "both"');
  process.exit(2);
}

/** A small seeded generator, so a run can be repeated with --seed. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

// ── The server under test ───────────────────────────────────────────────────

/** The production server, killed and restarted on the same port and data. */
class ServerUnderTest {
  readonly url: string;
  up = false;
  kills = 0;
  restarts = 0;
  readonly readyMs: number[] = [];
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private waiters: (() => void)[] = [];
  private output = "";
  private readonly env: NodeJS.ProcessEnv;
  private readonly log: fs.WriteStream;

  constructor(port: number, env: NodeJS.ProcessEnv, log: fs.WriteStream) {
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.log = log;
  }

  /** Starts the server and waits until /readyz answers; fails if it exits first. */
  async start(): Promise<void> {
    this.output = "";
    const child = spawn(process.execPath, ["server/index.ts"], {
      cwd: root,
      env: this.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk: Buffer) => {
        this.log.write(chunk);
        this.output = (this.output + chunk.toString()).slice(-4000);
      });
    }
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server exited while starting:\n${this.output}`);
      }
      if (Date.now() > deadline)
        throw new Error(`The server did not become ready:\n${this.output}`);
      const ready = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(
        () => null,
      );
      if (ready?.ok) break;
      await ready?.body?.cancel();
      await sleep(20);
    }
    this.up = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** SIGKILL, then start again; records how long until it was ready. */
  async crashAndRestart(): Promise<void> {
    const killedAt = performance.now();
    this.up = false;
    this.child?.kill("SIGKILL");
    this.kills++;
    await this.exited;
    await this.start();
    this.restarts++;
    this.readyMs.push(performance.now() - killedAt);
  }

  /** Resolves once the server answers (at once when it is up). */
  whenUp(): Promise<void> {
    return this.up ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** For an interrupted run: no waiting. */
  killNow(): void {
    this.child?.kill("SIGKILL");
  }

  async stop(): Promise<void> {
    this.up = false;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
    }
    await this.exited;
  }
}

// ── Clients ─────────────────────────────────────────────────────────────────

/** An HTTP answer; `complete` is false when the body was cut off by a kill. */
type Answer = { status: number; location: string; body: string; complete: boolean };
type Verdict = "acknowledged" | "applied before" | "unexpected";
type WriteKind = "publish" | "order" | "cancel" | "verify";

type Stats = {
  acknowledged: Record<WriteKind, number>;
  /** Writes whose retry found them already applied (the answer was lost in a crash). */
  appliedUnacknowledged: Record<WriteKind, number>;
  retries: number;
  unexpected: string[];
  /** Milliseconds per answered request, by what it was. */
  latency: Record<WriteKind | "page", number[]>;
};

type Ledger = {
  publishes: string[];
  orders: string[];
  cancels: number[];
  /** Buyers' addresses, and whether each confirmed it (acknowledged). */
  buyers: { email: string; verified: boolean }[];
};

class Client {
  private readonly server: ServerUnderTest;
  private readonly cookie: string;
  private readonly stats: Stats;

  constructor(server: ServerUnderTest, cookie: string, stats: Stats) {
    this.server = server;
    this.cookie = cookie;
    this.stats = stats;
  }

  /** One HTTP exchange; null when the connection died (the server was killed). */
  private async exchange(pathname: string, init: RequestInit = {}): Promise<Answer | null> {
    let response: Response;
    try {
      response = await fetch(`${this.server.url}${pathname}`, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string>), Cookie: this.cookie },
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      return null;
    }
    // The status line is the server's answer; the rest of the body may be cut off.
    let body = "";
    let complete = true;
    try {
      body = await response.text();
    } catch {
      complete = false;
    }
    return {
      status: response.status,
      location: response.headers.get("location") ?? "",
      body,
      complete,
    };
  }

  /** A page, retried across restarts until it answers 200. */
  async page(pathname: string): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      await this.server.whenUp();
      const sent = performance.now();
      const answer = await this.exchange(pathname);
      if (answer?.status === 200 && answer.complete) {
        this.stats.latency.page.push(performance.now() - sent);
        return answer.body;
      }
      if (answer?.complete) this.stats.unexpected.push(`GET ${pathname} answered ${answer.status}`);
      await sleep(50);
    }
    throw new Error(`GET ${pathname} never answered 200`);
  }

  /**
   * Sends a write until the server acknowledges it (its success redirect), or a
   * retry shows the earlier attempt was applied before its answer was lost.
   */
  async write(
    kind: WriteKind,
    pathname: string,
    body: (() => BodyInit) | null,
    judge: (answer: Answer, retried: boolean) => Verdict,
  ): Promise<"acknowledged" | "applied before"> {
    let retried = false;
    for (let attempt = 0; attempt < 200; attempt++) {
      await this.server.whenUp();
      const sent = performance.now();
      // A GET write is a link that changes something (the email confirmation).
      const answer = await this.exchange(
        pathname,
        body ? { method: "POST", body: body() } : { method: "GET" },
      );
      if (answer?.complete) this.stats.latency[kind].push(performance.now() - sent);
      if (!answer) {
        // No answer: the server died under the request. Try again once it is back.
        this.stats.retries++;
        retried = true;
        await sleep(20);
        continue;
      }
      const verdict = judge(answer, retried);
      if (verdict !== "acknowledged" && !answer.complete) {
        // A refusal cut off mid-body: read it again after the restart.
        this.stats.retries++;
        retried = true;
        continue;
      }
      if (verdict === "acknowledged") {
        this.stats.acknowledged[kind]++;
        return verdict;
      }
      if (verdict === "applied before") {
        this.stats.appliedUnacknowledged[kind]++;
        return verdict;
      }
      this.stats.unexpected.push(
        `${kind} ${pathname} answered ${answer.status} ${answer.location} ${answer.body.slice(0, 200)}`,
      );
      if (this.stats.unexpected.length > 20) throw new Error(this.stats.unexpected.join("\n"));
      retried = true;
      await sleep(100);
    }
    throw new Error(`${kind} ${pathname} was never acknowledged`);
  }
}

const redirectTo = (answer: Answer, pathname: string) =>
  answer.status >= 300 &&
  answer.status < 400 &&
  new URL(answer.location, "http://x").pathname === pathname;

/** The table row (of a dashboard list) that mentions `text`. */
function rowWith(html: string, text: string): string | null {
  for (const row of html.split(/<tr[\s>]/).slice(1)) {
    const end = row.indexOf("</tr>");
    const cells = end === -1 ? row : row.slice(0, end);
    if (cells.includes(text)) return cells;
  }
  return null;
}

/** A small photo-like JPEG, different for each n. */
async function photo(n: number): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  let state = (n * 2654435761 + 7) >>> 0 || 1;
  for (let i = 0; i < pixels.length; i += 3) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const noise = (state & 0x3f) - 32;
    pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + noise));
    pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
    pixels[i + 2] = Math.max(0, Math.min(255, (n * 37) % 256));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Registers an account through the real form and returns its session cookie. */
async function register(
  server: ServerUnderTest,
  email: string,
  accountType: "seller" | "buyer",
  picture: Buffer,
): Promise<string> {
  const form = new FormData();
  form.append("name", accountType === "seller" ? "Crash Seller" : "Crash Buyer");
  form.append("email", email);
  form.append("password", "crash-test-password-1");
  form.append("accountType", accountType);
  form.append("image", new File([new Uint8Array(picture)], "me.jpg", { type: "image/jpeg" }));
  const response = await fetch(`${server.url}/register`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== 302 && response.status !== 303) {
    throw new Error(`Registering ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !/toast/i.test(pair.split("=")[0]!))
    .join("; ");
  if (!cookie) throw new Error(`Registering ${email} set no session cookie`);
  return cookie;
}

// ── One run ─────────────────────────────────────────────────────────────────

/** The server of the run in progress, stopped if this script is interrupted. */
let running: ServerUnderTest | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    running?.killNow();
    process.exit(130);
  });
}

type RunResult = {
  kind: "pglite" | "postgres";
  seconds: number;
  stats: Stats;
  kills: number;
  restarts: number;
  readyMs: number[];
  violations: string[];
  orphans: number;
  partialFiles: number;
  duplicatePublishes: number;
  rows: { listings: number; photos: number; orders: number };
  mail: { copies: number; sellerMails: number; held: number };
};

async function runOnce(kind: "pglite" | "postgres", runDir: string): Promise<RunResult> {
  const rng = generator(SEED + (kind === "postgres" ? 1 : 0));
  const dataDir = path.join(runDir, kind);
  await fsp.mkdir(dataDir, { recursive: true });
  const log = fs.createWriteStream(path.join(runDir, `${kind}-server.log`));
  let databaseUrl = "";
  let dropDatabase = async () => {};
  let launched: ServerUnderTest | null = null;
  if (kind === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("--database postgres needs TEST_DATABASE_URL.");
    const name = `carlot_crash_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  try {
    const port = await freePort();
    const server = new ServerUnderTest(
      port,
      {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: "",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: kind === "postgres" ? "crash-test-secret-0123456789abcdef0123" : "",
        SEED_DEMO: "false",
        // Three buyers place hundreds of requests a minute here.
        CONTACT_REQUEST_LIMITS: "false",
        LOG_LEVEL: "warn",
        SMTP_URL: "",
      },
      log,
    );
    running = launched = server;
    const started = performance.now();
    await server.start();

    const stats: Stats = {
      acknowledged: { publish: 0, order: 0, cancel: 0, verify: 0 },
      appliedUnacknowledged: { publish: 0, order: 0, cancel: 0, verify: 0 },
      retries: 0,
      unexpected: [],
      latency: { publish: [], order: [], cancel: [], verify: [], page: [] },
    };
    const ledger: Ledger = { publishes: [], orders: [], cancels: [], buyers: [] };
    const runId = randomUUID().slice(0, 8);
    const avatar = await photo(999_999);
    const sellers = await Promise.all(
      Array.from({ length: SELLERS }, async (_, i) => {
        const cookie = await register(
          server,
          `seller${i}-${runId}@crash.example`,
          "seller",
          avatar,
        );
        return new Client(server, cookie, stats);
      }),
    );
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const email = `buyer${i}-${runId}@crash.example`;
        const cookie = await register(server, email, "buyer", avatar);
        ledger.buyers[i] = { email, verified: false };
        return new Client(server, cookie, stats);
      }),
    );

    // Work: PUBLISHES cars, and order + cancel cycles for the rest. Each write claims
    // one unit of the budget first; one whose retry found it already applied (so it
    // was never acknowledged) gives its unit back, so that exactly TOTAL_WRITES are
    // acknowledged in the end.
    const cars: { id: number; title: string }[] = [];
    let publishIndex = 0;
    let cycleIndex = 0;
    const budget = { remaining: TOTAL_WRITES - PUBLISHES, inFlight: 0 };
    const claim = async (): Promise<boolean> => {
      for (;;) {
        if (budget.remaining > 0) {
          budget.remaining--;
          budget.inFlight++;
          return true;
        }
        if (budget.inFlight === 0) return false;
        await sleep(20);
      }
    };
    const settle = (outcome: "acknowledged" | "applied before") => {
      budget.inFlight--;
      if (outcome === "applied before") budget.remaining++;
      return outcome;
    };
    let finished = 0;
    const workers = sellers.length + buyers.length;

    const sellerLoop = async (client: Client) => {
      while (publishIndex < PUBLISHES) {
        const n = publishIndex++;
        const marker = `crash-${runId}-car-${n}`;
        const picture = await photo(n);
        // The form's one-time token, as the page gives it: every retry sends the same one.
        const sellPage = await client.page("/dashboard/sellCar");
        const token = /name="formToken" value="([^"]+)"/.exec(sellPage)?.[1];
        if (!token) throw new Error("the sell page has no form token");
        await client.write(
          "publish",
          "/dashboard/sellCar",
          () => {
            const form = new FormData();
            for (const [field, value] of Object.entries({
              carName: `${marker} Honda Civic`,
              category: "sedan",
              details: "Crash-test car: one owner, full service history.",
              location: "Denver, CO",
              yearsUsed: "5",
              originalPrice: "24000",
              resalePrice: String(10_000 + n),
              make: "Honda",
              model: "Civic",
              year: "2018",
              mileage: "62000",
              mileageUnit: "km",
            })) {
              form.append(field, value);
            }
            form.append("formToken", token);
            form.append(
              "photos",
              new File([new Uint8Array(picture)], `car-${n}.jpg`, { type: "image/jpeg" }),
            );
            return form;
          },
          (answer) => (redirectTo(answer, "/dashboard/myProducts") ? "acknowledged" : "unexpected"),
        );
        // A publish whose answer was lost is sent again with the same token until
        // acknowledged: a stored first attempt answers the same redirect, and no second
        // car is made (a duplicate is a violation).
        ledger.publishes.push(marker);
        const html = await client.page("/dashboard/myProducts");
        const row = rowWith(html, marker);
        const id = row && /productDetails\/(\d+)/.exec(row)?.[1];
        if (!id) throw new Error(`${marker} is not in My Products after it was acknowledged`);
        cars.push({ id: Number(id), title: `${marker} Honda Civic` });
      }
      finished++;
    };

    // A buyer contacts the sellers of up to BATCH different cars, reads its My Orders
    // once for the requests' ids, and cancels them all (one page read per batch). The
    // first batch stays open (their emails must be held or sent at the end); after
    // it, every buyer but the last confirms its address.
    const buyerLoop = async (client: Client, b: number) => {
      while (cars.length === 0) await sleep(50);
      const keptOpen = new Set<number>();
      for (let round = 0; ; round++) {
        const batch = new Map<number, { id: number; title: string }>();
        for (let tries = 0; tries < BATCH * 4 && batch.size < BATCH; tries++) {
          const car = cars[Math.floor(rng() * cars.length)]!;
          if (!keptOpen.has(car.id)) batch.set(car.id, car);
        }
        if (batch.size === 0) {
          // Every car so far has one of this buyer's open requests: wait for more.
          if (cars.length >= PUBLISHES) break;
          await sleep(50);
          continue;
        }
        const placed: { title: string; marker: string }[] = [];
        for (const car of batch.values()) {
          if (!(await claim())) break;
          const marker = `crash-${runId}-order-${cycleIndex++}`;
          const listingPage = `/dashboard/productDetails/${car.id}`;
          const outcome = settle(
            await client.write(
              "order",
              listingPage,
              () =>
                new URLSearchParams({
                  intent: "order",
                  buyerName: `Crash Buyer ${b}`,
                  meetingLocation: `${marker} at the library car park`,
                  buyerPhone: "+1 512 555 0142",
                }),
              (answer, retried) => {
                if (redirectTo(answer, listingPage)) return "acknowledged";
                // The lost attempt was stored: this buyer has already asked about the car.
                if (retried && answer.status === 409 && answer.body.includes("already contacted"))
                  return "applied before";
                return "unexpected";
              },
            ),
          );
          if (outcome === "acknowledged") ledger.orders.push(marker);
          if (round === 0) keptOpen.add(car.id);
          else placed.push({ title: car.title, marker });
        }
        if (round === 0 && b < BUYERS - 1) await confirmAddress(client, b);
        if (round > 0 && placed.length === 0) break;
        if (placed.length === 0) continue;
        const html = await client.page("/dashboard/myorders");
        for (const { title, marker } of placed) {
          if (!(await claim())) break;
          const row = rowWith(html, title);
          const id = row && /name="id" value="(\d+)"/.exec(row)?.[1];
          if (!id) throw new Error(`The request ${marker} is not in My Orders`);
          const outcome = settle(
            await client.write(
              "cancel",
              "/dashboard/myorders",
              () => new URLSearchParams({ intent: "cancel", id }),
              (answer, retried) => {
                if (redirectTo(answer, "/dashboard/myorders")) return "acknowledged";
                // Cancelled before the crash: no longer one of the buyer's requests.
                if (retried && answer.status === 404) return "applied before";
                return "unexpected";
              },
            ),
          );
          if (outcome === "acknowledged") ledger.cancels.push(Number(id));
        }
      }
      finished++;
    };

    // Opens the confirmation link from the buyer's registration email (a GET that
    // changes something, retried across kills like every write).
    const confirmAddress = async (client: Client, b: number) => {
      const buyer = ledger.buyers[b]!;
      const welcome = (await readOutbox(path.join(dataDir, "outbox"))).find(
        (mail) => mail.to === buyer.email && mail.body.includes("/verify-email?token="),
      );
      const token = welcome && /\/verify-email\?token=([\w.%-]+)/.exec(welcome.body)?.[1];
      if (!token) throw new Error(`No confirmation link was sent to ${buyer.email}`);
      await client.write("verify", `/verify-email?token=${token}`, null, (answer, retried) => {
        const result = new URL(answer.location || "/", "http://x").searchParams.get("result");
        if (answer.status === 302 && result === "verified") return "acknowledged";
        // Confirmed before the crash cut off the answer.
        if (retried && answer.status === 302 && result === "used") return "applied before";
        return "unexpected";
      });
      buyer.verified = true;
    };

    // Kills at a random moment 1–4 s (--kill-min/--kill-max) after the server is ready,
    // but not before it has acknowledged a write since it came back: on a starved
    // machine a restarted server may not finish anything in its first seconds, and
    // killing it again then would only repeat the restart without testing anything.
    const acknowledgedSoFar = () =>
      stats.acknowledged.publish + stats.acknowledged.order + stats.acknowledged.cancel;
    const killer = async () => {
      while (finished < workers) {
        const before = acknowledgedSoFar();
        const wait = KILL_MIN_MS + rng() * (KILL_MAX_MS - KILL_MIN_MS);
        const until = performance.now() + wait;
        while ((performance.now() < until || acknowledgedSoFar() === before) && finished < workers)
          await sleep(10);
        if (finished >= workers) break;
        await server.crashAndRestart();
      }
    };

    const progress = setInterval(() => {
      const a = stats.acknowledged;
      process.stdout.write(
        `  ${kind}: ${a.publish + a.order + a.cancel} acknowledged, ${server.kills} kills\n`,
      );
    }, 15_000);
    try {
      await Promise.all([
        ...sellers.map((client) => sellerLoop(client)),
        ...buyers.map((client, b) => buyerLoop(client, b)),
        killer(),
      ]);
    } finally {
      clearInterval(progress);
    }
    // One last crash with nothing in flight, then a clean stop: what a restart finds
    // is what the check reads.
    await server.crashAndRestart();
    await server.stop();
    const seconds = (performance.now() - started) / 1000;
    log.end();

    const check = await verify(kind, dataDir, databaseUrl, ledger);
    return {
      kind,
      seconds,
      stats,
      kills: server.kills,
      restarts: server.restarts,
      readyMs: server.readyMs,
      ...check,
    };
  } finally {
    await launched?.stop();
    running = null;
    await dropDatabase();
  }
}

// ── The check ───────────────────────────────────────────────────────────────

async function withDatabase<T>(
  kind: "pglite" | "postgres",
  dataDir: string,
  databaseUrl: string,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  if (kind === "pglite") {
    const client = await PGlite.create(path.join(dataDir, "pg"));
    try {
      return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

async function mediaFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    );
}

async function verify(
  kind: "pglite" | "postgres",
  dataDir: string,
  databaseUrl: string,
  ledger: Ledger,
) {
  const violations: string[] = [];
  const files = new Set(await mediaFiles(path.join(dataDir, "media")));
  const result = await withDatabase(kind, dataDir, databaseUrl, async (query) => {
    const listings = (await query(
      `select l.id, l.title, count(p.id)::int as photos
         from listing l left join listing_photo p on p.listing_id = l.id
        group by l.id, l.title`,
    )) as { id: number; title: string; photos: number }[];
    const photos = (await query(
      `select id, listing_id, small_key, medium_key, large_key,
              avif_small_key, avif_medium_key, avif_large_key from listing_photo`,
    )) as Record<string, string | number | null>[];
    const orders = (await query(
      `select o.id, o.status, o.meeting_location, o.listing_id,
              (l.id is not null) as listing_exists, (u.id is not null) as buyer_exists
         from "order" o
         left join listing l on l.id = o.listing_id
         left join "user" u on u.id = o.buyer_id`,
    )) as {
      id: number;
      status: string;
      meeting_location: string;
      listing_id: number | null;
      listing_exists: boolean;
      buyer_exists: boolean;
    }[];
    const pictures = (await query(
      `select image_key as key from category
       union all select substring(image from 8) from "user" where image like '/media/%'`,
    )) as { key: string }[];
    const people = (await query(`select id, email, email_verified as verified from "user"`)) as {
      id: string;
      email: string;
      verified: boolean;
    }[];
    const held = (await query(`select order_id, user_id from held_mail`)) as {
      order_id: number | null;
      user_id: string;
    }[];
    const notifications = (await query(
      `select buyer_id, listing_id, (sent_at is not null and digest_due_at is null) as immediate
         from seller_notification`,
    )) as { buyer_id: string; listing_id: number; immediate: boolean }[];
    const owners = (await query(`select id, buyer_id, seller_id from "order"`)) as {
      id: number;
      buyer_id: string;
      seller_id: string | null;
    }[];
    return { listings, photos, orders, pictures, people, held, notifications, owners };
  });
  const mail = await checkMail(ledger, result, await readOutbox(path.join(dataDir, "outbox")));
  violations.push(...mail.violations);

  // Nothing half-written.
  const referenced = new Set<string>();
  for (const car of result.listings) {
    if (car.photos === 0) violations.push(`listing ${car.id} (${car.title}) has no photos`);
  }
  for (const row of result.photos) {
    for (const column of [
      "small_key",
      "medium_key",
      "large_key",
      "avif_small_key",
      "avif_medium_key",
      "avif_large_key",
    ]) {
      const key = row[column];
      if (typeof key !== "string") continue;
      referenced.add(key);
      if (!files.has(key)) violations.push(`listing photo ${row.id}: file ${key} is missing`);
    }
  }
  for (const { key } of result.pictures) {
    referenced.add(key);
    if (!files.has(key)) violations.push(`picture ${key} is missing`);
  }
  for (const order of result.orders) {
    if (order.listing_id === null || !order.listing_exists)
      violations.push(`request ${order.id} points at a missing listing`);
    if (!order.buyer_exists) violations.push(`request ${order.id} points at a missing buyer`);
  }

  // Every acknowledged write is there.
  const titles = new Map<string, number>();
  for (const car of result.listings) {
    const marker = /^(crash-\S+-car-\d+) /.exec(car.title)?.[1];
    if (marker) titles.set(marker, (titles.get(marker) ?? 0) + 1);
  }
  for (const marker of ledger.publishes) {
    if (!titles.has(marker)) violations.push(`acknowledged publish ${marker} is missing`);
  }
  const duplicatePublishes = [...titles.values()].reduce((sum, count) => sum + count - 1, 0);
  if (duplicatePublishes > 0) {
    violations.push(`${duplicatePublishes} publishes were stored twice despite their form token`);
  }
  const byMarker = new Map(
    result.orders.map((order) => [order.meeting_location.split(" ")[0]!, order]),
  );
  for (const marker of ledger.orders) {
    if (!byMarker.has(marker)) violations.push(`acknowledged request ${marker} is missing`);
  }
  const byId = new Map(result.orders.map((order) => [Number(order.id), order]));
  for (const id of ledger.cancels) {
    const order = byId.get(id);
    if (!order) violations.push(`cancelled request ${id} is missing`);
    else if (order.status !== "cancelled")
      violations.push(`acknowledged cancel of request ${id} is lost (status ${order.status})`);
  }

  const orphanFiles = [...files].filter((file) => !referenced.has(file));
  return {
    violations,
    mail: { copies: mail.copies, sellerMails: mail.sellerMails, held: result.held.length },
    orphans: orphanFiles.filter((file) => !file.endsWith(".tmp")).length,
    partialFiles: orphanFiles.filter((file) => file.endsWith(".tmp")).length,
    duplicatePublishes,
    rows: {
      listings: result.listings.length,
      photos: result.photos.length,
      orders: result.orders.length,
    },
  };
}

/**
 * The emails contact requests cause, against the database after the run: each
 * request's copy to its buyer and email to its seller are held or sent, at most
 * once; nothing is sent on the behalf of an unverified buyer; a cancelled request
 * holds nothing; a seller hears at most once per buyer and car.
 */
function checkMail(
  ledger: Ledger,
  db: {
    orders: { id: number; status: string; meeting_location: string; listing_id: number | null }[];
    people: { id: string; email: string; verified: boolean }[];
    held: { order_id: number | null; user_id: string }[];
    notifications: { buyer_id: string; listing_id: number; immediate: boolean }[];
    owners: { id: number; buyer_id: string; seller_id: string | null }[];
  },
  outbox: OutboxMail[],
) {
  const violations: string[] = [];
  const markerOf = (text: string) => /(crash-\S+-order-\d+) at the library/.exec(text)?.[1];
  const tally = (mails: OutboxMail[]) => {
    const counts = new Map<string, number>();
    for (const mail of mails) {
      const marker = markerOf(mail.body);
      if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
    }
    return counts;
  };
  const copies = outbox.filter((mail) => mail.subject.startsWith("Your request for the "));
  const sellerMails = outbox.filter((mail) => / wants to see your /.test(mail.subject));
  const copiesOf = tally(copies);
  const sellerMailsOf = tally(sellerMails);
  for (const [marker, n] of [...copiesOf, ...sellerMailsOf]) {
    if (n > 1) violations.push(`request ${marker}: an email was sent ${n} times`);
  }

  const person = new Map(db.people.map((row) => [row.id, row]));
  const owner = new Map(db.owners.map((row) => [row.id, row]));
  for (const buyer of ledger.buyers) {
    const row = db.people.find((p) => p.email === buyer.email);
    if (buyer.verified && !row?.verified)
      violations.push(`acknowledged confirmation of ${buyer.email} is lost`);
    if (!row?.verified && copies.some((mail) => mail.to === buyer.email))
      violations.push(`an email went to the unverified ${buyer.email} on its behalf`);
  }
  const heldFor = (orderId: number, userId: string | null | undefined) =>
    db.held.filter((row) => row.order_id === orderId && row.user_id === userId).length;
  const immediate = new Set(
    db.notifications
      .filter((row) => row.immediate)
      .map((row) => `${row.buyer_id}/${row.listing_id}`),
  );
  const sellerMailsPerPair = new Map<string, number>();
  const firstOfPair = new Map<string, number>();
  for (const request of db.orders) {
    const who = owner.get(request.id);
    const pair = `${who?.buyer_id}/${request.listing_id}`;
    if (who) firstOfPair.set(pair, Math.min(firstOfPair.get(pair) ?? Infinity, request.id));
  }
  for (const request of db.orders) {
    const marker = request.meeting_location.split(" ")[0]!;
    const who = owner.get(request.id);
    if (!who) continue;
    const pair = `${who.buyer_id}/${request.listing_id}`;
    sellerMailsPerPair.set(
      pair,
      (sellerMailsPerPair.get(pair) ?? 0) + (sellerMailsOf.get(marker) ?? 0),
    );
    if (request.status === "cancelled") {
      if (db.held.some((row) => row.order_id === request.id))
        violations.push(`cancelled request ${marker} still holds an email`);
      continue;
    }
    if (request.status !== "open" || !ledger.orders.includes(marker)) continue;
    const buyerCopies = heldFor(request.id, who.buyer_id) + (copiesOf.get(marker) ?? 0);
    if (buyerCopies !== 1)
      violations.push(`open request ${marker}: ${buyerCopies} copies held or sent to its buyer`);
    if (!person.get(who.buyer_id)?.verified && heldFor(request.id, who.buyer_id) !== 1)
      violations.push(`open request ${marker}: its unverified buyer's copy is not held`);
    // The seller hears of a buyer's first request for a car (at once, or in a digest
    // past the hourly cap); of a request made again, not at all.
    const toSeller = heldFor(request.id, who.seller_id) + (sellerMailsOf.get(marker) ?? 0);
    const expected = firstOfPair.get(pair) === request.id && immediate.has(pair) ? 1 : 0;
    if (toSeller !== expected)
      violations.push(
        `open request ${marker}: ${toSeller} emails held or sent to its seller, expected ${expected}`,
      );
  }
  for (const [pair, n] of sellerMailsPerPair) {
    if (n > 1) violations.push(`a seller was emailed ${n} times about buyer/car ${pair}`);
  }
  return { violations, copies: copies.length, sellerMails: sellerMails.length };
}

// ── Main ────────────────────────────────────────────────────────────────────

function ensureBuild() {
  if (fs.existsSync(path.join(root, "build", "server", "index.js"))) return;
  console.log("No build found: running npm run build first.");
  const build = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    console.error("npm run build failed.");
    process.exit(1);
  }
}

function report(result: RunResult) {
  const a = result.stats.acknowledged;
  const u = result.stats.appliedUnacknowledged;
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    [
      ``,
      `Crash test on ${result.kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}: ${result.seconds.toFixed(1)} s`,
      `  writes acknowledged: ${a.publish + a.order + a.cancel} (publish ${a.publish}, order ${a.order}, cancel ${a.cancel}), and ${a.verify} email confirmations`,
      `  applied but not acknowledged (found on retry): publish ${u.publish}, order ${u.order}, cancel ${u.cancel}, confirmation ${u.verify}; retries ${result.stats.retries}`,
      `  emails: ${result.mail.copies} buyers' copies and ${result.mail.sellerMails} sellers' emails sent, ${result.mail.held} held at the end`,
      `  kills: ${result.kills}, restarts: ${result.restarts}, time to ready after a kill: p50 ${ms(percentile(result.readyMs, 50))}, max ${ms(Math.max(0, ...result.readyMs))}`,
      `  rows: ${result.rows.listings} listings, ${result.rows.photos} photos, ${result.rows.orders} requests; ` +
        `publishes stored twice by a retry: ${result.duplicatePublishes}`,
      `  orphan files (no row refers to them, allowed): ${result.orphans}; half-written files: ${result.partialFiles}`,
      `  answer times p50/p95: ` +
        (["publish", "order", "cancel", "page"] as const)
          .map(
            (what) =>
              `${what} ${ms(percentile(result.stats.latency[what], 50))}/${ms(percentile(result.stats.latency[what], 95))}`,
          )
          .join(", "),
      `  unexpected answers: ${result.stats.unexpected.length}`,
      `  violations: ${result.violations.length}`,
      ...result.stats.unexpected.slice(0, 10).map((line) => `    ! ${line}`),
      ...result.violations.slice(0, 20).map((line) => `    ✖ ${line}`),
    ].join("\n"),
  );
}

ensureBuild();
const runDir = await fsp.mkdtemp(path.join(os.tmpdir(), "carlot-crash-"));
console.log(
  `Crash test: ${TOTAL_WRITES} writes (${PUBLISHES} publishes), ${SELLERS} sellers and ${BUYERS} buyers, ` +
    `SIGKILL every ${KILL_MIN_MS / 1000}–${KILL_MAX_MS / 1000} s, seed ${SEED}. Data and server logs: ${runDir}`,
);
let failed = false;
for (const kind of kinds) {
  try {
    const result = await runOnce(kind, runDir);
    report(result);
    const { publish, order, cancel } = result.stats.acknowledged;
    const total = publish + order + cancel;
    if (result.violations.length > 0 || result.stats.unexpected.length > 0) failed = true;
    if (total !== TOTAL_WRITES) {
      console.error(`Expected ${TOTAL_WRITES} acknowledged writes, got ${total}.`);
      failed = true;
    }
  } catch (error) {
    failed = true;
    console.error(`\nCrash test on ${kind} could not finish: ${(error as Error).stack ?? error}`);
  }
}
if (failed || args.keep) {
  console.log(`\nKept for inspection: ${runDir}`);
} else {
  await fsp.rm(runDir, { recursive: true, force: true });
}
console.log(
  failed
    ? "\n✖ Crash test failed."
    : "\n✔ Crash test passed: no acknowledged write lost, nothing half-written.",
);
process.exit(failed ? 1 : 0);
