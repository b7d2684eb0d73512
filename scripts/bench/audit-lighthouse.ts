// `npm run audit:lighthouse [-- --skip-build --report-dir DIR --js-only --js-files]`
// Builds the app (unless --skip-build), starts the production server on a free
// port with a fresh demo data directory, and then:
// 1. loads each public page once in Chromium (a phone's screen) and adds up the
//    JavaScript files it downloads until the network is idle, gzipped as the server
//    gzips them, in two parts (scripts/bench/lib/first-load-js.ts): the framework chunk
//    and our own code, whose budget is 20 kB per page (15 + 5 for languages) (1 kB = 1,000 bytes);
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

import lighthouse, { generateReport, type Result } from "lighthouse";

import { CHROMIUM_FLAGS, chromiumPath } from "#scripts/dev/chromium.ts";
import {
  firstLoadRows,
  firstLoadFileLines,
  firstLoadSummary,
  measureFirstLoadJs,
  publicPages,
} from "./lib/first-load-js.ts";
import { BUILD_LOCK } from "#scripts/dev/build-snapshot.ts";
import { freePort, root, startProductionServer } from "#scripts/dev/production-server.ts";

const LOCK = BUILD_LOCK;
const LOCK_HELD = "CARLOT_AUDIT_LOCK_HELD";

const { values } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    // Also write each page's full report (HTML and JSON) into this directory.
    "report-dir": { type: "string" },
    // Only the JavaScript per page, no Lighthouse.
    "js-only": { type: "boolean", default: false },
    // Also list each page's files of our own code, largest first.
    "js-files": { type: "boolean", default: false },
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
      const publicList = await publicPages(server.baseURL);
      console.log("Loading each public page once: JavaScript at first load…");
      const js = await measureFirstLoadJs(server.baseURL, publicList);
      console.log(
        "\nJavaScript at first load (files a first visit downloads; gzip at zlib's default level, 1 kB = 1,000 bytes)",
      );
      console.table(firstLoadRows(publicList, js));
      console.log(firstLoadSummary(js));
      if (values["js-files"]) console.log(`\n${firstLoadFileLines(js).join("\n")}`);
      if (values["js-only"]) return;

      const pages = publicList.filter(([name]) => ["home", "category", "detail"].includes(name));
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
