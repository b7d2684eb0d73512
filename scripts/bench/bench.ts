// `npm run bench [-- --listings 10000 --duration 10 --connections 10 --runs 100 …]`
// (all flags: docs/operations.md "Benchmarking"). Prints the targets of issue 11
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
//    Chromium: the framework chunk and our own code (≤ 15 kB gzip, issue 22).
//    `--skip-visitors` leaves this out.
// 4. Signed-in pages (`--signed-in`, on by default from 100,000 listings): a seller
//    with thousands of cars, a buyer with orders and saved cars, and an admin sign in
//    through /login; each of their pages is requested at a fixed 100 requests/s
//    (`--rate`). Target: p99 < 50 ms and 0 errors.
// The server runs from a copy of build/ taken under the build lock (`--build` builds
// first); `--ports 3500-3599` keeps every server it starts in that range.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { count, sql } from "drizzle-orm";

import { openDatabase, type Database, type Db } from "#app/db/client.server.ts";
import { category, listing } from "#app/db/schema.ts";
import { carPhotoSvg } from "#app/demo/artwork.server.ts";
import { DEMO_LISTINGS } from "#app/demo/data.ts";
import { ensureCategories, render } from "#app/demo/seed.server.ts";
import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";
import {
  findMakeModels,
  pageIds,
  rankedPageQuery,
  searchListings,
  searchOrder,
  searchWhere,
} from "#app/models/search.server.ts";
import { parseSearch } from "#app/models/search-parse.ts";
import { COUNT_CAP } from "#app/models/search.ts";
import { storePhoto, type StoredPhoto } from "#app/services/images.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";

import {
  kib,
  loadFull,
  mb,
  rawGet,
  verdict,
  type Measured,
  type RawResponse,
} from "./lib/bench-load.ts";
import {
  firstLoadRows,
  firstLoadSummary,
  measureFirstLoadJs,
  publicPages,
} from "./lib/first-load-js.ts";
import {
  ensureSignedInData,
  measureSignedIn,
  SIGNED_IN_P99_MS,
  type SignedInAccounts,
} from "./lib/bench-signed-in.ts";
import {
  IDLE_RSS_TARGET_BYTES,
  measureStart,
  snapshotApp,
  START_TARGET_MS,
} from "./lib/bench-start.ts";
import {
  freePort,
  parsePortRange,
  root,
  rssBytes,
  startProductionServer,
} from "#scripts/dev/production-server.ts";

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
  },
});
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

let listingCount = LISTINGS;
const keepData = values["data-dir"] !== undefined;
const dataDir = keepData
  ? path.resolve(values["data-dir"]!)
  : fs.mkdtempSync(path.join(os.tmpdir(), "carlot-bench-"));

// Makes and models the generated cars are spread over (search scenarios use them).
const MODELS: [string, string][] = [
  ["Toyota", "Corolla"],
  ["Toyota", "Camry"],
  ["Toyota", "RAV4"],
  ["Toyota", "Land Cruiser"],
  ["Honda", "Civic"],
  ["Honda", "Accord"],
  ["Honda", "CR-V"],
  ["Ford", "Mustang"],
  ["Ford", "F-150"],
  ["Ford", "Focus"],
  ["BMW", "320i"],
  ["BMW", "X5"],
  ["Audi", "A4"],
  ["Audi", "Q5"],
  ["Volkswagen", "Golf"],
  ["Volkswagen", "Passat"],
  ["Hyundai", "Tucson"],
  ["Hyundai", "Sonata"],
  ["Nissan", "Patrol"],
  ["Nissan", "Qashqai"],
  ["Chevrolet", "Camaro"],
  ["Jeep", "Wrangler"],
  ["Mazda", "CX-5"],
  ["Kia", "Sportage"],
  ["Citroën", "C4"],
  ["Škoda", "Octavia"],
  ["Mercedes-Benz", "C 200"],
  ["Subaru", "Outback"],
];
const CITIES = [
  "Austin, TX",
  "Dallas, TX",
  "Houston, TX",
  "Denver, CO",
  "Seattle, WA",
  "Portland, OR",
  "Chicago, IL",
  "Detroit, MI",
  "Miami, FL",
  "Atlanta, GA",
  "Phoenix, AZ",
  "Boston, MA",
  "San Diego, CA",
  "Las Vegas, NV",
  "Charlotte, NC",
  "Nashville, TN",
];

const sqlArray = (items: readonly string[]) =>
  `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(", ")}]::text[]`;

/** One seller per 50 cars (at least 50); the first is a dealer with a twentieth of all cars. */
const sellerCount = (listings: number) => Math.max(50, Math.round(listings / 50));

/**
 * The sellers: "Bench Seller n", bench.sellerN@example.com, every third verified,
 * Bench Seller 1 (the dealer) the newest account, so the admin's lists start with it.
 */
function insertSellersSql(count: number) {
  return `
insert into "user" (id, name, email, email_verified, role, verified, created_at, updated_at)
select gen_random_uuid()::text, 'Bench Seller ' || n, 'bench.seller' || n || '@example.com', true,
  'seller', n % 3 = 1, now() - n * interval '1 hour', now() - n * interval '1 hour'
from generate_series(1, ${count}) as n`;
}

/**
 * Listings n = from … to in one INSERT … SELECT generate_series: the database makes
 * the rows (and their search vectors) itself, so a million take minutes, not hours.
 * Each fact comes from its own hash of n (independent spreads; the same n always
 * gives the same car). A twentieth of the cars belong to the dealer (seller 1), the
 * rest are spread evenly over the other sellers.
 */
function insertListingsSql(from: number, to: number, sellers: number, categoryIds: number[]) {
  const descriptions = DEMO_LISTINGS.map((demo) => demo.description);
  return `
with bench_sellers as (
  select array_agg(id order by substring(email from 'bench\\.seller([0-9]+)@')::int) as ids
  from "user" where role = 'seller' and email like 'bench.seller%@example.com'
)
insert into listing (seller_id, category_id, title, description, location, years_used, quality,
  original_price, resale_price, status, advertised_at, make, model, year, mileage_km, fuel,
  transmission, colour, confirmed_at, created_at, updated_at)
select
  bench_sellers.ids[case when pick.h1 % 20 = 0 then 1 else 2 + pick.h1 % ${sellers - 1} end],
  (array[${categoryIds.join(", ")}]::int[])[1 + pick.h2 % ${categoryIds.length}],
  (${sqlArray(MODELS.map(([make]) => make))})[1 + m] || ' ' ||
    (${sqlArray(MODELS.map(([, model]) => model))})[1 + m] || ' #' || n,
  (${sqlArray(descriptions)})[1 + pick.h3 % ${descriptions.length}],
  (${sqlArray(CITIES)})[1 + pick.h4 % ${CITIES.length}],
  (1 + n % 10)::text,
  (${sqlArray(QUALITIES)})[1 + pick.h5 % ${QUALITIES.length}],
  price * 14 / 10,
  price,
  case when n % 5 = 0 then 'sold' else 'available' end,
  case when n % 40 = 1 then now() - n * interval '1 minute' end,
  (${sqlArray(MODELS.map(([make]) => make))})[1 + m],
  (${sqlArray(MODELS.map(([, model]) => model))})[1 + m],
  2000 + pick.h6 % 26,
  (pick.h7 % 300) * 1000 + n % 997,
  (${sqlArray(FUELS)})[1 + pick.h8 % ${FUELS.length}],
  (${sqlArray(TRANSMISSIONS)})[1 + pick.h9 % ${TRANSMISSIONS.length}],
  (array['White', 'Black', 'Silver', 'Red', 'Blue', 'Grey']::text[])[1 + pick.h1 % 6],
  now() - (n % 45) * interval '1 day',
  now() - n * interval '1 minute',
  now() - n * interval '1 minute'
from bench_sellers, generate_series(${from}, ${to}) as n,
  lateral (select ${Array.from({ length: 10 }, (_, k) => `abs(hashint8(n::bigint * 16 + ${k}) % 1000003)::int as h${k}`).join(", ")}) as pick,
  lateral (select pick.h0 % ${MODELS.length} as m, (2000 + ((pick.h0 / 29) % 600) * 100) * 100 as price) as car`;
}

/**
 * Seeds the listings (once) and, for the signed-in pages, the people, orders, saved
 * cars and reports (once). Returns the first listing's id and whom to sign in as.
 */
async function seed(): Promise<{ firstId: number; accounts: SignedInAccounts | null }> {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir });
  try {
    await database.migrate();
    const firstId = await seedListings(database);
    let accounts: SignedInAccounts | null = null;
    if (SIGNED_IN) {
      const prepared = await ensureSignedInData(database);
      accounts = prepared.accounts;
      if (prepared.seconds !== null) {
        console.log(
          `Added the signed-in people, orders, saved cars and reports in ${prepared.seconds.toFixed(1)} s.`,
        );
      }
    }
    return { firstId, accounts };
  } finally {
    await database.close();
  }
}

async function seedListings(database: Database): Promise<number> {
  const started = Date.now();
  const [existing] = await database.db
    .select({ id: listing.id })
    .from(listing)
    .orderBy(listing.id)
    .limit(1);
  if (existing) {
    const [total] = await database.db.select({ n: count() }).from(listing);
    listingCount = total?.n ?? 0;
    console.log(`Reusing the ${listingCount.toLocaleString("en-US")} listings already there.`);
    return existing.id;
  }
  const storage = localDiskStorage(path.join(dataDir, "media"));
  const db = database.db;
  await ensureCategories(db, storage);
  const categories = await db.select({ id: category.id }).from(category);

  const sellers = sellerCount(LISTINGS);
  await db.execute(sql.raw(insertSellersSql(sellers)));

  // A handful of real photos, shared by every listing: the bench measures pages, not encoding.
  const photos: StoredPhoto[] = [];
  for (let i = 0; i < 4; i++) {
    const svg = carPhotoSvg({
      body: "sedan",
      paint: "#1e3a8a",
      scene: "city",
      variant: i % 3,
      seed: i + 1,
    });
    photos.push(await storePhoto(storage, "listings", await render(svg)));
  }

  // No page-change notifications for the bulk load: no server is running on this
  // database yet, and a hundred thousand queued row events only slow the load down.
  const triggers = async (action: "disable" | "enable") => {
    for (const table of ["listing", "listing_photo"]) {
      await db.execute(sql.raw(`alter table ${table} ${action} trigger user`));
    }
  };
  await triggers("disable");
  try {
    await insertListingsAndPhotos(db, sellers, categories, photos);
  } finally {
    await triggers("enable");
  }
  // What the triggers would have counted (seller_listing_count, migration 0011).
  await db.execute(sql`select carlot_recount_seller_listings()`);
  const vacuumStarted = Date.now();
  // As after any bulk load: statistics for the planner, and the visibility map that
  // lets index-only scans skip the table (PostgreSQL's autovacuum keeps it up; on
  // PGlite only a VACUUM does).
  await db.execute(sql`vacuum analyze`);
  const [first] = await db.select({ id: listing.id }).from(listing).orderBy(listing.id).limit(1);
  console.log(
    `\rSeeded ${LISTINGS.toLocaleString("en-US")} listings in ${((Date.now() - started) / 1000).toFixed(1)} s (VACUUM ANALYZE ${((Date.now() - vacuumStarted) / 1000).toFixed(1)} s of it).`,
  );
  return first!.id;
}

async function insertListingsAndPhotos(
  db: Db,
  sellers: number,
  categories: { id: number }[],
  photos: StoredPhoto[],
) {
  const batch = 100_000;
  for (let from = 1; from <= LISTINGS; from += batch) {
    const to = Math.min(LISTINGS, from + batch - 1);
    await db.execute(
      sql.raw(
        insertListingsSql(
          from,
          to,
          sellers,
          categories.map((c) => c.id),
        ),
      ),
    );
    process.stdout.write(`\rSeeded ${to.toLocaleString("en-US")} listings…`);
  }
  // A cover photo each, also generated by the database.
  const keys = photos.map((photo) =>
    [photo.smallKey, photo.mediumKey, photo.largeKey].map((key) => `'${key}'`),
  );
  const pickKey = (index: number) =>
    `(array[${keys.map((k) => k[index]).join(", ")}]::text[])[1 + id % ${keys.length}]`;
  await db.execute(
    sql.raw(`
insert into listing_photo (listing_id, position, small_key, medium_key, large_key, width, height)
select id, 0, ${pickKey(0)}, ${pickKey(1)}, ${pickKey(2)}, ${photos[0]!.width}, ${photos[0]!.height}
from listing`),
  );
}

/** The search scenarios: the URLs a car list is asked for. */
const SEARCHES = [
  ["keyword", "/products/allProducts?q=hybrid"],
  ["keyword, best match", "/products/allProducts?q=toyota+service&sort=relevance"],
  ["three filters", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
  ["make + model, year", "/products/allProducts?make=BMW&model=X5&minYear=2015"],
  ["location", "/products/sedan?location=austin"],
  ["sort by price", "/products/allProducts?sort=price-asc"],
  ["sort by mileage, filters", "/products/suv?maxMileage=50000&transmission=Manual&sort=mileage"],
  ["deep page (the last)", "/products/allProducts?page=50"],
  ["everything, sold too", "/products/allProducts?sold=1&sort=year"],
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Plan lines of EXPLAIN ANALYZE (costs and timing left out, so they read as shapes). */
async function plan(db: Db, query: { getSQL(): unknown }): Promise<string> {
  const result = (await db.execute(
    sql`explain (analyze, costs off, timing off, summary off) ${query as never}`,
  )) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => `    ${Object.values(row)[0]}`).join("\n");
}

/**
 * Server-side time of each search scenario: what the car-list loader asks the
 * database (count, page of ids, rows), measured in this process, p50/p95.
 */
async function measureSearches() {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir, poolMax: 4 });
  const storage = localDiskStorage(path.join(dataDir, "media"));
  const db = database.db;
  try {
    const categories = await db.select({ id: category.id, slug: category.slug }).from(category);
    const makeModels = await findMakeModels(db);
    const results = [];
    const plans: string[] = [];
    for (const [name, url] of SEARCHES) {
      const parsed = new URL(url, "http://bench");
      const slug = parsed.pathname.split("/")[2];
      const categoryId = categories.find((c) => c.slug === slug)?.id;
      const { filters } = parseSearch(parsed.searchParams, makeModels);
      const run = () => searchListings(db, storage, filters, { categoryId });
      for (let i = 0; i < 5; i++) await run();
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof run>> | undefined;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        last = await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({
        scenario: name,
        url,
        found: `${last!.total.toLocaleString("en-US")}${last!.capped ? "+" : ""}`,
        "p50 ms": Number(percentile(times, 50).toFixed(1)),
        "p95 ms": Number(percentile(times, 95).toFixed(1)),
        "max ms": Number(times[times.length - 1]!.toFixed(1)),
      });
      const where = searchWhere(filters, { categoryId });
      const page =
        filters.sort === "relevance"
          ? rankedPageQuery(db, where, filters.q ?? "", last!.page)
          : pageIds(db, where, searchOrder(filters), last!.page);
      plans.push(`\n${name} — ${url}\n  page of ids:\n${await plan(db, page)}`);
      if (filters.sort !== "relevance") {
        // The count (capped) runs the same WHERE clause; best match counts in its page query.
        const counted = db
          .select({ one: sql`1` })
          .from(listing)
          .where(where)
          .limit(COUNT_CAP + 1);
        plans.push(`  count (stops at ${COUNT_CAP + 1}):\n${await plan(db, counted)}`);
      }
    }
    return { results, plans };
  } finally {
    await database.close();
  }
}

/** Without and with compression: what a bare client and what a browser ask for. */
const ENCODINGS = [
  ["none", {}],
  ["br, gzip", { "accept-encoding": "br, gzip" }],
] as const;

/** Visitors' targets (issue 11): share of the limit's requests/s, and p99. */
const SHARE_TARGET = 0.5;
const P99_TARGET_MS = 20;
/** Requests per page and encoding before anything is measured (fills the page cache). */
const WARM_REQUESTS = 5;

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
async function warm(url: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const [, headers] of ENCODINGS) {
    let last: RawResponse | undefined;
    for (let i = 0; i < WARM_REQUESTS; i++) {
      last = await rawGet(url, headers);
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
async function measureLimit(sent: Sent[]): Promise<Measured[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-limit-"));
  const files = sent.map((variant, k) => {
    const file = path.join(dir, `page-${k}`);
    fs.writeFileSync(file, variant.body);
    return variant.encoding ? `${file}:${variant.encoding}` : file;
  });
  if (sent.every((variant) => variant.encoding)) {
    throw new Error("Carlot compressed its answer to a request without Accept-Encoding.");
  }
  const port = await freePort(PORTS);
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
      measured.push(await loadFull(url, headers, { connections: CONNECTIONS, duration: DURATION }));
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
async function measureVisitors(baseURL: string, detailId: number) {
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
    const sent = await warm(`${baseURL}${url}`);
    const carlot: Measured[] = [];
    for (const [, headers] of ENCODINGS) {
      carlot.push(
        await loadFull(`${baseURL}${url}`, headers, {
          connections: CONNECTIONS,
          duration: DURATION,
        }),
      );
    }
    const limit = await measureLimit(sent);
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
  const { firstId, accounts } = await seed();
  const detailId = firstId + 17;
  const where = DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
  if (!values["skip-searches"]) {
    const searches = await measureSearches();
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
      const visitors = await measureVisitors(baseURL, detailId);
      console.log(
        `\nVisitors' pages against their limit: ${header}; ${CONNECTIONS} connections, ${DURATION} s per measurement.`,
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
      });
      console.log(
        `\nSigned-in pages at a fixed ${RATE} requests/s: ${header}; ${DURATION} s per page after a 1-second warm-up, ${CONNECTIONS} connections, Accept-Encoding: br, gzip. Seller ${accounts.seller}, buyer ${accounts.buyer}, admin ${accounts.admin}.`,
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
