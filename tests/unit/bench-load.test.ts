// The bench's fixed-rate load (scripts/bench/lib/bench-load.ts): requests arrive evenly spaced,
// not in a burst at the start of each second, and a server that falls behind is
// charged for its queue (latency counted from when each request was due).
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, test } from "vitest";

import { askTimes, loadAtRate } from "#scripts/bench/lib/bench-load.ts";

let server: http.Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A server that answers after `delayMs`, one request at a time, recording arrivals. */
async function serve(delayMs: number): Promise<{ url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  let busyUntil = 0;
  server = http.createServer((_req, res) => {
    const now = performance.now();
    arrivals.push(now);
    busyUntil = Math.max(busyUntil, now) + delayMs;
    setTimeout(() => res.end("ok"), busyUntil - now);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, arrivals };
}

describe("loadAtRate", () => {
  test("sends a steady rate, evenly spaced", async () => {
    const { url, arrivals } = await serve(1);
    let measuredFrom = 0;
    const result = await loadAtRate(url, {}, { rate: 100, connections: 10, duration: 1 }, () => {
      measuredFrom = arrivals.length;
    });
    expect(result.errors).toBe(0);
    expect(result.requests).toBe(100);
    expect(result.rps).toBeGreaterThanOrEqual(90);
    const measured = arrivals.slice(measuredFrom);
    expect(measured).toHaveLength(100);
    // Ten milliseconds apart: never ten at once, never a long silence.
    const gaps = measured.slice(1).map((at, i) => at - measured[i]!);
    expect(Math.max(...gaps)).toBeLessThan(40);
    const bunched = measured.filter((at, i) => i >= 4 && at - measured[i - 4]! < 5).length;
    expect(bunched).toBe(0);
    expect(result.p99).toBeLessThan(40);
  });

  test("a server that falls behind is charged for the queue it builds", async () => {
    // 20 ms per request against one every 10 ms: the queue grows for the whole run.
    const { url } = await serve(20);
    const result = await loadAtRate(url, {}, { rate: 100, connections: 10, duration: 1 });
    expect(result.errors).toBe(0);
    expect(result.rps).toBeLessThan(90);
    expect(result.p99).toBeGreaterThan(500);
  });
});

describe("askTimes", () => {
  test("runs the task exactly count times, never more than `connections` at once", async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    await askTimes(25, 3, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      done++;
    });
    expect(done).toBe(25);
    expect(most).toBe(3);
  });
});
