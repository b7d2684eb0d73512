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
// missing car or person). The admin also merges categories ("move N cars and delete",
// lib/crash-categories.ts): every merged car must be in the last category, each merge
// audited once. Each request's emails are held or sent, never twice, and
// nothing goes to an unverified address on its owner's behalf. Each buyer agrees a viewing
// with a seller (lib/crash-viewings.ts): each side gets one "Viewing agreed" email and, once
// due mid-run, one reminder. Files no row uses are counted as orphans (allowed).
//
// PostgreSQL: `--database postgres` with TEST_DATABASE_URL (a server where that user
// may create databases); the run creates its own database and drops it.
//
// The parts: lib/crash-server.ts (the server killed and restarted),
// lib/crash-client.ts (people and their retried writes), lib/crash-workload.ts and
// lib/crash-categories.ts (what they do while the killer runs; lib/crash-alerts.ts,
// lib/crash-messages.ts and lib/crash-viewings.ts each do one part and check it), lib/crash-run.ts
// (one run on one database), lib/crash-check.ts and lib/crash-mail.ts (the check),
// lib/crash-report.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { root } from "#scripts/dev/production-server.ts";

import { report } from "./lib/crash-report.ts";
import { killRunningServer, runOnce, type CrashOptions } from "./lib/crash-run.ts";

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

const writes = numberArg("writes", 3);
const publishes = Math.min(numberArg("publishes", 1), writes - 2);
const sellers = numberArg("sellers", 1);
const buyers = numberArg("buyers", 1);
const killMinMs = numberArg("kill-min", 0.1) * 1000;
const killMaxMs = Math.max(killMinMs, numberArg("kill-max", 0.1) * 1000);
const seed = args.seed ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const options: CrashOptions = { writes, publishes, sellers, buyers, killMinMs, killMaxMs, seed };
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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killRunningServer();
    process.exit(130);
  });
}

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

ensureBuild();
const runDir = await fsp.mkdtemp(path.join(os.tmpdir(), "carlot-crash-"));
console.log(
  `Crash test: ${options.writes} writes (${options.publishes} publishes), ${options.sellers} sellers and ${options.buyers} buyers, ` +
    `SIGKILL every ${options.killMinMs / 1000}–${options.killMaxMs / 1000} s, seed ${options.seed}. Data and server logs: ${runDir}`,
);
let failed = false;
for (const kind of kinds) {
  try {
    const result = await runOnce(kind, runDir, options);
    report(result);
    const { publish, order, cancel } = result.stats.acknowledged;
    const total = publish + order + cancel;
    if (result.violations.length > 0 || result.stats.unexpected.length > 0) failed = true;
    if (total !== options.writes) {
      console.error(`Expected ${options.writes} acknowledged writes, got ${total}.`);
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
