// /media over S3 on a real HTTP server: the same caching headers as files served
// from local disk, 404 for missing or unsafe keys, and 503 (never a crash) while
// the S3 endpoint is unreachable.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";

import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { s3Storage } from "#app/services/storage-s3.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { MEDIA_ROUTE, type Storage } from "#app/services/storage.server.ts";
import { MEDIA_UNAVAILABLE, mediaRoute } from "#server/media.ts";
import { securityHeaders } from "#server/security.ts";
import { startS3Server, unreachableEndpoint, type TestS3Server } from "#tests/s3-server.ts";

const KEY = "listings/5a/5a0123456789abcdef0123456789abcd.webp";
const BYTES = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 a picture's bytes");

let s3: TestS3Server;
let dir: string;
let stores: Storage[] = [];
let servers: Server[] = [];

function s3At(endpoint: string): Storage {
  const storage = s3Storage({
    bucket: s3.bucket,
    prefix: "media",
    endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    timeouts: { connectMs: 500, responseMs: 1_500, idleMs: 1_500 },
    maxAttempts: 2,
  });
  stores.push(storage);
  return storage;
}

/** A real HTTP server with /media mounted the way server/app.ts mounts it. */
async function serve(handlers: express.RequestHandler[]): Promise<string> {
  const app = express();
  app.use(securityHeaders({ dev: false }));
  app.use(MEDIA_ROUTE, ...handlers);
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  servers.push(server);
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "carlot-media" });
  await s3At(s3.endpoint).put(KEY, BYTES, "image/webp");
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-media-route-"));
  await localDiskStorage(dir).put(KEY, BYTES, "image/webp");
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const storage of stores) await storage.close();
  servers = [];
  stores = [];
  await s3.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("/media over S3", () => {
  let base: string;
  beforeAll(async () => {
    base = await serve(mediaRoute(s3At(s3.endpoint), dir));
  });

  test("200 with the bytes, a year of immutable caching, type, length and entity tag", async () => {
    const response = await fetch(`${base}/media/${KEY}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BYTES);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe(String(BYTES.length));
    expect(response.headers.get("etag")).toBe(`"${createHash("md5").update(BYTES).digest("hex")}"`);
    expect(response.headers.get("last-modified")).toMatch(/GMT$/);
  });

  test("the same caching headers as files served from local disk", async () => {
    const local = await serve(mediaRoute(localDiskStorage(dir), dir));
    const [fromS3, fromDisk] = await Promise.all([
      fetch(`${base}/media/${KEY}`),
      fetch(`${local}/media/${KEY}`),
    ]);
    for (const name of ["cache-control", "content-type", "content-length"]) {
      expect(fromS3.headers.get(name), name).toBe(fromDisk.headers.get(name));
    }
    await Promise.all([fromS3.arrayBuffer(), fromDisk.arrayBuffer()]);
  });

  test("pictures are this site's own, unless pages load them from MEDIA_PUBLIC_URL", async () => {
    const own = await fetch(`${base}/media/${KEY}`);
    expect(own.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    await own.arrayBuffer();
    const storage = s3At(s3.endpoint);
    for (const local of [false, true]) {
      const cdn = await serve(
        mediaRoute(local ? localDiskStorage(dir) : storage, dir, {
          publicUrl: "https://media.example.com",
        }),
      );
      const shared = await fetch(`${cdn}/media/${KEY}`);
      expect(shared.status).toBe(200);
      expect(shared.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      await shared.arrayBuffer();
    }
  });

  test("HEAD answers the headers only; a known entity tag answers 304", async () => {
    const head = await fetch(`${base}/media/${KEY}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(BYTES.length));
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag")!;
    // (fetch would add "Cache-Control: no-cache" to a conditional request: a reload.)
    const again = await fetch(`${base}/media/${KEY}`, {
      headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("a missing key is 404", async () => {
    const response = await fetch(`${base}/media/listings/00/00000000000000000000000000000000.webp`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });

  test("keys we could not have made are 404 without asking the store", async () => {
    for (const unsafe of [
      "/media/..%2F..%2Fetc%2Fpasswd",
      "/media/listings/%2e%2e/x.webp",
      "/media/Listings/5A/X.webp",
      "/media/",
      "/media/listings//x.webp",
    ]) {
      const response = await fetch(`${base}${unsafe}`);
      expect(response.status, unsafe).toBe(404);
      await response.text();
    }
  });

  test("other methods are refused with Allow", async () => {
    const response = await fetch(`${base}/media/${KEY}`, { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    await response.text();
  });
});

describe("/media while S3 is unreachable", () => {
  test("503 with a plain message, and the server keeps answering", async () => {
    const base = await serve(mediaRoute(s3At(await unreachableEndpoint()), dir));
    const started = Date.now();
    const response = await fetch(`${base}/media/${KEY}`);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.text()).toBe(MEDIA_UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(5_000);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    await health.text();
  });

  test("a store that goes away while the site runs: 200, then 503", async () => {
    const other = await startS3Server({ bucket: "going-away" });
    const storage = s3Storage({
      bucket: other.bucket,
      prefix: "",
      endpoint: other.endpoint,
      region: other.region,
      forcePathStyle: true,
      credentials: { accessKeyId: other.accessKeyId, secretAccessKey: other.secretAccessKey },
      timeouts: { connectMs: 500, responseMs: 1_500, idleMs: 1_500 },
      maxAttempts: 2,
    });
    stores.push(storage);
    await storage.put(KEY, BYTES, "image/webp");
    const base = await serve(mediaRoute(storage, dir));
    const before = await fetch(`${base}/media/${KEY}`);
    expect(before.status).toBe(200);
    await before.arrayBuffer();
    await other.close();
    const after = await fetch(`${base}/media/${KEY}`);
    expect(after.status).toBe(503);
    expect(await after.text()).toBe(MEDIA_UNAVAILABLE);
  });
});
