// npm run backup / npm run restore (decision 012) with photos in an S3-compatible
// bucket (s3rver, started here), on PostgreSQL in integration-pg and on the embedded
// database in integration: the commands themselves, with the variables the server
// reads, carry a site from bucket A into an empty database and bucket B with every
// table's rows and contents (counted and hashed with SQL here) and every photo's
// bytes. A store that cannot be reached or fails midway ends in a clear message,
// exit code 1 and no archive; an occupied bucket is refused unless --force, which
// overwrites and deletes nothing.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { s3Storage } from "#app/services/storage-s3.server.ts";
import {
  contentTypeOf,
  StorageUnavailableError,
  type Storage,
} from "#app/services/storage.server.ts";
import { createBackup } from "#scripts/ops/lib/backup-create.ts";
import { BackupError } from "#scripts/ops/lib/backup-format.ts";
import { checkBackup } from "#scripts/ops/lib/backup-read.ts";
import { restoreBackup } from "#scripts/ops/lib/backup-restore.ts";
import { digest, readAll } from "#scripts/ops/lib/storage-copy.ts";
import {
  S3RVER_CREDENTIALS,
  startS3Server,
  unreachableEndpoint,
  type TestS3Server,
} from "#tests/s3-server.ts";

import { dropDatabases, lookAt, newSite, newTarget, type Site } from "./backup-helpers.ts";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
const SCRIPTS = path.resolve(import.meta.dirname, "../../scripts/ops");
const SITE = { bucket: "carlot-site", prefix: "site/media" };
const RESTORED = { bucket: "carlot-restored", prefix: "restored/media" };

let s3: TestS3Server;
let root: string;
let site: Site;
let archive: string;
const stores: Storage[] = [];

/** The driver Carlot uses, on `bucket`/`prefix` of the test server. */
function storeAt(place: { bucket: string; prefix: string }): Storage {
  const store = s3Storage({
    ...place,
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  stores.push(store);
  return store;
}

/** The variables that point the scripts at `place` (as they point the server). */
function storageEnv(place: { bucket: string; prefix: string }): Record<string, string> {
  return { ...s3.env(), STORAGE_URL: `s3://${place.bucket}/${place.prefix}` };
}

/** Every key in a store with its size and SHA-256, read through the driver. */
async function contents(store: Storage): Promise<Map<string, { size: number; sha256: string }>> {
  const found = new Map<string, { size: number; sha256: string }>();
  for await (const key of store.list()) {
    const object = await store.get(key);
    if (!object) throw new Error(`${key} is listed but cannot be read`);
    found.set(key, await digest(object.body));
  }
  return found;
}

type Run = { code: number; stdout: string; stderr: string };

/** Runs `npm run backup` or `npm run restore` with only `env` configured (no .env). */
function run(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      [path.join(SCRIPTS, `${script}.ts`), ...args],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          ...(process.env.PG_BIN_DIR ? { PG_BIN_DIR: process.env.PG_BIN_DIR } : {}),
          NODE_ENV: "production",
          ...env,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The variables that point the scripts at a site's data (as they point the server). */
function dataEnv(target: Site): Record<string, string> {
  return {
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
}

/** Nothing restored into `target`: no DATA_DIR (or an empty one) and no tables. */
async function expectUntouched(target: Site) {
  expect(await fs.readdir(target.dataDir).catch(() => [])).toEqual([]);
  if (!target.databaseUrl) return;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    expect(rows[0]!.n).toBe(0);
  } finally {
    await client.end();
  }
}

const noStackTrace = /\n\s+at /;

describe(
  `backup and restore with photos on S3 (${onPostgres ? "PostgreSQL" : "embedded database"})`,
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-backup-s3-"));
      s3 = await startS3Server({ bucket: SITE.bucket });
      const raw = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      try {
        await raw.send(new CreateBucketCommand({ Bucket: RESTORED.bucket }));
      } finally {
        raw.destroy();
      }
      // A site whose photos, category pictures and avatar are in bucket A, and an
      // object there that no row uses.
      const store = storeAt(SITE);
      site = await newSite(root, () => store);
      await store.put("stray/orphan.webp", Buffer.from("no row uses me"), "image/webp");
    }, 120_000);

    afterAll(async () => {
      for (const store of stores) await store.close();
      await dropDatabases();
      await s3?.close();
      if (root) await fs.rm(root, { recursive: true, force: true });
    });

    test("a round trip from bucket A to an empty database and bucket B: every table and every photo equal", async () => {
      const backup = await run("backup", ["--output", path.join(root, "archives")], {
        ...dataEnv(site),
        ...storageEnv(SITE),
      });
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      archive = /^Backup written in .* s: (.+\.tar\.gz)$/m.exec(backup.stdout)![1]!;

      // The archive holds every object of bucket A, byte for byte, and the database's figures.
      const before = await lookAt(site);
      const inA = await contents(storeAt(SITE));
      expect(inA.size).toBeGreaterThanOrEqual(4 * 3 + 4 + 1 + 1);
      expect(backup.stdout).toContain(`and ${inA.size} media files`);
      const manifest = await checkBackup(archive);
      expect(new Map(Object.entries(manifest.media))).toEqual(inA);
      expect(manifest.tables).toEqual(before.figures.tables);
      expect(manifest.referencedMedia).toBe(before.keys.length);
      expect(manifest.missingMedia).toEqual([]);

      const target = await newTarget(root);
      const restore = await run("restore", [archive], {
        ...dataEnv(target),
        ...storageEnv(RESTORED),
      });
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(
        `Storing ${inA.size} photos in s3://carlot-restored/restored/media`,
      );
      expect(restore.stdout).toMatch(
        /Restored and verified: \d+ tables .*every content hash equal/,
      );

      // Checked again from outside the scripts: rows and content hashes per table…
      const after = await lookAt(target);
      expect(after.figures).toEqual(before.figures);
      expect(after.figures.tables.listing!.rows).toBe(2);
      expect(after.figures.tables.listing_photo!.rows).toBe(4);
      // …and every key readable from bucket B with A's bytes, the referenced ones included.
      const inB = await contents(storeAt(RESTORED));
      expect(inB).toEqual(inA);
      for (const key of after.keys) expect(inB.get(key)?.sha256, key).toBe(inA.get(key)!.sha256);
      // The photos went to the bucket, not to disk; nothing of the restore is left there.
      expect(await fs.readdir(target.dataDir)).toEqual(onPostgres ? [] : ["pg"]);
    });

    test("a store that cannot be reached: the backup says so, exits 1 and leaves no archive", async () => {
      const output = path.join(root, "down");
      const started = Date.now();
      const backup = await run("backup", ["--output", output], {
        ...dataEnv(site),
        ...storageEnv(SITE),
        S3_ENDPOINT: await unreachableEndpoint(),
      });
      expect(backup.code).toBe(1);
      expect(backup.stderr).toMatch(
        /^Photo storage \(s3:\/\/carlot-site\/site\/media at http:\/\/127\.0\.0\.1:\d+ \(us-east-1\)\) could not list its files: .*ECONNREFUSED.*\. No backup was written\./,
      );
      expect(backup.stderr).not.toMatch(noStackTrace);
      expect(await fs.readdir(output).catch(() => [])).toEqual([]);
      expect(Date.now() - started).toBeLessThan(30_000);
    });

    test("a store that fails midway through the photos: no archive is left", async () => {
      const real = storeAt(SITE);
      let reads = 0;
      const failing: Storage = {
        ...real,
        async get(key) {
          const object = await real.get(key);
          if (!object || ++reads !== 3) return object;
          // The connection drops after the first bytes of the third photo.
          const cut = async function* () {
            for await (const chunk of object.body) {
              yield chunk as Buffer;
              throw new Error("socket hang up");
            }
          };
          return { ...object, body: Readable.from(cut()) };
        },
      };
      const output = path.join(root, "midway");
      const error = await createBackup({ ...site, storage: failing, output }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(
        /^Photo storage \(s3:\/\/carlot-site\/site\/media .*\) could not read .*: socket hang up\. No backup was written\./,
      );
      expect(await fs.readdir(output)).toEqual([]);
    });

    test("rows that name a photo the bucket no longer holds: a warning naming the store, and missingMedia", async () => {
      const store = storeAt(SITE);
      const { keys } = await lookAt(site);
      const gone = keys.find((key) => key.startsWith("listings/"))!;
      const bytes = await readAll((await store.get(gone))!.body);
      await store.delete(gone);
      try {
        const lines: string[] = [];
        const { manifest } = await createBackup({
          ...site,
          storage: store,
          output: path.join(root, "missing"),
          log: (line) => lines.push(line),
        });
        expect(manifest.missingMedia).toEqual([gone]);
        expect(manifest.media[gone]).toBeUndefined();
        expect(lines.join("\n")).toContain(
          `Warning: 1 file(s) that rows refer to are not in s3://carlot-site/site/media at ${s3.endpoint} (us-east-1)` +
            `${onPostgres ? " (deleted while the backup ran, or missing before)" : ""}: ${gone}.`,
        );
      } finally {
        await store.put(gone, bytes, contentTypeOf(gone));
      }
    });

    test("a bucket that holds photos already: refused without --force, nothing changed; --force overwrites and deletes nothing", async () => {
      const occupied = { bucket: RESTORED.bucket, prefix: "occupied/media" };
      const store = storeAt(occupied);
      const manifest = await checkBackup(archive);
      const [replaced] = Object.keys(manifest.media).filter((key) => key.startsWith("listings/"));
      await store.put("stray/keep.webp", Buffer.from("was here first"), "image/webp");
      await store.put(replaced!, Buffer.from("other bytes under that key"), "image/webp");
      const there = await contents(store);

      const target = await newTarget(root);
      const env = { ...dataEnv(target), ...storageEnv(occupied) };
      const refused = await run("restore", [archive], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^s3:\/\/carlot-restored\/occupied\/media at .* already holds photos \(.+\).*add --force.*nothing is deleted\. Nothing was restored\./,
      );
      expect(refused.stderr).not.toMatch(noStackTrace);
      expect(await contents(store)).toEqual(there);
      await expectUntouched(target);

      const forced = await run("restore", [archive, "--force"], env);
      expect(forced.stderr).toBe("");
      expect(forced.code).toBe(0);
      const now = await contents(store);
      expect(now.get("stray/keep.webp")).toEqual(there.get("stray/keep.webp"));
      for (const [key, record] of Object.entries(manifest.media))
        expect(now.get(key), key).toEqual(record);
      expect(now.size).toBe(Object.keys(manifest.media).length + 1);
      expect((await lookAt(target)).figures).toEqual((await lookAt(site)).figures);
    });

    test("a store that cannot be reached: the restore says so, exits 1 and changes nothing", async () => {
      const target = await newTarget(root);
      const restore = await run("restore", [archive], {
        ...dataEnv(target),
        ...storageEnv({ bucket: RESTORED.bucket, prefix: "never" }),
        S3_ENDPOINT: await unreachableEndpoint(),
      });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(
        /^Photo storage \(s3:\/\/carlot-restored\/never .*could not list its files: .*ECONNREFUSED.*\. Nothing was restored\./,
      );
      expect(restore.stderr).not.toMatch(noStackTrace);
      await expectUntouched(target);
    });

    test("a store that fails while the photos are stored: an error that says what is done, never success", async () => {
      const real = storeAt({ bucket: RESTORED.bucket, prefix: "failing/media" });
      let puts = 0;
      const failing: Storage = {
        ...real,
        async put(key, body, contentType) {
          if (++puts === 3) {
            throw new StorageUnavailableError(
              `Photo storage (${real.describe()}) could not store ${key}: socket hang up`,
            );
          }
          await real.put(key, body, contentType);
        },
      };
      const target = await newTarget(root);
      const lines: string[] = [];
      const error = await restoreBackup({
        archive,
        ...target,
        storage: failing,
        log: (line) => lines.push(line),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(
        onPostgres
          ? /could not store .*: socket hang up\. The database is restored, but not every photo is stored\. .*run the restore again with --force/
          : /could not store .*: socket hang up\. Nothing was changed in DATA_DIR, but some photos may be stored already\. .*run the restore again with --force/,
      );
      expect(lines.join("\n")).not.toContain("Restored and verified");
      // The database (PostgreSQL) is there, but nothing is left on disk by the restore.
      expect(await fs.readdir(target.dataDir)).toEqual([]);
    });
  },
);
