// The build lock (docs/development.md) and a private copy of the production build:
// the bench and the end-to-end tests run their servers from such a copy, so a build
// made meanwhile in the working tree cannot change a server while it is measured or
// tested.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { root } from "#scripts/dev/production-server.ts";

/** The lock every build and build reader in this working tree takes. */
export const BUILD_LOCK = process.env.CARLOT_BUILD_LOCK || "/tmp/carlot-build.lock";

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
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-app-"));
  const files = ["package.json", "server", "drizzle", "build"];
  if (underBuildLock(["cp", "-R", ...files, `${appDir}/`]) !== 0) {
    throw new Error("Copying the build failed.");
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(appDir, "node_modules"));
  return { appDir, remove: () => fs.rmSync(appDir, { recursive: true, force: true }) };
}
