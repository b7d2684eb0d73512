// `npm run bench [-- --listings 10000 --duration 10 --connections 10 --runs 100]`
// Seeds a separate database with many listings (embedded PGlite, or the
// PostgreSQL database in DATABASE_URL), measures the search scenarios server-side
// (p50/p95 of the search queries a car-list request runs) and prints the query
// plans they rely on; then starts the production server on it and measures the
// home, a category, a search and a detail page with autocannon. Also reports the
// JavaScript the home page loads (gzip). Each page is also measured against its
// "limit": the same HTML bytes served from memory by a bare node:http server
// (scripts/limit-server.ts), without and with `Accept-Encoding: br, gzip`.
// `--skip-http` stops after the searches.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";
import { count, sql } from "drizzle-orm";

import { openDatabase, type Db } from "#app/db/client.server.ts";
import { category, listing, user } from "#app/db/schema.ts";
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
import { COUNT_CAP, parseSearch } from "#app/models/search.ts";
import { storePhoto, type StoredPhoto } from "#app/services/images.server.ts";
import { localDiskStorage } from "#app/services/storage.server.ts";

import { freePort, root, startProductionServer } from "./production-server.ts";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    // Measured runs of each search scenario (after warm-up).
    runs: { type: "string", default: "100" },
    "skip-http": { type: "boolean", default: false },
    // Reuse a data directory between runs (seeded on the first run, kept afterwards).
    "data-dir": { type: "string" },
  },
});
const LISTINGS = Number(values.listings);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const RUNS = Number(values.runs);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
if (![LISTINGS, DURATION, CONNECTIONS, RUNS].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--listings, --duration, --connections and --runs take positive whole numbers.");
  process.exit(1);
}

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

/**
 * Listings n = from … to in one INSERT … SELECT generate_series: the database makes
 * the rows (and their search vectors) itself, so a million take minutes, not hours.
 * Each fact comes from its own hash of n (independent spreads; the same n always
 * gives the same car).
 */
function insertListingsSql(from: number, to: number, sellerIds: string[], categoryIds: number[]) {
  const descriptions = DEMO_LISTINGS.map((demo) => demo.description);
  return `
insert into listing (seller_id, category_id, title, description, location, years_used, quality,
  original_price, resale_price, status, advertised_at, make, model, year, mileage_km, fuel,
  transmission, colour, confirmed_at, created_at, updated_at)
select
  (${sqlArray(sellerIds)})[1 + pick.h1 % ${sellerIds.length}],
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
from generate_series(${from}, ${to}) as n,
  lateral (select ${Array.from({ length: 10 }, (_, k) => `abs(hashint8(n::bigint * 16 + ${k}) % 1000003)::int as h${k}`).join(", ")}) as pick,
  lateral (select pick.h0 % ${MODELS.length} as m, (2000 + ((pick.h0 / 29) % 600) * 100) * 100 as price) as car`;
}

async function seed(): Promise<number> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir });
  await database.migrate();
  const [existing] = await database.db
    .select({ id: listing.id })
    .from(listing)
    .orderBy(listing.id)
    .limit(1);
  if (existing) {
    const [total] = await database.db.select({ n: count() }).from(listing);
    await database.close();
    listingCount = total?.n ?? 0;
    console.log(`Reusing the ${listingCount.toLocaleString("en-US")} listings already there.`);
    return existing.id;
  }
  const storage = localDiskStorage(path.join(dataDir, "media"));
  const db = database.db;
  await ensureCategories(db, storage);
  const categories = await db.select({ id: category.id }).from(category);

  const sellers = Array.from({ length: 50 }, (_, i) => ({
    id: randomUUID(),
    name: `Bench Seller ${i + 1}`,
    email: `bench.seller${i + 1}@example.com`,
    role: "seller" as const,
    verified: i % 3 === 0,
    image: null,
  }));
  await db.insert(user).values(sellers);

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

  const batch = 100_000;
  for (let from = 1; from <= LISTINGS; from += batch) {
    const to = Math.min(LISTINGS, from + batch - 1);
    await db.execute(
      sql.raw(
        insertListingsSql(
          from,
          to,
          sellers.map((s) => s.id),
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
  await db.execute(sql`analyze`);
  const [first] = await db.select({ id: listing.id }).from(listing).orderBy(listing.id).limit(1);
  await database.close();
  console.log(
    `\rSeeded ${LISTINGS.toLocaleString("en-US")} listings in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return first!.id;
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

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/** A 2-second warm-up, then DURATION seconds with CONNECTIONS connections; any non-2xx fails. */
async function load(url: string, headers: Record<string, string>): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

/**
 * The limit for one page: scripts/limit-server.ts serving `html` from memory in its
 * own process (as Carlot runs in its own), measured without and with compression.
 */
async function measureLimit(html: Buffer): Promise<Measured[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "carlot-limit-")), "page.html");
  fs.writeFileSync(file, html);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/limit-server.ts"), file, String(port)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
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
    for (const [, headers] of ENCODINGS) {
      measured.push(await load(`http://127.0.0.1:${port}/`, headers));
    }
    return measured;
  } finally {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function jsBytes(baseURL: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(`${baseURL}/`)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) urls.add(match[1]!);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${baseURL}${url}`)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip, files: urls.size };
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("No build yet: running npm run build…");
    const build = spawnSync("npm", ["run", "--silent", "build"], {
      stdio: "inherit",
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) process.exit(1);
  }
  const detailId = await seed();
  const where = DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
  const searches = await measureSearches();
  console.log(
    `\nSearch, server-side (count + page + rows, ${RUNS} runs each after 5 warm-ups): ${listingCount.toLocaleString("en-US")} listings, ${where}`,
  );
  console.table(searches.results);
  console.log(`\nQuery plans the searches rely on:${searches.plans.join("\n")}`);
  if (values["skip-http"]) {
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const server = await startProductionServer({
    dataDir,
    env: {
      DATABASE_URL: DATABASE_URL ?? "",
      AUTH_SECRET: process.env.AUTH_SECRET || "bench-secret-bench-secret-bench-secret-00",
      SEED_DEMO: "false",
    },
  });
  const baseURL = server.baseURL;
  try {
    const targets = [
      ["home", "/"],
      ["category", "/products/sedan"],
      ["search", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
      ["detail", `/dashboard/productDetails/${detailId + 17}`],
    ] as const;
    const results = [];
    const versusLimit: Record<string, string | number>[] = [];
    for (const [name, url] of targets) {
      const response = await fetch(`${baseURL}${url}`, {
        headers: { "accept-encoding": "identity" },
      });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      const html = Buffer.from(await response.arrayBuffer());
      const carlot: Measured[] = [];
      for (const [, headers] of ENCODINGS) carlot.push(await load(`${baseURL}${url}`, headers));
      const plain = carlot[0]!;
      results.push({
        page: name,
        url,
        "requests/s": plain.rps,
        "p50 ms": plain.p50,
        "p99 ms": plain.p99,
        requests: plain.requests,
      });
      const limit = await measureLimit(html);
      ENCODINGS.forEach(([encoding], k) => {
        versusLimit.push({
          page: name,
          "HTML KiB": Number((html.length / 1024).toFixed(1)),
          "Accept-Encoding": encoding,
          "Carlot req/s": carlot[k]!.rps,
          "Carlot p99 ms": carlot[k]!.p99,
          "limit req/s": limit[k]!.rps,
          "limit p99 ms": limit[k]!.p99,
          "share of limit": `${((100 * carlot[k]!.rps) / limit[k]!.rps).toFixed(1)}%`,
        });
      });
    }
    const js = await jsBytes(baseURL);
    console.log(
      `\nCarlot bench: ${listingCount.toLocaleString("en-US")} listings, ${CONNECTIONS} connections, ${DURATION} s per page, ${where}, Node ${process.version}, ${os.cpus().length} cores`,
    );
    console.table(results);
    console.log(
      "\nCarlot against its limit (the same HTML bytes served from memory by a bare node:http server; compressed once, at its start):",
    );
    console.table(versusLimit);
    console.log(
      `Home page JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip`,
    );
  } finally {
    await server.stop();
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
