// Several server processes on one machine (WEB_CONCURRENCY, with PostgreSQL): this process forks
// them (node:cluster), they share its port, and it keeps them running. Each is a whole Carlot, as
// a node behind a load balancer is: its own page cache and data caches, kept in step with the
// others by PostgreSQL's page-change notifications; sessions, rate limits and start-up (migrations
// under an advisory lock) are shared through the database. The embedded database belongs to one
// process, so without DATABASE_URL there is one process (and the environment check says why).
import cluster, { type Worker } from "node:cluster";

/** A process that stops within this long after starting counts as failing to start. */
const QUICK_EXIT_MS = 10_000;

/**
 * How many processes `WEB_CONCURRENCY` asks for, when it asks for more than one and
 * can have them; otherwise null (one process: the environment check reports a bad or
 * impossible value with the rest of the settings).
 */
export function processCount(env: Record<string, string | undefined>): number | null {
  const text = env.WEB_CONCURRENCY?.trim();
  if (!text || !/^\d+$/.test(text)) return null;
  const count = Number(text);
  return count > 1 && count <= 64 && env.DATABASE_URL ? count : null;
}

/**
 * Runs `count` server processes and keeps them running: one that stops is replaced,
 * unless they keep stopping right after starting (a wrong setting), which ends this
 * process with an error. SIGTERM or SIGINT is passed on to every process, which
 * finishes its open requests; this process exits when they have.
 */
export function superviseProcesses(count: number): void {
  // The same node flags (V8's heap settings) for every process.
  cluster.setupPrimary({ execArgv: process.execArgv });
  const startedAt = new Map<number, number>();
  let stopping = false;
  let quickExits = 0;
  let announced = false;

  const start = () => startedAt.set(cluster.fork().id, Date.now());

  cluster.on("listening", (_worker: Worker, address) => {
    if (announced) return;
    announced = true;
    const host = !address.address || address.address === "0.0.0.0" ? "localhost" : address.address;
    console.log(`Carlot is running at http://${host}:${address.port} (${count} processes)`);
  });
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (startedAt.size === 0) process.exit();
      return;
    }
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (lived < QUICK_EXIT_MS && ++quickExits >= count * 2) {
      process.exitCode = 1;
      stop(
        "SIGTERM",
        `Carlot's processes keep stopping right after they start (${how}); see their messages above. Stopping.`,
      );
      return;
    }
    console.error(`A Carlot process stopped (${how}); starting another.`);
    start();
  });

  function stop(signal: NodeJS.Signals, why?: string) {
    if (stopping) return;
    stopping = true;
    if (why) console.error(why);
    else console.log(`${signal} received: every process finishes its open requests, then stops.`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each process forces its own exit after 10 s; this is the last resort.
    setTimeout(() => process.exit(1), 15_000).unref();
    if (startedAt.size === 0) process.exit();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let i = 0; i < count; i++) start();
}
