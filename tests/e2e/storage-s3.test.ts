// The production build with its photos on an S3-compatible store (s3rver, started
// here): pictures go to the bucket and not to DATA_DIR/media, /media streams them
// with the caching headers, MEDIA_PUBLIC_URL sends browsers to the store itself (and
// the CSP allows it), and a store that goes away answers 503 while the site lives on.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startS3Server, type TestS3Server } from "#tests/s3-server.ts";
import { freePort } from "#scripts/dev/production-server.ts";

type Node = { url: string; dataDir: string; child: ChildProcess; log: () => string };

const PREFIX = "site";
let s3: TestS3Server;
let raw: S3Client;
const nodes: Node[] = [];

/** A production server (embedded database, no demo data) storing photos on `s3`. */
async function startNode(extra: Record<string, string> = {}): Promise<Node> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-e2e-s3-"));
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: "",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      ...s3.env(PREFIX),
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  }
  const node = { url, dataDir, child, log: () => log };
  nodes.push(node);
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.ok) return node;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready:\n${log}`);
}

/** The picture URLs on the home page (category cards). */
async function homePictures(
  node: Node,
): Promise<{ urls: string[]; csp: string; cache: string | null }> {
  const response = await fetch(`${node.url}/`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const urls = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  return {
    urls,
    csp: response.headers.get("content-security-policy") ?? "",
    cache: response.headers.get("x-cache"),
  };
}

/** Error lines (pino level 50 and up) in a node's log. */
function loggedErrors(node: Node): string[] {
  return node
    .log()
    .split("\n")
    .filter((line) => /"level":(5|6)\d/.test(line));
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "carlot-e2e" });
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}, 30_000);

afterAll(async () => {
  for (const node of nodes) {
    if (node.child.exitCode === null) {
      node.child.kill("SIGTERM");
      await new Promise((resolve) => node.child.once("exit", resolve));
    }
    await fs.rm(node.dataDir, { recursive: true, force: true });
  }
  raw?.destroy();
  await s3?.close();
});

describe("photos on S3-compatible storage", () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode();
  });

  test("start-up names the storage; the pictures are in the bucket, none on local disk", async () => {
    expect(node.log()).toContain(`"storage":"s3://carlot-e2e/${PREFIX} at ${s3.endpoint}`);
    const listed = await raw.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/categories/` }),
    );
    expect(listed.Contents?.length ?? 0).toBeGreaterThanOrEqual(4);
    const local = await fs.readdir(path.join(node.dataDir, "media")).catch(() => []);
    expect(local).toEqual([]);
  });

  test("/media streams them with a year of immutable caching, type, length and tag", async () => {
    const { urls } = await homePictures(node);
    const media = urls.filter((url) => url.startsWith("/media/categories/"));
    expect(media.length).toBeGreaterThanOrEqual(4);
    const key = media[0]!.slice("/media/".length);
    const response = await fetch(`${node.url}${media[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.length));
    const stored = await raw.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` }),
    );
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(body);
  });

  test("a missing or unsafe key is 404", async () => {
    for (const missing of [
      "/media/categories/00/00000000000000000000000000000000.webp",
      "/media/..%2F..%2Fetc%2Fpasswd",
    ]) {
      const response = await fetch(`${node.url}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });

  test("with MEDIA_PUBLIC_URL, pages point at the store and the CSP allows it", async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}/${PREFIX}`;
    const cdn = await startNode({ MEDIA_PUBLIC_URL: publicUrl });
    const { urls, csp } = await homePictures(cdn);
    const pictures = urls.filter((url) => url.startsWith(`${publicUrl}/categories/`));
    expect(pictures.length).toBeGreaterThanOrEqual(4);
    const imgSrc = new RegExp(`img-src 'self' data: blob: ${s3.endpoint}(;|$)`);
    expect(csp).toMatch(imgSrc);
    // The page cache's stored copy carries the same policy.
    const again = await homePictures(cdn);
    expect(again.cache).toBe("hit");
    expect(again.csp).toMatch(imgSrc);
    // Straight from the store: the caching headers were stored with the object.
    const response = await fetch(pictures[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await response.arrayBuffer();
    expect(loggedErrors(cdn)).toEqual([]);
  });

  test("a store that goes away: /media answers 503, the site keeps running", async () => {
    const { urls } = await homePictures(node);
    const picture = urls.find((url) => url.startsWith("/media/"))!;
    await s3.close();
    const response = await fetch(`${node.url}${picture}`);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(
      "Photos are unavailable right now. Please try again in a minute.",
    );
    const health = await fetch(`${node.url}/healthz`);
    expect(health.status).toBe(200);
    await health.text();
    const home = await fetch(`${node.url}/`);
    expect(home.status).toBe(200);
    await home.text();
    expect(node.child.exitCode).toBeNull();
    expect(node.log()).toContain("a stored file could not be read");
    expect(loggedErrors(node)).toEqual([]);
  });
});
