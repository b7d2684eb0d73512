// Runs a package.json command with a Node that runs Carlot (22.22 or newer). With an older Node
// (18, 20) on Linux x64 or arm64 it first fetches the pinned Node 24 from the npm registry into
// .node/ (once; npm checks the download, then we check its integrity against the pinned one
// and run it), says so in one line, and runs the command with that Node first in PATH. Where
// it cannot fetch one, it stops with a message saying what to install.
//
//   node scripts/dev/node24.mjs 'npm run build && npm run serve'   (npm start)
//   node scripts/dev/node24.mjs node scripts/test.ts --flag        (npm test -- --flag)
//   node scripts/dev/node24.mjs --prepare                          (npm install's postinstall)
//
// --prepare also runs `npm install` once more with Node 24: npm leaves out the optional
// packages whose "engines" exclude the Node running it, and on Node 18 those are the native
// builds of rolldown, sharp and Tailwind that `npm run build` needs.
//
// Plain JavaScript that runs on Node 18; the decisions and messages are in node24-plan.mjs.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

import {
  NODE_DIR,
  isRecentEnough,
  plan,
  preparedLine,
  shellCommand,
  usingLine,
} from "./node24-plan.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const prefix = join(root, NODE_DIR);

function glibcVersion() {
  if (process.platform !== "linux" || !process.report) return undefined;
  return process.report.getReport().header.glibcVersionRuntime;
}

/** The bin folder of a usable fetched Node, or what is wrong with it. */
function check(pkg) {
  let recorded;
  try {
    const lock = JSON.parse(
      readFileSync(join(prefix, "node_modules", ".package-lock.json"), "utf8"),
    );
    recorded = lock.packages?.[`node_modules/${pkg.name}`]?.integrity;
  } catch {
    return { problem: `${pkg.name} is not installed in ${NODE_DIR}/` };
  }
  if (recorded !== pkg.integrity) {
    return {
      problem: `${pkg.name}@${pkg.version} has integrity ${recorded}, pinned ${pkg.integrity}`,
    };
  }
  const bin = join(prefix, "node_modules", pkg.name, "bin");
  const version = spawnSync(join(bin, "node"), ["--version"], { encoding: "utf8" });
  const said = (version.stdout || version.stderr || String(version.error || "")).trim();
  if (version.status !== 0 || said !== `v${pkg.version}`) {
    return { problem: `${NODE_DIR}/ holds a Node that answers "${said}" to --version` };
  }
  return { bin };
}

/** The npm that runs this script (npm start, npm install), run by the Node `node`. */
function npm(node, args) {
  const npmCli = process.env.npm_execpath;
  const viaNode = npmCli && basename(npmCli) === "npm-cli.js" && existsSync(npmCli);
  return viaNode ? { file: node, args: [npmCli, ...args] } : { file: "npm", args };
}

/** Runs npm quietly; what went wrong in its last lines, or undefined when it went well. */
function quietNpm(node, args, env = process.env) {
  const command = npm(node, [...args, "--no-audit", "--no-fund", "--loglevel=error"]);
  const result = spawnSync(command.file, command.args, {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status === 0) return undefined;
  const output = `${result.stderr || ""}${result.stdout || ""}`
    .split("\n")
    .filter((line) => line.trim() && !/^npm error\s+at /.test(line))
    .slice(-10);
  return `npm ${args[0]} failed:\n${output.join("\n") || result.error}`;
}

/** npm install of the pinned package into .node/, with the npm that runs this script. */
function fetchNode(pkg) {
  rmSync(prefix, { recursive: true, force: true });
  const failed = quietNpm(process.execPath, [
    "install",
    `${pkg.name}@${pkg.version}`,
    `--prefix=${prefix}`,
    "--no-save",
    "--no-package-lock",
    "--ignore-scripts",
  ]);
  return failed ? { problem: failed } : check(pkg);
}

/** The pinned Node's bin folder, fetched when missing or broken; exits when that fails. */
function pinnedNode(pkg, line) {
  const ready = check(pkg);
  if ("bin" in ready) {
    console.error(line(false));
    return ready.bin;
  }
  console.error(line(true));
  const fetched = fetchNode(pkg);
  if ("bin" in fetched) return fetched.bin;
  console.error(
    `Could not fetch Node ${pkg.version} into ${NODE_DIR}/: ${fetched.problem}\n` +
      "Run the command again, or install Node 24 from https://nodejs.org or with your version manager.",
  );
  process.exit(1);
}

function withPath(bin) {
  const env = { ...process.env };
  if (bin) env.PATH = env.PATH ? `${bin}${delimiter}${env.PATH}` : bin;
  return env;
}

function run(argv, bin) {
  const env = withPath(bin);
  const { file, args, shell } = shellCommand(argv, process.platform);
  const child = spawn(file, args, { stdio: "inherit", env, shell });
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  child.on("error", (error) => {
    console.error(`Could not start ${file}: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    for (const name of signals) process.off(name, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.error("Usage: node scripts/dev/node24.mjs '<command line>' [arguments] | --prepare");
  process.exit(2);
}
const prepare = argv[0] === "--prepare";
const version = process.versions.node;
const decision = plan({
  version,
  platform: process.platform,
  arch: process.arch,
  glibc: isRecentEnough(version) ? undefined : glibcVersion(),
});

if (decision.kind === "unsupported") {
  console.error(decision.message);
  // npm install itself went well; npm start, npm test and npm run dev stop with this message.
  process.exit(prepare ? 0 : 1);
}
const bin =
  decision.kind === "fetch"
    ? pinnedNode(decision.package, (fetching) =>
        (prepare ? preparedLine : usingLine)(version, { fetching }),
      )
    : undefined;
if (!prepare) run(argv, bin);
else if (bin) {
  // The install again with Node 24, adding what was left out and writing no package files
  // (its own postinstall then has nothing to do).
  const failed = quietNpm(join(bin, "node"), ["install", "--no-save"], withPath(bin));
  if (failed) {
    console.error(`Finishing the install with Node ${decision.package.version}: ${failed}`);
    process.exit(1);
  }
}
