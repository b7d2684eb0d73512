// Editing a car changes only what the seller changed. A new seller publishes cars
// through the sell form: some with every fact filled in (each select on a value that
// is not its first option), some with every optional fact left empty. On each, only
// the resale price is changed and saved, the edit form reached by a client-side
// navigation from My Products or by loading its URL (one car per kind and way). After
// every save, the listing row and its photo rows in PostgreSQL are compared with what
// they were.
//
// The e2e project's server runs on embedded PGlite, which holds its data directory
// exclusively, so this file starts its own production server on PostgreSQL
// (TEST_DATABASE_URL, in a database of its own) and reads that database directly.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { freePort } from "#scripts/dev/production-server.ts";
import { databaseUrl } from "#tests/setup/postgres-template.ts";

import { DESKTOP, launch, openPage } from "./browser.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl && process.env.CI === "true") {
  throw new Error(
    "CI=true but TEST_DATABASE_URL is not set: the edit-keeps-fields test needs PostgreSQL.",
  );
}

const SECRET = "edit-keeps-fields-secret-0123456789abcdef";

/**
 * The price's own bookkeeping (issue 28): how much it fell lately and when. It changes with the
 * price, exactly as expectPriceOnlyEdit checks, and is empty until a first cut.
 */
const PRICE_CUT = ["price_cut", "price_cut_at"];

/**
 * Listing columns a price-only edit may change: the price itself (checked to be the new
 * one) with its cut (checked too), and updated_at, which Drizzle's $onUpdate sets on every UPDATE of the row (it
 * says when the row was last written, not a fact about the car). Every other column,
 * present or future, must come back exactly as it was.
 */
const MAY_CHANGE = ["resale_price", "updated_at", ...PRICE_CUT];

/** The listing's optional facts, which the sell and edit forms may leave empty. */
const OPTIONAL = ["fuel", "transmission", "colour", "period_amount", "period_unit"];

type Row = Record<string, unknown>;
type Car = { id: number; title: string };

let admin: pg.Client;
let direct: pg.Client;
let server: { child: ChildProcess; url: string; log: () => string } | undefined;
let dataDir = "";
let browser: Browser;
let closePage: (() => Promise<void>) | undefined;
let page: Page;
const database = `carlot_edit_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
/** Console errors, page errors and failed requests (not loads cut short by navigating on). */
let problems: string[] = [];
/** The cars the tests edit, by "full" or "empty" and the way the edit form is reached. */
const cars = new Map<string, Car>();

/** A photo-like JPEG: a gradient whose colours depend on `hue`. */
async function photo(hue: number) {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (hue + (x * 90) / width) % 256;
      pixels[i + 1] = (60 + (y * 120) / height) % 256;
      pixels[i + 2] = (220 - hue / 2 + ((x + y) % 17)) % 256;
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name: `car-${hue}.jpg`, mimeType: "image/jpeg", buffer };
}

function startServer(port: number, url: string) {
  let log = "";
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      AUTH_SECRET: SECRET,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  }
  return { child, url: `http://127.0.0.1:${port}`, log: () => log };
}

async function waitForReady(started: NonNullable<typeof server>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`The server exited:\n${started.log()}`);
    const ready = await fetch(`${started.url}/readyz`).catch(() => null);
    if (ready?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become ready:\n${started.log()}`);
}

const field = (name: string) => page.locator(`[name="${name}"]`);

/** The listing row and its photo rows, as PostgreSQL has them (timestamps to the µs). */
async function snapshot(id: number) {
  const listing = await direct.query<{ row: Row }>(
    "select to_jsonb(l) as row from listing l where l.id = $1",
    [id],
  );
  const photos = await direct.query<{ row: Row }>(
    "select to_jsonb(p) as row from listing_photo p where p.listing_id = $1 order by p.position",
    [id],
  );
  expect(listing.rows, `listing ${id}`).toHaveLength(1);
  return { listing: listing.rows[0]!.row, photos: photos.rows.map(({ row }) => row) };
}

function without(row: Row, columns: string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));
}

/** Publishes a car through the sell form; `fill` types what differs between the two cars. */
async function publish(title: string, fill: () => Promise<void>, hues: number[]): Promise<Car> {
  await page.goto("/dashboard/sellCar");
  await page.getByRole("heading", { level: 1, name: "Sell A Car" }).waitFor();
  await page.waitForLoadState("networkidle");
  await field("carName").fill(title);
  await field("details").fill("Full service history, two keys, no accidents.");
  await field("location").fill("Madison, WI");
  await field("originalPrice").fill("41000");
  await field("resalePrice").fill("33900");
  await field("make").fill("Volvo");
  await field("model").fill("XC60");
  await field("year").fill("2019");
  await fill();
  await page.getByLabel("Choose photos").setInputFiles(await Promise.all(hues.map(photo)));
  await page.getByRole("button", { name: "Publish my car" }).click();
  await page.waitForURL("**/dashboard/myProducts", { timeout: 30_000 });
  const { rows } = await direct.query<{ id: number }>("select id from listing where title = $1", [
    title,
  ]);
  expect(rows, title).toHaveLength(1);
  return { id: rows[0]!.id, title };
}

const ARRIVALS = ["client-side navigation", "page load"] as const;
type Arrival = (typeof ARRIVALS)[number];

/** Every fact filled in, each select on a value other than its first option. */
async function fillEveryFact() {
  const categories = await field("category")
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(categories.length).toBeGreaterThan(2);
  await field("category").selectOption(categories.at(-1)!);
  await field("mileage").fill("41000");
  await field("mileageUnit").selectOption("mi");
  await field("fuel").selectOption("LPG");
  await field("transmission").selectOption("Manual");
  await field("colour").fill("Denim Blue");
  await field("yearsUsed").selectOption("less than a year");
  await field("periodAmount").fill("200");
  await field("periodUnit").selectOption("days");
}

/** Every optional fact left empty: no fuel, transmission, colour or exact period. */
async function fillNoOptional() {
  await field("category").selectOption({ index: 1 });
  await field("mileage").fill("52000");
  await field("yearsUsed").selectOption("3");
}

/**
 * Opens the car's edit form from My Products (a same-document navigation) or by loading
 * its URL, changes only the resale price and saves. A marker on `window` shows that no
 * document was loaded after it was set: not to reach the form by client-side
 * navigation, and not to save (the hydrated form's client action sent it).
 */
async function changeOnlyThePrice(car: Car, arrival: Arrival, dollars: number) {
  const editPath = `/dashboard/productDetails/editProduct/${car.id}`;
  if (arrival === "client-side navigation") {
    await page.goto("/dashboard/myProducts");
    await page.getByRole("heading", { level: 1, name: "My Products" }).waitFor();
  } else {
    await page.goto(editPath);
  }
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Object.assign(window, { sameDocumentMarker: true }));
  const sameDocument = () => page.evaluate(() => "sameDocumentMarker" in window);
  if (arrival === "client-side navigation") {
    await page.getByRole("link", { name: `Edit ${car.title}`, exact: true }).click();
    await page.waitForURL(`**${editPath}`);
  }
  await page.getByRole("heading", { level: 1, name: car.title }).waitFor();
  expect(await sameDocument(), "the edit form was reached without a page load").toBe(true);
  await field("resalePrice").fill(String(dollars));
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL("**/dashboard/myProducts", { timeout: 30_000 });
  await page.getByText("Your car information has been updated").waitFor();
  expect(await sameDocument(), "the save was sent without a page load").toBe(true);
}

/** Edits the price and checks the database: only the price (and updated_at) changed. */
async function expectPriceOnlyEdit(car: Car, arrival: Arrival, dollars: number) {
  const before = await snapshot(car.id);
  expect(before.listing.resale_price).not.toBe(dollars * 100);
  expect(before.photos.length).toBeGreaterThan(0);
  await changeOnlyThePrice(car, arrival, dollars);
  const after = await snapshot(car.id);
  expect(after.listing.resale_price).toBe(dollars * 100);
  expect(without(after.listing, MAY_CHANGE)).toEqual(without(before.listing, MAY_CHANGE));
  // A lower price is a cut of the difference (added to a recent one); a higher one clears it.
  const was = before.listing.resale_price as number;
  const earlier = (before.listing.price_cut as number | null) ?? 0;
  expect(after.listing.price_cut).toBe(dollars * 100 < was ? was - dollars * 100 + earlier : null);
  // Same photo rows (ids, order, keys, sizes), and the files they name are still stored.
  expect(after.photos).toEqual(before.photos);
  const keys = after.photos.flatMap((row) =>
    Object.entries(row).flatMap(([column, value]) =>
      column.endsWith("_key") && typeof value === "string" ? [value] : [],
    ),
  );
  expect(keys.length).toBeGreaterThanOrEqual(after.photos.length * 3);
  const missing = keys.filter((key) => !fs.existsSync(path.join(dataDir, "media", key)));
  expect(missing, "photo files removed by the save").toEqual([]);
  return after;
}

describe.skipIf(!baseUrl)("a price-only edit keeps everything else", () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = databaseUrl(baseUrl!, database);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-edit-"));
    server = startServer(await freePort(), url);
    browser = await launch();
    await waitForReady(server);
    direct = new pg.Client({ connectionString: url });
    await direct.connect();

    const opened = await openPage(browser, DESKTOP, server.url);
    ({ page, problems, close: closePage } = opened);

    // A new seller (registering signs in).
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Edna Editor");
    await page.getByLabel("Photo").setInputFiles(await photo(5));
    await page.getByLabel("Email").fill(`edit-seller-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel("Password").fill("a-long-password");
    await page.getByLabel("Seller").check();
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByText("Successfully Registered").waitFor();

    // Each test edits a car of its own, so that one test's damage cannot hide another's.
    let hue = 20;
    for (const arrival of ARRIVALS) {
      const full = await publish(`Volvo XC60 every fact, ${arrival}`, fillEveryFact, [
        (hue += 20),
        (hue += 20),
      ]);
      // What the sell form does not set: quality (Good, the select's first option, by
      // default), advertising and the reminder email.
      await direct.query(
        `update listing set quality = 'Not bad', advertised_at = now() - interval '1 day',
           reminder_sent_at = now() - interval '2 hours' where id = $1`,
        [full.id],
      );
      cars.set(`full, ${arrival}`, full);
      const empty = await publish(`Volvo XC60 no optional fact, ${arrival}`, fillNoOptional, [
        (hue += 20),
        (hue += 20),
      ]);
      cars.set(`empty, ${arrival}`, empty);
    }
  }, 120_000);

  afterAll(async () => {
    await closePage?.();
    await browser?.close();
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    await direct?.end().catch(() => undefined);
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test.each(ARRIVALS)("a car with every fact filled in keeps them all (%s)", async (arrival) => {
    const car = cars.get(`full, ${arrival}`)!;
    const before = await snapshot(car.id);
    // The car really has every column filled in (photos' AVIF keys may be empty).
    const empty = Object.keys(before.listing).filter(
      (column) => before.listing[column] === null && !PRICE_CUT.includes(column),
    );
    expect(empty, "listing columns the full car leaves empty").toEqual([]);
    expect(before.photos).toHaveLength(2);
    await expectPriceOnlyEdit(car, arrival, 31500);
    expect(problems).toEqual([]);
  });

  test.each(ARRIVALS)(
    "a car with every optional fact empty keeps them empty (%s)",
    async (arrival) => {
      const car = cars.get(`empty, ${arrival}`)!;
      const before = await snapshot(car.id);
      expect(before.photos).toHaveLength(2);
      const after = await expectPriceOnlyEdit(car, arrival, 32500);
      const nothing = Object.fromEntries(OPTIONAL.map((column) => [column, null]));
      for (const row of [before.listing, after.listing]) {
        expect(Object.fromEntries(OPTIONAL.map((column) => [column, row[column]]))).toEqual(
          nothing,
        );
      }
      expect(problems).toEqual([]);
    },
  );

  test("nothing logged an error", () => {
    expect(server!.log()).not.toMatch(/"level":(50|60)/);
  });
});
