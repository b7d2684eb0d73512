// Starting and stopping the production server (node server/index.ts) for the
// measuring scripts (npm run bench, npm run audit:lighthouse), the crash test and
// the end-to-end tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import { MALLOC_SETTINGS, V8_FLAGS } from "#server/memory.ts";

export const root = path.resolve(import.meta.dirname, "..", "..");

/** Ports to pick from, both ends included (for example 3500–3599). */
export type PortRange = { from: number; to: number };

/** Parses "3500-3599" into a range; null for anything else. */
export function parsePortRange(text: string): PortRange | null {
  const match = /^(\d+)-(\d+)$/.exec(text.trim());
  if (!match) return null;
  const [from, to] = [Number(match[1]), Number(match[2])];
  return from > 0 && from <= to && to < 65536 ? { from, to } : null;
}

/**
 * A free TCP port on 127.0.0.1 (closed again before it is returned): any the system
 * offers, or one in `range` (tried from a random place in it, so that processes
 * sharing the range rarely pick the same one).
 */
export async function freePort(range?: PortRange): Promise<number> {
  if (!range) return tryPort(0);
  const size = range.to - range.from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    try {
      return await tryPort(range.from + ((start + i) % size));
    } catch {
      // Taken: try the next one.
    }
  }
  throw new Error(`No free port in ${range.from}-${range.to}.`);
}

function tryPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export interface ProductionServer {
  baseURL: string;
  /** Process id of the server's own Node process (not npm's). */
  pid: number;
  /** Milliseconds from spawning the command until /readyz first answered 200. */
  readyMs: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Resident set size of a process and the processes it started (WEB_CONCURRENCY's
 * server processes), in bytes (Linux /proc), or null where unavailable.
 */
export function rssBytes(pid: number): number | null {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(procStatus(pid))?.[1];
  if (kb === undefined) return null;
  return childProcesses(pid).reduce(
    (sum, child) => sum + (rssBytes(child) ?? 0),
    Number(kb) * 1024,
  );
}

/** The processes `pid` started (Linux /proc). */
function childProcesses(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(" "),
      )
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time a process and the processes it started (WEB_CONCURRENCY's server processes)
 * have used so far (user + system) in milliseconds (Linux /proc, counted in clock ticks
 * of 10 ms), or null where unavailable. Processes that ended are not counted.
 */
export function cpuMs(pid: number): number | null {
  try {
    const own = statCpuMs(`/proc/${pid}/stat`);
    return childProcesses(pid).reduce((sum, child) => sum + (cpuMs(child) ?? 0), own);
  } catch {
    return null;
  }
}

/** User + system CPU time (ms) in a /proc `stat` file, of a process or of one thread. */
function statCpuMs(file: string): number {
  const stat = fs.readFileSync(file, "utf8");
  // Fields after "(command)": state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The parts of a server process's CPU time `threadCpuMs` tells apart. */
export const THREAD_PARTS = ["main", "database", "v8", "libuv", "other"] as const;
export type ThreadCpu = Record<(typeof THREAD_PARTS)[number], number>;

/** A ThreadCpu whose every part is `value(part)`. */
export function eachThreadPart(value: (part: keyof ThreadCpu) => number): ThreadCpu {
  return Object.fromEntries(THREAD_PARTS.map((part) => [part, value(part)])) as ThreadCpu;
}

/**
 * CPU time so far (ms) of one process's threads by what they do, from their names in
 * /proc: Node's main thread, the embedded database's worker thread, V8's helpers (garbage
 * collection, compiling), libuv's pool (compression, files); null where unavailable.
 */
export function threadCpuMs(pid: number): ThreadCpu | null {
  const parts = eachThreadPart(() => 0);
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const name = fs.readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim();
      const ms = statCpuMs(`/proc/${pid}/task/${task}/stat`);
      const part =
        name === "MainThread"
          ? "main"
          : name === "WorkerThread"
            ? "database"
            : name === "V8Worker"
              ? "v8"
              : name === "libuv-worker"
                ? "libuv"
                : "other";
      parts[part] += ms;
    }
  } catch {
    // The process (or a thread) ended meanwhile.
    return null;
  }
  return parts;
}

function procStatus(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return "";
  }
}

/** The Node process running `script`: `pid` or one of its descendants. */
function findProcess(pid: number, script: string): number | null {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The field after "(command)" is the state, then the parent id.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    try {
      // A Node process with `script` among its arguments (not the shell that started it).
      const [program, ...args] = fs.readFileSync(`/proc/${next}/cmdline`, "utf8").split("\0");
      if (path.basename(program ?? "") === "node" && args.includes(script)) return next;
    } catch {
      // Gone meanwhile.
    }
    queue.push(...(children.get(next) ?? []));
  }
  return null;
}

/**
 * The environment of a production server on 127.0.0.1:`port` with its data in
 * `dataDir`: this process's, with `env` added to (and overriding) it.
 */
export function productionEnv(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  };
}

/**
 * Starts `node server/index.ts` (or `npm run serve`, which runs it) with
 * NODE_ENV=production on a free local port and waits until /readyz answers. `env` is
 * added to (and overrides) this process's environment; the server's output goes to
 * this process's standard error and output.
 */
export async function startProductionServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  /** Set PUBLIC_URL to the server's own address. */
  publicUrl?: boolean;
  timeoutMs?: number;
  /** Start through `npm run serve`, as an operator does (default: node directly). */
  npm?: boolean;
  /** Where to pick the port from (default: any free port). */
  ports?: PortRange;
  /** A directory holding package.json, server/, drizzle/ and build/ (default: this checkout). */
  appDir?: string;
  /** Extra flags for node (not with `npm`), e.g. V8 options. */
  nodeArgs?: string[];
}): Promise<ProductionServer> {
  const port = await freePort(options.ports);
  const baseURL = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [command, args] = options.npm
    ? ["npm", ["run", "--silent", "serve"]]
    : // V8's settings as `npm run serve` gives them (extra flags may override them).
      [process.execPath, [...V8_FLAGS, ...(options.nodeArgs ?? []), "server/index.ts"]];
  const child = spawn(command, args, {
    cwd: options.appDir ?? root,
    // Its own process group, so that stopping reaches npm's children too.
    detached: options.npm === true,
    env: {
      // What `npm run serve` sets (unless set already), so that node started directly
      // runs as it does.
      ...MALLOC_SETTINGS,
      ...productionEnv(port, options.dataDir, {
        ...(options.publicUrl ? { PUBLIC_URL: baseURL } : {}),
        ...options.env,
      }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      if (options.npm) process.kill(-child.pid!, "SIGTERM");
      else child.kill("SIGTERM");
    }
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error("The server exited before it was ready.");
      if (Date.now() > deadline) throw new Error("The server did not start.");
      try {
        if ((await fetch(`${baseURL}/readyz`)).ok) break;
      } catch {
        // Not listening yet.
      }
      // Often enough that the measured start time is off by at most 50 ms.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const readyMs = performance.now() - started;
  const pid = options.npm ? findProcess(child.pid!, "server/index.ts") : child.pid!;
  if (pid === null) {
    await stop();
    throw new Error("npm run serve answered, but its server process was not found.");
  }
  return {
    baseURL,
    pid,
    readyMs,
    stop: async () => {
      await stop();
      // npm may exit before the server it started has closed its database.
      while (fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(procStatus(pid))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
