// `npm run profile -- --data-dir DIR [--url /products/sedan] [--requests 2000]
// [--email bench.buyer@example.com] [--out profiles]`
// Where one page's time goes (issue 29). Starts the production server of this
// checkout's build on the bench's data (made by `npm run bench -- --data-dir DIR`) with
// the page cache off, warms the page up, then asks it `--requests` times over two
// kept-alive connections while V8's inspector samples the main thread: its CPU (every
// 250 µs) and what it allocates (collected objects included). Prints the CPU per
// request of every thread (as `npm run bench -- --render-cost` counts it), the main
// thread's busiest functions by their own time and with what they call, and the
// allocation per request by function; writes the CPU profile (open it in Chromium's
// DevTools, Performance tab) and its folded stacks (a flame graph:
// speedscope, inferno, flamegraph.pl) into `--out`. `--email` asks as that bench
// account, signed in. The embedded database's thread is not sampled: its time is in
// the per-thread line.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

import { askTimes, getKeptAlive } from "./lib/bench-load.ts";
import { signIn } from "./lib/bench-signed-in.ts";
import {
  foldedStacks,
  summariseAllocations,
  summariseCpu,
  type CpuProfile,
  type HeapProfile,
  type Share,
} from "./lib/profile-summary.ts";
import {
  freePort,
  root,
  startProductionServer,
  threadCpuMs,
  THREAD_PARTS,
} from "#scripts/dev/production-server.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    url: { type: "string", default: "/products/sedan" },
    requests: { type: "string", default: "2000" },
    email: { type: "string" },
    out: { type: "string", default: "profiles" },
  },
});
const REQUESTS = Number(values.requests);
const WARM_UPS = 200;
const dataDir = values["data-dir"];
if (!dataDir || !fs.existsSync(path.join(dataDir, "pg"))) {
  console.error(
    "--data-dir names the bench's embedded data: make it with `npm run bench -- --data-dir DIR` first.",
  );
  process.exit(1);
}
if (!Number.isInteger(REQUESTS) || REQUESTS < 1 || !values.url.startsWith("/")) {
  console.error("--requests takes a positive whole number, --url a path (/products/sedan).");
  process.exit(1);
}
if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("There is no build: run `npm run build` first.");
  process.exit(1);
}

/** A connection to the server's inspector (Chrome DevTools Protocol over its WebSocket). */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  let last = 0;
  type Answer = { id?: number; result?: unknown; error?: { message: string } };
  const waiting = new Map<number, (answer: Answer) => void>();
  socket.addEventListener("message", (event) => {
    const answer = JSON.parse(String(event.data)) as Answer;
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
  });
  return {
    call<T>(method: string, params: object = {}): Promise<T> {
      const id = ++last;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) =>
        waiting.set(id, (answer) =>
          answer.error
            ? reject(new Error(`${method}: ${answer.error.message}`))
            : resolve(answer.result as T),
        ),
      );
    },
    close: () => socket.close(),
  };
}

const inspectPort = await freePort();
const server = await startProductionServer({
  dataDir,
  env: { PAGE_CACHE_MB: "0" },
  nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`],
});
try {
  const headers: Record<string, string> = {
    accept: "text/html",
    "accept-encoding": "gzip, deflate, br, zstd",
  };
  if (values.email) headers.cookie = await signIn(server.baseURL, values.email);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const ask = (count: number) =>
    askTimes(count, 2, async () => {
      const { status } = await getKeptAlive(agent, `${server.baseURL}${values.url}`, headers);
      if (status !== 200) throw new Error(`${values.url} answered ${status}.`);
    });
  await ask(WARM_UPS);

  const session = await inspector(inspectPort);
  await session.call("Profiler.enable");
  await session.call("Profiler.setSamplingInterval", { interval: 250 });
  await session.call("HeapProfiler.enable");
  await session.call("Profiler.start");
  await session.call("HeapProfiler.startSampling", {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const before = threadCpuMs(server.pid);
  await ask(REQUESTS);
  const after = threadCpuMs(server.pid);
  const { profile: heap } = await session.call<{ profile: HeapProfile }>(
    "HeapProfiler.stopSampling",
  );
  const { profile: cpu } = await session.call<{ profile: CpuProfile }>("Profiler.stop");
  session.close();
  agent.destroy();

  fs.mkdirSync(values.out, { recursive: true });
  const name = values.url.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "home";
  const cpuFile = path.join(values.out, `${name}.cpuprofile`);
  const foldedFile = path.join(values.out, `${name}.folded`);
  fs.writeFileSync(cpuFile, JSON.stringify(cpu));
  fs.writeFileSync(foldedFile, foldedStacks(cpu));

  const ms = (value: number) => value.toFixed(3);
  console.log(`${values.url}: ${REQUESTS} requests after ${WARM_UPS} warm-ups, page cache off.`);
  if (before && after) {
    const parts = THREAD_PARTS.map(
      (part) => `${part} ${ms((after[part] - before[part]) / REQUESTS)}`,
    );
    console.log(`CPU ms per request by thread (sampling included): ${parts.join(" · ")}`);
  }
  const summary = summariseCpu(cpu, REQUESTS);
  console.log(
    `Main thread busy ${ms(summary.busyMsPerRequest)} ms a request, garbage collection ${ms(summary.gcMsPerRequest)} of it.`,
  );
  const table = (shares: Share[]) =>
    console.table(
      shares.map((share) => ({
        function: share.frame,
        "ms/req": ms(share.msPerRequest),
        "%": share.percent.toFixed(1),
      })),
    );
  console.log("\nBy own time:");
  table(summary.self);
  console.log("\nWith what they call:");
  table(summary.inclusive);
  const allocations = summariseAllocations(heap, REQUESTS);
  console.log(`\nAllocated ${allocations.kbPerRequest.toFixed(0)} KB a request; by function:`);
  console.table(
    allocations.self.map((site) => ({
      function: site.frame,
      "KB/req": site.kbPerRequest.toFixed(1),
    })),
  );
  console.log(`\nWrote ${cpuFile} and ${foldedFile}.`);
} finally {
  await server.stop();
}
