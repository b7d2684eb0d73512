// Several app processes ("nodes") on one PostgreSQL database and one S3-compatible
// store, as an operator runs them behind a load balancer, driven by Chromium across
// them: three start at once and migrate and seed once; an account made on A is signed
// in on B; a car published with photos on A is on B, photos included; a change on B
// reaches A's visitors within 1 s; site settings saved on A show on B within 1 s
// (pages, previews, sitemap, the next email), and so does a category renamed on A;
// sign-in limits count across nodes; a node killed
// with SIGKILL loses nothing it acknowledged; a node with another secret refuses to
// start.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SITE_DEFAULTS } from "#app/models/site.ts";
import { settingsAsForm } from "#app/models/site-form.ts";
import { readOutbox } from "#scripts/test/lib/outbox.ts";
import { startS3Server } from "#tests/s3-server.ts";

import { launch } from "./browser.ts";
import { freePort } from "#scripts/dev/production-server.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl && process.env.CI === "true") {
  throw new Error(
    "CI=true but TEST_DATABASE_URL is not set: the multi-node test needs PostgreSQL.",
  );
}

const SECRET = "multi-node-test-secret-0123456789abcdefgh";
const database = `carlot_nodes_${randomUUID().replaceAll("-", "").slice(0, 12)}`;

type Node = { name: string; url: string; port: number; child: ChildProcess; log: () => string };

let admin: pg.Client;
let direct: pg.Client;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let browser: Browser;
let root = "";
let databaseUrl = "";
const nodes: Record<string, Node> = {};

function nodeEnv(name: string, port: number, overrides: Record<string, string> = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: "",
    // Each node has its own disk: photos must come from the shared store.
    DATA_DIR: path.join(root, name),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: SECRET,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    // Every node runs the alert job every second: they race for the same work.
    ALERT_INTERVAL_SECONDS: "1",
    ...s3.env("photos"),
    ...overrides,
  };
}

/** Starts a node; resolves when it is ready, or with its output when it exits first. */
async function startNode(
  name: string,
  overrides: Record<string, string> = {},
  port?: number,
): Promise<Node> {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  let log = "";
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: nodeEnv(name, listenOn, overrides),
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  }
  const node = { name, url, port: listenOn, child, log: () => log };
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return node;
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.ok) return node;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not become ready:\n${log}`);
}

async function stopNode(node: Node, signal: NodeJS.Signals = "SIGTERM") {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once("exit", resolve));
  node.child.kill(signal);
  await exited;
}

async function photo(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % 255;
    pixels[i + 1] = 120;
    pixels[i + 2] = 200 - ((i / 3) % 200);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A visitor's copy of `pathname` on `node` (no cookie), with whether it was stored. */
async function visit(node: Node, pathname: string) {
  const response = await fetch(`${node.url}${pathname}`);
  return { html: await response.text(), cache: response.headers.get("x-cache") };
}

async function millisUntil(check: () => Promise<boolean>, limitMs = 1000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not seen within ${limitMs} ms`);
}

function form(fields: Record<string, string>, cookie = "") {
  return {
    method: "POST",
    redirect: "manual" as const,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie && { Cookie: cookie }),
    },
    body: new URLSearchParams(fields),
  };
}

async function cookieFor(node: Node, email: string, password = "carlot-demo") {
  const response = await fetch(`${node.url}/login`, form({ email, password }));
  expect(response.status, `sign-in as ${email} on ${node.name}`).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe.skipIf(!baseUrl)("several nodes on one PostgreSQL and one S3 store", () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    direct = new pg.Client({ connectionString: databaseUrl });
    root = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-nodes-"));
    s3 = await startS3Server({ bucket: "carlot-nodes" });
    browser = await launch();
    // Three nodes start at the same moment on an empty database.
    const [a, b, c] = await Promise.all([startNode("a"), startNode("b"), startNode("c")]);
    Object.assign(nodes, { a, b, c });
    await direct.connect();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    for (const node of Object.values(nodes)) await stopNode(node);
    await direct?.end().catch(() => undefined);
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    await s3?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  test("three nodes starting together migrate once and add the demo data once", async () => {
    for (const node of [nodes.a!, nodes.b!, nodes.c!]) {
      expect(node.child.exitCode, node.log()).toBeNull();
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
    }
    const journal = JSON.parse(
      await fs.readFile(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const migrations = await direct.query(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(migrations.rows[0].n).toBe(journal.entries.length);
    const demo = await direct.query(
      `select count(*)::int as n from "user" where email = 'maya.thompson@example.com'`,
    );
    expect(demo.rows[0].n).toBe(1);
    const categories = await direct.query(
      "select count(*)::int as n, count(distinct slug)::int as distinct from category",
    );
    expect(categories.rows[0].n).toBe(categories.rows[0].distinct);
    await stopNode(nodes.c!);
    delete nodes.c;
  });

  test("an account made on A is signed in on B; a car published with photos on A is on B", async () => {
    const a = nodes.a!;
    const b = nodes.b!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    const email = `node-seller-${Date.now()}@example.com`;
    const portrait = await photo();

    await page.goto(`${a.url}/register`);
    await page.getByLabel("Full name").fill("Nadia Nodes");
    await page
      .getByLabel("Photo")
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: portrait });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-long-password");
    await page.getByLabel("Seller").check();
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByText("Successfully Registered").waitFor();

    // Cookies belong to the host name, not the port: the same browser is now on B.
    await page.goto(`${b.url}/dashboard/sellCar`);
    await page.getByRole("heading", { level: 1, name: "Sell A Car" }).waitFor();

    // Publish on A.
    const title = `Node Test Volvo ${randomUUID().slice(0, 6)}`;
    await page.goto(`${a.url}/dashboard/sellCar`);
    await page.waitForLoadState("networkidle");
    const field = (name: string) => page.locator(`[name="${name}"]`);
    await field("carName").fill(title);
    await field("category").selectOption("suv");
    await field("make").fill("Volvo");
    await field("model").fill("XC60");
    await field("year").fill("2019");
    await field("mileage").fill("41000");
    await field("mileageUnit").selectOption("km");
    await field("fuel").selectOption("Diesel");
    await field("details").fill("Panoramic roof, tow bar, full service history.");
    await field("location").fill("Madison, WI");
    await field("yearsUsed").selectOption("1");
    await field("originalPrice").fill("41000");
    await field("resalePrice").fill("33900");
    await page
      .getByLabel("Choose photos")
      .setInputFiles([{ name: "car.jpg", mimeType: "image/jpeg", buffer: await photo() }]);
    await page.getByRole("button", { name: "Publish my car" }).click();
    await page.waitForURL("**/dashboard/myProducts", { timeout: 30_000 });

    const { rows } = await direct.query<{ id: number }>("select id from listing where title = $1", [
      title,
    ]);
    const detail = `/dashboard/productDetails/${rows[0]!.id}`;

    // B shows the car and its photo (from the shared store: B's own disk has none).
    await page.goto(`${b.url}${detail}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const images = await page.evaluate(() =>
      [...document.querySelectorAll("main img")].map((img) => ({
        src: (img as HTMLImageElement).currentSrc,
        loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(
      images.filter((image) => image.src.startsWith(b.url)).every((image) => image.loaded),
    ).toBe(true);
    const media = await fs.readdir(path.join(root, "b", "media")).catch(() => []);
    expect(media).toEqual([]);

    // A change through B reaches A's visitors within 1 s.
    await visit(a, detail);
    const before = await visit(a, detail);
    expect(before.cache).toBe("hit");
    const sellerOnB = (await context.cookies(b.url)).map((c) => `${c.name}=${c.value}`).join("; ");
    const changed = await fetch(
      `${b.url}/dashboard/myProducts`,
      form({ intent: "status", id: String(rows[0]!.id), status: "sold" }, sellerOnB),
    );
    expect(changed.status).toBe(302);
    const elapsed = await millisUntil(async () => (await visit(a, detail)).html !== before.html);
    console.info(`A's visitors saw B's change after ${elapsed} ms`);
    await context.close();
  });

  test("site settings saved on A show on B within 1 s: pages, previews, sitemap, emails", async () => {
    const [a, b] = [nodes.a!, nodes.b!];
    const { rows } = await direct.query<{ id: number }>(
      "select id from listing where status = 'available' order by id limit 1",
    );
    const car = `/dashboard/productDetails/${rows[0]!.id}`;
    // B has the pages stored.
    for (const [node, path] of [
      [b, "/"],
      [b, car],
      [b, "/sitemap.xml"],
    ] as const) {
      await visit(node, path);
      expect((await visit(node, path)).cache).toBe("hit");
    }
    const settings = (values: Record<string, string>) => ({
      ...settingsAsForm(SITE_DEFAULTS),
      ...values,
    });
    const adminOnA = await cookieFor(a, "admin@example.com");
    // The form as a browser sends it, with a logo (stored in the shared S3 store).
    const body = new FormData();
    for (const [key, value] of Object.entries(
      settings({
        name: "Harbour Motors",
        brandColour: "#166534",
        contactEmail: "hello@harbour.example",
        heroTitle: "Drive Home Happy",
        aboutMd: "A family garage.",
        currency: "EUR",
        priceStyle: "locale",
        locale: "de-DE",
        stat1Value: "31K",
        stat1Label: "Happy drivers",
      }),
    )) {
      body.append(key, value);
    }
    body.append(
      "logo",
      new File([new Uint8Array(await photo())], "logo.jpg", { type: "image/jpeg" }),
    );
    const saved = await fetch(`${a.url}/dashboard/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: adminOnA },
      body,
    });
    expect(saved.status).toBe(302);
    const elapsed = await millisUntil(async () => {
      const [home, detail, sitemap] = await Promise.all([
        visit(b, "/"),
        visit(b, car),
        visit(b, "/sitemap.xml"),
      ]);
      return (
        home.html.includes("Drive Home Happy") &&
        home.html.includes("Happy drivers") &&
        /<img src="[^"]*\/site\/logo\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp"/.test(home.html) &&
        home.html.includes("--color-brand-600:#166534") &&
        home.html.includes(
          "<title>Find your dream car: used cars from trusted sellers — Harbour Motors</title>",
        ) &&
        detail.html.includes('<meta property="og:site_name" content="Harbour Motors"/>') &&
        // Prices in euros as Germany writes them, and the structured data says so.
        /\d\.\d{3}\u00a0€/.test(detail.html) &&
        detail.html.includes('"priceCurrency":"EUR"') &&
        sitemap.html.includes("/about</loc>")
      );
    });
    console.info(`B showed A's settings after ${elapsed} ms`);
    // The next email from B comes from the new name and answers to the contact email.
    const asked = await fetch(
      `${b.url}/forgot-password`,
      form({ email: "liam.carter@example.com" }),
    );
    expect(asked.status).toBe(200);
    const mail = (await readOutbox(path.join(root, "b", "outbox"))).at(-1)!;
    expect(mail.from).toMatch(/^Harbour Motors </);
    expect(mail.replyTo).toBe("hello@harbour.example");
    expect(mail.subject).toBe("Reset your Harbour Motors password");
    // Back to the defaults, for the tests after this one.
    const reset = await fetch(`${a.url}/dashboard/settings`, form(settings({}), adminOnA));
    expect(reset.status).toBe(302);
  });

  test("a category renamed on A (with its address) shows on B within 1 s", async () => {
    const [a, b] = [nodes.a!, nodes.b!];
    const { rows } = await direct.query<{ id: number }>(
      "select id from category where slug = 'sedan'",
    );
    const id = String(rows[0]!.id);
    for (const path of ["/", "/products", "/products/sedan", "/sitemap.xml"]) {
      await visit(b, path);
      expect((await visit(b, path)).cache, path).toBe("hit");
    }
    const adminOnA = await cookieFor(a, "admin@example.com");
    const rename = (name: string) =>
      fetch(
        `${a.url}/dashboard/categories`,
        form({ intent: "edit", id, name, changeAddress: "on" }, adminOnA),
      );
    expect((await rename("Saloon")).status).toBe(302);
    const elapsed = await millisUntil(async () => {
      const [home, products, sitemap, old] = await Promise.all([
        visit(b, "/"),
        visit(b, "/products"),
        visit(b, "/sitemap.xml"),
        fetch(`${b.url}/products/sedan`, { redirect: "manual" }),
      ]);
      return (
        home.html.includes('href="/products/saloon"') &&
        !home.html.includes('href="/products/sedan"') &&
        products.html.includes(">Saloon<") &&
        sitemap.html.includes("/products/saloon</loc>") &&
        old.status === 301 &&
        old.headers.get("location") === "/products/saloon"
      );
    });
    console.info(`B showed A's category rename after ${elapsed} ms`);
    // Back to the demo's name and address, for the tests after this one.
    expect((await rename("Sedan")).status).toBe(302);
  });

  test("three nodes' alert jobs send a saved search's email once", async () => {
    const cookie = await cookieFor(nodes.a!, "emma.nguyen@example.com");
    const saved = await fetch(
      `${nodes.a!.url}/dashboard/savedSearches`,
      form(
        {
          intent: "save",
          name: "Nodes Dodge",
          frequency: "instant",
          search: "/products/allProducts?make=Dodge",
          redirectTo: "/dashboard",
        },
        cookie,
      ),
    );
    expect(saved.status).toBe(302);
    // The sold Charger comes back on sale: one event, which every node's job would take.
    await direct.query(
      `update listing set status = 'available' where title = 'Dodge Charger SRT 392'`,
    );
    const alertEmails = async () => {
      let found = 0;
      for (const name of ["a", "b", "c"]) {
        // The subject names the search: “Nodes Dodge” in a MIME encoded word.
        const dir = path.join(root, name, "outbox");
        const files = await fs.readdir(dir).catch(() => [] as string[]);
        // Only whole .eml files: a node may be writing (then renaming) its .tmp right now.
        for (const file of files.filter((name) => name.endsWith(".eml"))) {
          // Quoted-printable and folded headers: soft line breaks joined.
          const text = (await fs.readFile(path.join(dir, file), "utf8")).replace(/=\n/g, "");
          if (text.includes("emma.nguyen@example.com") && text.includes("Nodes_Dodge")) found++;
        }
      }
      return found;
    };
    const elapsed = await millisUntil(async () => (await alertEmails()) > 0, 15_000).catch(
      async (error: unknown) => {
        const rows = async (text: string) => JSON.stringify((await direct.query(text)).rows);
        throw new Error(
          `${String(error)}; events ${await rows("select id, kind, done_at from listing_event order by id desc limit 3")}; alerts ${await rows("select * from alert")}; held ${await rows("select id, subject from held_mail")}; searches ${await rows("select id, query, paused from saved_search")}`,
        );
      },
    );
    console.info(`the alert email was sent ${elapsed} ms after the car came back`);
    // Several more runs on every node: still one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await alertEmails()).toBe(1);
    const [row] = (await direct.query(`select count(*)::int as n from alert where kind = 'match'`))
      .rows as { n: number }[];
    expect(row!.n).toBe(1);
    await direct.query(`update listing set status = 'sold' where title = 'Dodge Charger SRT 392'`);
  });

  test("a message sent on A shows on the conversation open on B within 1 s", async () => {
    const buyerCookie = await cookieFor(nodes.a!, "emma.nguyen@example.com");
    const [car] = (
      await direct.query(
        `select l.id from listing l join "user" u on u.id = l.seller_id
          where u.email = 'maya.thompson@example.com' and l.status = 'available'
          order by l.id limit 1`,
      )
    ).rows as { id: number }[];
    const placed = await fetch(
      `${nodes.a!.url}/dashboard/productDetails/${car!.id}?contact`,
      form(
        {
          intent: "order",
          buyerName: "Emma Nguyen",
          meetingLocation: "Library car park",
          buyerPhone: "+1 512 555 0142",
        },
        buyerCookie,
      ),
    );
    expect(placed.status).toBe(302);
    const [request] = (
      await direct.query(
        `select o.id from "order" o join "user" u on u.id = o.buyer_id
          where u.email = 'emma.nguyen@example.com' and o.listing_id = $1 and o.status = 'open'`,
        [car!.id],
      )
    ).rows as { id: number }[];
    const path = `/dashboard/conversations/${request!.id}`;
    // The seller has the conversation open on B.
    const context = await browser.newContext({ baseURL: nodes.b!.url });
    const signedIn = await context.request.post("/login", {
      form: { email: "maya.thompson@example.com", password: "carlot-demo" },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(302);
    const page = await context.newPage();
    // Its event stream is open (its answer's head has come) before the message is sent.
    const streamOpen = page.waitForResponse((response) => response.url().endsWith("/events"));
    await page.goto(path);
    await page.getByLabel("Your message").waitFor();
    expect((await streamOpen).status()).toBe(200);
    const text = `Sent on A at ${Date.now()}`;
    const started = Date.now();
    const sent = await fetch(
      `${nodes.a!.url}${path}`,
      form({ intent: "send", body: text, composeKey: randomUUID() }, buyerCookie),
    );
    expect(sent.status).toBe(302);
    await page.getByText(text).waitFor({ timeout: 5_000 });
    const elapsed = Date.now() - started;
    console.info(`a message sent on A showed on B's open page after ${elapsed} ms`);
    expect(elapsed).toBeLessThan(1_000);
    await context.close();
    await fetch(
      `${nodes.a!.url}/dashboard/myorders`,
      form({ intent: "cancel", id: String(request!.id) }, buyerCookie),
    );
  });

  test("sign-in limits count across nodes", async () => {
    const email = "liam.carter@example.com";
    const wrong = (node: Node, i: number) =>
      fetch(`${node.url}/login`, form({ email, password: `wrong-password-${i}` }));
    // Five failures, alternating between the nodes…
    for (let i = 0; i < 5; i++) {
      expect((await wrong(i % 2 ? nodes.b! : nodes.a!, i)).status).toBe(400);
    }
    // …and the next attempt is refused on either.
    expect((await wrong(nodes.a!, 5)).status).toBe(429);
    expect((await wrong(nodes.b!, 6)).status).toBe(429);
  });

  test("signing out on one node ends the session on the others within 1 s", async () => {
    const cookie = await cookieFor(nodes.a!, "maya.thompson@example.com");
    const signedInOn = async (node: Node) => {
      const response = await fetch(`${node.url}/dashboard`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      return response.status === 200;
    };
    // Each node has checked the session and remembers it.
    for (const node of [nodes.a!, nodes.b!]) {
      expect(await signedInOn(node)).toBe(true);
      expect(await signedInOn(node)).toBe(true);
    }
    const out = await fetch(`${nodes.a!.url}/logout`, form({}, cookie));
    expect(out.status).toBe(302);
    expect(await signedInOn(nodes.a!)).toBe(false);
    const elapsed = await millisUntil(async () => !(await signedInOn(nodes.b!)));
    console.info(`B forgot the session signed out on A after ${elapsed} ms`);
  });

  test("a node killed with SIGKILL loses nothing it acknowledged", async () => {
    const a = nodes.a!;
    const buyer = await cookieFor(nodes.b!, "emma.nguyen@example.com");
    const { rows } = await direct.query<{ id: number }>(
      "select id from listing where status = 'available' order by id limit 40",
    );
    const acknowledged: number[] = [];
    let killed = false;
    const killer = setTimeout(() => {
      killed = true;
      a.child.kill("SIGKILL");
    }, 400);
    for (const { id } of rows) {
      const response = await fetch(
        `${a.url}/wishlist`,
        form({ intent: "save", listingId: String(id), redirectTo: "/" }, buyer),
      ).catch(() => null);
      if (response?.status === 302) acknowledged.push(id);
      if (!response) break;
    }
    clearTimeout(killer);
    if (!killed) a.child.kill("SIGKILL");
    await new Promise((resolve) => a.child.once("exit", resolve));
    expect(acknowledged.length).toBeGreaterThan(0);
    const saved = await direct.query<{ listing_id: number }>(
      `select w.listing_id from wishlist w join "user" u on u.id = w.user_id
        where u.email = 'emma.nguyen@example.com'`,
    );
    const present = new Set(saved.rows.map((row) => Number(row.listing_id)));
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    // B carried on serving throughout; A comes back on the same port.
    expect((await fetch(`${nodes.b!.url}/readyz`)).status).toBe(200);
    nodes.a = await startNode("a", {}, a.port);
    expect((await fetch(`${nodes.a.url}/readyz`)).status).toBe(200);
  });

  test("a node with a different secret refuses to start, saying why", async () => {
    const stranger = await startNode("d", {
      AUTH_SECRET: "another-secret-entirely-0123456789abcdef",
    });
    nodes.d = stranger;
    expect(stranger.child.exitCode, stranger.log()).not.toBeNull();
    expect(stranger.child.exitCode).not.toBe(0);
    expect(stranger.log()).toMatch(/AUTH_SECRET/);
    expect(stranger.log()).not.toContain("another-secret-entirely");
    delete nodes.d;
  });

  test("nothing logged an error on any node", () => {
    for (const node of Object.values(nodes)) {
      expect(node.log(), node.name).not.toMatch(/"level":(50|60)/);
    }
  });
});
