// For npm run bench (scripts/bench/bench.ts): a private copy of the production build to
// run (so a build made meanwhile in the working tree cannot change the server under
// the measurement), and how long `npm run serve` takes to be ready on an existing
// database and how much memory the idle server then holds.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import {
  rssBytes,
  root,
  startProductionServer,
  type PortRange,
} from "#scripts/dev/production-server.ts";

/** The lock every build and build reader in this working tree takes (docs/development.md, "The build lock"). */
const BUILD_LOCK = process.env.CARLOT_BUILD_LOCK ?? "/tmp/carlot-build.lock";

/** Runs `command` holding the build lock where `flock` exists, otherwise plainly. */
function underBuildLock(command: string[]): number | null {
  const flock = spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0;
  const [program, ...args] = flock ? ["flock", BUILD_LOCK, ...command] : command;
  return spawnSync(program!, args, {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  }).status;
}

/**
 * Builds if asked to (or if there is no build), then copies what `npm run serve`
 * needs (package.json, server/, drizzle/, build/; node_modules linked) into a
 * temporary directory, holding the build lock while it reads build/. Returns that
 * directory and a function that removes it.
 */
export function snapshotApp(options: { build: boolean }): { appDir: string; remove(): void } {
  if (options.build || !fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("Building (npm run build)…");
    if (underBuildLock(["npm", "run", "--silent", "build"]) !== 0) {
      throw new Error("npm run build failed.");
    }
  }
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-bench-app-"));
  const status = underBuildLock([
    "cp",
    "-R",
    "package.json",
    "server",
    "drizzle",
    "build",
    `${appDir}/`,
  ]);
  if (status !== 0) throw new Error("Copying the build failed.");
  fs.symlinkSync(path.join(root, "node_modules"), path.join(appDir, "node_modules"));
  return { appDir, remove: () => fs.rmSync(appDir, { recursive: true, force: true }) };
}

export const START_TARGET_MS = 3000;
export const IDLE_RSS_TARGET_BYTES = 200 * 1024 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Starts `npm run serve` `runs` times on the existing database: the time until
 * /readyz first answers, and the server process's resident memory after `idleMs` of
 * doing nothing. Returns every run and the medians.
 */
export async function measureStart(options: {
  appDir: string;
  dataDir: string;
  env: Record<string, string>;
  ports?: PortRange;
  runs: number;
  idleMs?: number;
}) {
  const runs: { readyMs: number; rss: number }[] = [];
  for (let i = 0; i < options.runs; i++) {
    const server = await startProductionServer({
      appDir: options.appDir,
      dataDir: options.dataDir,
      env: options.env,
      ports: options.ports,
      npm: true,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, options.idleMs ?? 3000));
      runs.push({ readyMs: server.readyMs, rss: rssBytes(server.pid) ?? Number.NaN });
    } finally {
      await server.stop();
    }
  }
  return {
    runs,
    readyMs: median(runs.map((run) => run.readyMs)),
    rss: median(runs.map((run) => run.rss)),
  };
}
