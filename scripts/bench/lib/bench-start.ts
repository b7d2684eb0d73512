// For npm run bench (scripts/bench/bench.ts): how long `npm run serve` takes to be ready
// on an existing database and how much memory the idle server then holds.

import { rssBytes, startProductionServer, type PortRange } from "#scripts/dev/production-server.ts";

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
