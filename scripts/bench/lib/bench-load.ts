// Load generation for npm run bench (scripts/bench/bench.ts): autocannon at full speed, a
// steady open-loop rate, one page asked again and again over kept-alive connections
// (render cost, npm run profile), and the met / NOT met wording. One request with exactly
// the headers given is scripts/dev/raw-get.ts.
import http from "node:http";

import autocannon from "autocannon";

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  errors: number;
}

function measured(result: autocannon.Result): Measured {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * As many requests as `connections` connections get answered: a 2-second warm-up,
 * then `duration` seconds measured. Any non-2xx answer or error fails the run.
 */
export async function loadFull(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; duration: number },
): Promise<Measured> {
  await autocannon({ url, connections: options.connections, duration: 2, headers });
  const result = measured(
    await autocannon({
      url,
      connections: options.connections,
      duration: options.duration,
      headers,
    }),
  );
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} non-2xx answers or errors`);
  return result;
}

/**
 * A steady `rate` requests per second for `duration` seconds (after a 1-second
 * warm-up at the same rate), over at most `connections` keep-alive connections: open
 * loop, one request every 1000 / `rate` ms whether or not earlier ones have been
 * answered, and each latency counted from when its request was due (so a server that
 * falls behind is charged for the queue it builds, as wrk2 does). autocannon's
 * `overallRate` is not used: it lets every connection send its share of each second
 * back to back as soon as the second starts, a burst at full concurrency followed by
 * silence, which measures that burst's queue rather than a fixed rate. Errors (non-2xx,
 * failed connections, no answer within 10 s) are counted, not thrown: the signed-in
 * target is "0 errors".
 */
export async function loadAtRate(
  url: string,
  headers: Record<string, string>,
  options: { rate: number; connections: number; duration: number },
  /** Called after the warm-up, right before the measured run. */
  measuring?: () => void,
): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  try {
    await paced(url, headers, agent, options.rate, 1);
    measuring?.();
    return await paced(url, headers, agent, options.rate, options.duration);
  } finally {
    agent.destroy();
  }
}

const ANSWER_TIMEOUT_MS = 10_000;

async function paced(
  url: string,
  headers: Record<string, string>,
  agent: http.Agent,
  rate: number,
  seconds: number,
): Promise<Measured> {
  const count = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  const sent: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(
      answered(url, headers, agent).then(
        () => void latencies.push(performance.now() - due),
        () => void errors++,
      ),
    );
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies.length === 0
      ? Infinity
      : Math.round(
          latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)]!,
        );
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    requests: count,
    errors,
  };
}

/** Resolves once a 2xx answer has been read to its end; rejects otherwise. */
function answered(url: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`status ${status}`));
      });
      response.on("error", reject);
    });
    request.setTimeout(ANSWER_TIMEOUT_MS, () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}

/** A GET over a kept-alive connection: the status and the body's bytes as sent. */
export function getKeptAlive(agent: http.Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Runs `task` `count` times, `connections` at once, each starting when one ends. */
export async function askTimes(
  count: number,
  connections: number,
  task: () => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        next++;
        await task();
      }
    }),
  );
}

export const verdict = (met: boolean) => (met ? "met" : "NOT met");

export const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
