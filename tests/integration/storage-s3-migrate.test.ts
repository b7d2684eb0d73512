// `npm run storage:migrate`: local photos copied to a real S3-protocol server
// (s3rver, started here), every key verified, a second run a no-op, other bytes
// under a key replaced, and clear failures with a non-zero exit.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { s3Storage } from "#app/services/storage-s3.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { contentKey, type Storage } from "#app/services/storage.server.ts";
import { migrateStorage } from "#scripts/ops/storage-migrate.ts";
import { startS3Server, unreachableEndpoint, type TestS3Server } from "#tests/s3-server.ts";

vi.setConfig({ testTimeout: 30_000 });

const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/ops/storage-migrate.ts");
const PREFIX = "carlot/media";

let s3: TestS3Server;
let raw: S3Client;
let dataDir: string;
const files = new Map<string, Buffer>();

type Run = { code: number; stdout: string; stderr: string };

/** Runs the script as `npm run storage:migrate` would, with only `env` configured. */
function migrate(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT],
      {
        // No .env here: only the variables given.
        cwd: dataDir,
        env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await raw.send(
    new GetObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` }),
  );
  return Buffer.from(await object.Body!.transformToByteArray());
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "carlot-migrate" });
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-migrate-"));
  const local = localDiskStorage(path.join(dataDir, "media"));
  const kinds: [string, string][] = [
    ["listings", "webp"],
    ["listings", "avif"],
    ["listings", "webp"],
    ["categories", "webp"],
    ["avatars", "webp"],
  ];
  for (const [i, [prefix, extension]] of kinds.entries()) {
    const bytes = Buffer.from(`${prefix} picture ${i} ${"x".repeat(i * 1000)}`);
    const key = contentKey(prefix, bytes, extension);
    await local.put(key, bytes, `image/${extension}`);
    files.set(key, bytes);
  }
  // What an interrupted write leaves behind is not a photo.
  const [first] = files.keys();
  await fs.writeFile(path.join(dataDir, "media", `${first}.${randomUUID()}.tmp`), "half");
});
afterAll(async () => {
  raw?.destroy();
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("npm run storage:migrate", () => {
  test("copies every photo, typed and cacheable, and verifies each key", async () => {
    const run = await migrate(s3.env(PREFIX));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Copying photos from local disk ${path.join(dataDir, "media")} to s3://carlot-migrate/${PREFIX} at ${s3.endpoint} (us-east-1)`,
    );
    expect(run.stdout).toContain(
      "Files: 5. Copied 5, already there with the same bytes 0, replaced (other bytes there) 0.",
    );
    expect(run.stdout).toContain("Verified 5 of 5 keys by reading them back (SHA-256).");
    for (const [key, bytes] of files) {
      expect(await objectBytes(key)).toEqual(bytes);
      const head = await raw.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` }),
      );
      expect(head.ContentType).toBe(key.endsWith(".avif") ? "image/avif" : "image/webp");
      expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    }
    const target = s3Storage({
      bucket: s3.bucket,
      prefix: PREFIX,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const stored: string[] = [];
    for await (const key of target.list()) stored.push(key);
    await target.close();
    // The interrupted write's temporary file stayed behind.
    expect(stored.sort()).toEqual([...files.keys()].sort());
  });

  test("a second run copies nothing and still verifies every key", async () => {
    const before = await Promise.all(
      [...files.keys()].map((key) =>
        raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` })),
      ),
    );
    // Object times have one-second steps: a rewrite would show.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // As on a node of a PostgreSQL site: copying photos needs no AUTH_SECRET or database.
    const run = await migrate({
      ...s3.env(PREFIX),
      DATABASE_URL: "postgres://carlot@127.0.0.1:1/unreachable",
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Files: 5. Copied 0, already there with the same bytes 5, replaced (other bytes there) 0.",
    );
    expect(run.stdout).toContain("Verified 5 of 5 keys");
    const after = await Promise.all(
      [...files.keys()].map((key) =>
        raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` })),
      ),
    );
    expect(after.map((head) => head.LastModified?.getTime())).toEqual(
      before.map((head) => head.LastModified?.getTime()),
    );
  });

  test("other bytes under a key in the bucket are replaced by the local file", async () => {
    const [key, bytes] = [...files][1]!;
    await raw.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${PREFIX}/${key}`,
        Body: Buffer.from("damaged"),
      }),
    );
    const run = await migrate(s3.env(PREFIX));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Copied 0, already there with the same bytes 4, replaced (other bytes there) 1.",
    );
    expect(await objectBytes(key)).toEqual(bytes);
  });

  test("an unreachable store: a clear message and exit code 1, soon", async () => {
    const started = Date.now();
    const run = await migrate({ ...s3.env(PREFIX), S3_ENDPOINT: await unreachableEndpoint() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Photo storage \(s3:\/\/carlot-migrate\/carlot\/media at .*ECONNREFUSED/,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  test("without an s3:// STORAGE_URL there is nowhere to copy to", async () => {
    const run = await migrate({});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^STORAGE_URL is not an s3:\/\/ URL, so there is nowhere to copy/);
  });
});

describe("migrateStorage", () => {
  /** The local files, as a Storage. */
  const source = () => localDiskStorage(path.join(dataDir, "media"));

  /** A target on the real bucket whose reads of `broken` come back wrong. */
  function misreading(broken: string, answer: "other bytes" | "nothing" | "error"): Storage {
    const real = s3Storage({
      bucket: s3.bucket,
      // A fresh folder each time: every file is copied, then read back.
      prefix: `misread-${randomUUID()}`,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    let copied = false;
    return {
      ...real,
      async put(key, body, type) {
        await real.put(key, body, type);
        if (key === broken) copied = true;
      },
      async get(key) {
        if (key !== broken || !copied) return real.get(key);
        if (answer === "error") throw new Error("the store broke off");
        if (answer === "nothing") return null;
        const bytes = Buffer.from("not what was written");
        return { body: Readable.from([bytes]), contentType: "image/webp", length: bytes.length };
      },
    };
  }

  test("a key read back with other bytes, or not at all, is a mismatch", async () => {
    const [first, second] = [...files.keys()];
    const bytes = misreading(first!, "other bytes");
    const report = await migrateStorage({ source: source(), target: bytes });
    expect(report.mismatches).toEqual([
      { key: first, problem: "different bytes (SHA-256) after copying" },
    ]);
    expect(report.verified).toBe(4);
    await bytes.close();
    const nothing = misreading(second!, "nothing");
    const again = await migrateStorage({ source: source(), target: nothing });
    expect(again.mismatches).toEqual([{ key: second, problem: "missing after copying" }]);
    await nothing.close();
  });

  test("a key that cannot be read back is a failure, the others are verified", async () => {
    const [, , third] = [...files.keys()];
    const target = misreading(third!, "error");
    const report = await migrateStorage({ source: source(), target, concurrency: 1 });
    expect(report.failures).toEqual([{ key: third, problem: "the store broke off" }]);
    expect(report.verified).toBe(4);
    await target.close();
  });
});
