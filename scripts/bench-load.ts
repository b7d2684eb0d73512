// Load generation and raw requests for npm run bench (scripts/bench.ts): autocannon
// at full speed or at a fixed rate, one request with exactly the headers given (no
// added Accept-Encoding, no decompression), and the met / NOT met wording.
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
 * `rate` requests per second in all, spread over `connections` connections, for
 * `duration` seconds (after a 1-second warm-up at the same rate). Errors are counted,
 * not thrown: the signed-in target is "0 errors".
 */
export async function loadAtRate(
  url: string,
  headers: Record<string, string>,
  options: { rate: number; connections: number; duration: number },
  /** Called after the warm-up, right before the measured run. */
  measuring?: () => void,
): Promise<Measured> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections,
      overallRate: options.rate,
      duration,
      headers,
    });
  await run(1);
  measuring?.();
  return measured(await run(options.duration));
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (still compressed if it was). */
  body: Buffer;
}

/** One GET with exactly these headers (unlike fetch, which adds and undoes compression). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

export const verdict = (met: boolean) => (met ? "met" : "NOT met");

export const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
