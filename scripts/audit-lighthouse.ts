// `npm run audit:lighthouse [-- --skip-build --report-dir DIR --js-only]`
// Builds the app (unless --skip-build), starts the production server on a free
// port with a fresh demo data directory, and then:
// 1. loads each public page once in Chromium (a phone's screen) and adds up the
//    JavaScript files it downloads until the network is idle, gzipped as the server
//    gzips them: the first-load budget of issue 11 is 100 kB (1 kB = 1,000 bytes);
// 2. runs Lighthouse (mobile, its default) with the system Chromium against the
//    home page, a category page and a detail page (skipped with --js-only). Those
//    pages were loaded once by step 1, so the server's page cache already holds
//    them, as it does for every visitor but the first.
// Prints the JavaScript per page against the budget, the four category scores per
// page, and for every score under 100 the audits that cost points. Stops the
// server and deletes the data afterwards.
//
// The whole run holds /tmp/carlot-build.lock (or CARLOT_BUILD_LOCK), the lock the
// team's builds and e2e runs share: the build folder cannot change under it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";

import lighthouse, { generateReport, type Result } from "lighthouse";
import { chromium as playwrightChromium } from "playwright-core";

import { CHROMIUM_FLAGS, chromiumPath } from "./chromium.ts";
import { freePort, root, startProductionServer } from "./production-server.ts";

const LOCK = process.env.CARLOT_BUILD_LOCK || "/tmp/carlot-build.lock";
const LOCK_HELD = "CARLOT_AUDIT_LOCK_HELD";

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    // Also write each page's full report (HTML and JSON) into this directory.
    "report-dir": { type: "string" },
    // Only the JavaScript per page, no Lighthouse.
    "js-only": { type: "boolean", default: false },
  },
});

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Runs this script again under `flock LOCK` (where flock exists) and exits with its status. */
function reRunUnderLock(): boolean {
  if (process.env[LOCK_HELD] === "true") return false;
  const probe = spawnSync("flock", ["--version"], { stdio: "ignore" });
  if (probe.error) return false;
  console.log(`Waiting for ${LOCK}…`);
  const run = spawnSync("flock", [LOCK, process.execPath, ...process.argv.slice(1)], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, [LOCK_HELD]: "true" },
  });
  process.exit(run.status ?? 1);
}

async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const executable = chromiumPath();
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-lighthouse-chromium-"));
  const child: ChildProcess = spawn(
    executable,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Chromium (${executable}) did not start.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The ids of the cars the all-products list links to, in its order. */
async function findCarIds(baseURL: string): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/products/allProducts`)).text();
  const ids = [...html.matchAll(/href="\/dashboard\/productDetails\/(\d+)"/g)].map((m) => m[1]!);
  const unique = [...new Set(ids)];
  if (unique.length < 2) throw new Error("/products/allProducts links to fewer than two cars.");
  return unique;
}

/** First-load budget for a public page's JavaScript (issue 11), gzip bytes. */
const JS_BUDGET = 100_000;
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

type JsLoad = { files: number; raw: number; gzip: number; largest: { name: string; gzip: number } };

/**
 * The JavaScript files a first visit to each page downloads (module preloads, the
 * entry, and whatever loads on its own until the network is idle for 0.5 s), in
 * Chromium with a phone's screen. Sizes are of the files gzipped at zlib's default
 * level, as the server's compression sends them to a gzip-only client.
 */
async function measureFirstLoadJs(
  baseURL: string,
  pages: readonly (readonly [string, string])[],
): Promise<Map<string, JsLoad>> {
  const browser = await playwrightChromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  const result = new Map<string, JsLoad>();
  try {
    for (const [name, pagePath] of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const bodies: Promise<{ url: string; body: Buffer }>[] = [];
        page.on("response", (response) => {
          if (response.request().resourceType() !== "script") return;
          bodies.push(response.body().then((body) => ({ url: response.url(), body })));
        });
        const response = await page.goto(`${baseURL}${pagePath}`, { waitUntil: "networkidle" });
        if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}.`);
        const load: JsLoad = { files: 0, raw: 0, gzip: 0, largest: { name: "", gzip: 0 } };
        for (const { url, body } of await Promise.all(bodies)) {
          const gzip = zlib.gzipSync(body).length;
          load.files += 1;
          load.raw += body.length;
          load.gzip += gzip;
          if (gzip > load.largest.gzip)
            load.largest = { name: path.basename(new URL(url).pathname), gzip };
        }
        result.set(name, load);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "n/a" : Math.round(value * 100);

/** The audits that cost a category points: scored under 1, in the category's order. */
function failing(lhr: Result, categoryId: string): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const lines: string[] = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : "";
    const weight = ref.weight > 0 ? `, weight ${ref.weight}` : "";
    lines.push(`${audit.title}${value} [score ${score(audit.score)}${weight}]`);
  }
  return lines;
}

async function main() {
  if (reRunUnderLock()) return;
  if (!values["skip-build"]) {
    console.log("Building (npm run build)…");
    const build = spawnSync("npm", ["run", "--silent", "build"], {
      stdio: "inherit",
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("npm run build failed.");
  } else if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("--skip-build, but there is no build: run npm run build first.");
  }
  const reportDir = values["report-dir"] ? path.resolve(values["report-dir"]) : undefined;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-lighthouse-"));
  try {
    console.log("Starting the production server on fresh demo data…");
    const server = await startProductionServer({
      dataDir,
      publicUrl: true,
      env: {
        DATABASE_URL: "",
        SEED_DEMO: "true",
        AUTH_SECRET: process.env.AUTH_SECRET || "lighthouse-secret-lighthouse-secret-lighthouse-0",
      },
      timeoutMs: 180_000,
    });
    let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
    try {
      const [first, second] = await findCarIds(server.baseURL);
      const detail = `/dashboard/productDetails/${first}`;
      const publicPages = [
        ["home", "/"],
        ["category", "/products/sedan"],
        ["search", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
        ["detail", detail],
        ["blogs", "/blogs"],
        ["safety", "/safety"],
        ["compare", `/compare?ids=${first},${second}`],
      ] as const;
      console.log("Loading each public page once: JavaScript at first load…");
      const js = await measureFirstLoadJs(server.baseURL, publicPages);
      const jsRows = publicPages.map(([name, pagePath]) => {
        const load = js.get(name)!;
        return {
          page: name,
          path: pagePath.length > 42 ? `${pagePath.slice(0, 41)}…` : pagePath,
          files: load.files,
          "JS gzip (kB)": kB(load.gzip),
          [`≤ ${kB(JS_BUDGET)} kB`]: load.gzip <= JS_BUDGET ? "met" : "not met",
          "largest file (gzip kB)": `${load.largest.name} ${kB(load.largest.gzip)}`,
        };
      });
      console.log(
        "\nJavaScript at first load (files a first visit downloads; gzip at zlib's default level, 1 kB = 1,000 bytes)",
      );
      console.table(jsRows);
      if (values["js-only"]) return;

      const pages = [
        ["home", "/"],
        ["category", "/products/sedan"],
        ["detail", detail],
      ] as const;
      chromium = await startChromium();
      const rows = [];
      const notes: string[] = [];
      for (const [name, pagePath] of pages) {
        console.log(`Lighthouse: ${name} (${pagePath})…`);
        const result = await lighthouse(`${server.baseURL}${pagePath}`, {
          port: chromium.port,
          hostname: "127.0.0.1",
          logLevel: "error",
          output: "json",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}.`);
        const lhr = result.lhr;
        if (lhr.runtimeError) {
          throw new Error(`${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        }
        rows.push({
          page: name,
          path: pagePath,
          ...Object.fromEntries(
            CATEGORIES.map((id) => [
              lhr.categories[id]?.title ?? id,
              score(lhr.categories[id]?.score),
            ]),
          ),
        });
        for (const id of CATEGORIES) {
          const category = lhr.categories[id];
          if (!category || category.score === null || category.score >= 1) continue;
          notes.push(`\n${name} — ${category.title} ${score(category.score)}:`);
          for (const line of failing(lhr, id)) notes.push(`  - ${line}`);
        }
        if (lhr.audits["total-byte-weight"]?.displayValue) {
          notes.push(`\n${name} — transferred: ${lhr.audits["total-byte-weight"].displayValue}`);
        }
        if (reportDir) {
          fs.writeFileSync(path.join(reportDir, `${name}.html`), generateReport(lhr, "html"));
          fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
        }
      }
      console.log(
        `\nLighthouse (mobile, simulated throttling) against a production build, Node ${process.version}, ${os.cpus().length} cores`,
      );
      console.table(rows);
      if (notes.length) console.log(`What costs points:${notes.join("\n")}`);
      if (reportDir) console.log(`\nFull reports: ${reportDir}`);
    } finally {
      await chromium?.stop();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
