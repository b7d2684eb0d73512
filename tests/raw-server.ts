// A real HTTP server on a free port of 127.0.0.1 for one test, and a GET to it that
// shows the response exactly as sent (scripts/dev/raw-get.ts): for the tests of what
// the server puts on the wire (compression, the page dictionary, the page cache).
import http from "node:http";
import type { AddressInfo } from "node:net";

import { onTestFinished } from "vitest";

import { rawGet, type RawResponse } from "#scripts/dev/raw-get.ts";

export type RawGet = (
  path: string,
  headers?: Record<string, string>,
  method?: string,
) => Promise<RawResponse>;

/** Serves `handler` until the calling test ends; returns a raw request of a path on it. */
export async function serveRaw(handler: http.RequestListener): Promise<RawGet> {
  const server = http.createServer(handler);
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return (path, headers = {}, method = "GET") =>
    rawGet(`http://127.0.0.1:${port}${path}`, headers, method);
}
