// `npm run bench [-- --listings 10000 --duration 10 --connections 10]`
// Seeds a separate embedded database with many listings, starts the production
// server on it and measures the home, a category and a detail page with
// autocannon. Also reports the JavaScript the home page loads (gzip).
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";
import { count } from "drizzle-orm";

import { openPglite } from "#app/db/client.server.ts";
import { category, listing, listingPhoto, user } from "#app/db/schema.ts";
import { carPhotoSvg } from "#app/demo/artwork.server.ts";
import { DEMO_LISTINGS } from "#app/demo/data.ts";
import { ensureCategories, render } from "#app/demo/seed.server.ts";
import { storePhoto, type StoredPhoto } from "#app/services/images.server.ts";
import { localDiskStorage } from "#app/services/storage.server.ts";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    // Reuse a data directory between runs (seeded on the first run, kept afterwards).
    "data-dir": { type: "string" },
  },
});
const LISTINGS = Number(values.listings);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
if (![LISTINGS, DURATION, CONNECTIONS].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--listings, --duration and --connections take positive whole numbers.");
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, "..");
let listingCount = LISTINGS;
const keepData = values["data-dir"] !== undefined;
const dataDir = keepData
  ? path.resolve(values["data-dir"]!)
  : fs.mkdtempSync(path.join(os.tmpdir(), "carlot-bench-"));

async function seed(): Promise<number> {
  const started = Date.now();
  const database = await openPglite(dataDir);
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
    console.log(
      `Reusing the ${listingCount.toLocaleString("en-US")} listings already in ${dataDir}.`,
    );
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

  const batch = 1000;
  let firstId = 0;
  for (let offset = 0; offset < LISTINGS; offset += batch) {
    const rows = Array.from({ length: Math.min(batch, LISTINGS - offset) }, (_, j) => {
      const n = offset + j;
      const base = DEMO_LISTINGS[n % DEMO_LISTINGS.length]!;
      const createdAt = new Date(Date.now() - n * 60_000);
      return {
        sellerId: sellers[n % sellers.length]!.id,
        categoryId: categories[n % categories.length]!.id,
        title: `${base.title} #${n + 1}`,
        description: base.description,
        location: base.location,
        yearsUsed: base.yearsUsed,
        periodAmount: base.period?.amount ?? null,
        periodUnit: base.period?.unit ?? null,
        quality: base.quality,
        originalPrice: base.originalPrice * 100,
        resalePrice: base.resalePrice * 100,
        status: n % 5 === 0 ? ("sold" as const) : ("available" as const),
        advertisedAt: n % 40 === 1 ? createdAt : null,
        make: base.make,
        model: base.model,
        year: base.year,
        mileageKm: base.mileageKm,
        fuel: base.fuel,
        transmission: base.transmission,
        colour: base.colour,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const ids = await db.insert(listing).values(rows).returning({ id: listing.id });
    if (offset === 0) firstId = ids[0]!.id;
    await db.insert(listingPhoto).values(
      ids.flatMap(({ id }) =>
        [0, 1].map((position) => ({
          listingId: id,
          position,
          ...photos[(id + position) % photos.length]!,
        })),
      ),
    );
  }
  await database.analyze();
  await database.close();
  console.log(
    `Seeded ${LISTINGS.toLocaleString("en-US")} listings in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return firstId;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
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
  const port = await freePort();
  const server = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error("The server did not start.");
      try {
        if ((await fetch(`${baseURL}/readyz`)).ok) break;
      } catch {
        // not yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const targets = [
      ["home", "/"],
      ["category", "/products/sedan"],
      ["detail", `/dashboard/productDetails/${detailId + 17}`],
    ] as const;
    const results = [];
    for (const [name, url] of targets) {
      const status = (await fetch(`${baseURL}${url}`)).status;
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      // Warm up, then measure.
      await autocannon({ url: `${baseURL}${url}`, connections: CONNECTIONS, duration: 2 });
      const result = await autocannon({
        url: `${baseURL}${url}`,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      results.push({
        page: name,
        url,
        "requests/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        requests: result.requests.total,
      });
    }
    const js = await jsBytes(baseURL);
    console.log(
      `\nCarlot bench: ${listingCount.toLocaleString("en-US")} listings, ${CONNECTIONS} connections, ${DURATION} s per page, embedded PGlite, Node ${process.version}, ${os.cpus().length} cores`,
    );
    console.table(results);
    console.log(
      `Home page JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
