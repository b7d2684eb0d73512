// npm run backup / npm run restore (decision 012) on a real site in a DATA_DIR: the
// embedded database in the integration project, PostgreSQL (pg_dump/pg_restore) in
// integration-pg. A round trip brings back every table's rows and contents (counted
// and hashed with SQL here, apart from the scripts' own checks) and every photo;
// damaged, truncated, foreign or newer archives and occupied targets are refused
// with a message and leave the target untouched.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import zlib from "node:zlib";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { listing, listingPhoto } from "#app/db/schema.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { createBackup } from "#scripts/ops/lib/backup-create.ts";
import { BackupError, type BackupHeader } from "#scripts/ops/lib/backup-format.ts";
import { checkBackup } from "#scripts/ops/lib/backup-read.ts";
import { restoreBackup } from "#scripts/ops/lib/backup-restore.ts";
import { readArchive, writeArchive, type ArchiveSource } from "#scripts/ops/lib/archive.ts";

import {
  dropDatabases,
  lookAt,
  newSite,
  newTarget,
  openSite,
  type Site,
} from "./backup-helpers.ts";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
let root: string;

/** A site with photos on disk, a half-written photo and a file no row uses. */
async function makeSite(): Promise<Site> {
  const site = await newSite(root, (dataDir) => localDiskStorage(path.join(dataDir, "media")));
  const { dataDir } = site;
  // A photo write a killed process left half-done, and a file no row uses.
  await fs.writeFile(path.join(dataDir, "media", "listings", "half.webp.1234.tmp"), "partial");
  await fs.mkdir(path.join(dataDir, "media", "stray"), { recursive: true });
  await fs.writeFile(path.join(dataDir, "media", "stray", "orphan.webp"), "no row uses me");
  return site;
}

const emptyTarget = () => newTarget(root);

let site: Site;
let archive: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-backup-test-"));
  site = await makeSite();
  ({ file: archive } = await createBackup({ ...site, output: path.join(root, "archives") }));
}, 120_000);

afterAll(async () => {
  await dropDatabases();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

async function dirEntries(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => []);
}

// Each restore opens a database and checks it: seconds, not milliseconds.
describe(
  `backup and restore (${onPostgres ? "PostgreSQL" : "embedded database"})`,
  { timeout: 60_000 },
  () => {
    test("a round trip brings back every table's rows and contents and every photo", async () => {
      expect(path.basename(archive)).toMatch(
        /^carlot-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/,
      );
      const before = await lookAt(site);
      const target = await emptyTarget();
      const report = await restoreBackup({ archive, ...target });

      const after = await lookAt(target);
      expect(after.figures).toEqual(before.figures);
      for (const table of ["user", "listing", "listing_photo", "order", "category", "audit_log"]) {
        expect(after.figures.tables[table]!.rows, table).toBeGreaterThan(0);
      }
      expect(after.figures.tables.listing!.rows).toBe(2);
      expect(after.figures.tables.listing_photo!.rows).toBe(4);
      expect(report.rows).toBe(
        Object.values(before.figures.tables).reduce((sum, table) => sum + table.rows, 0),
      );

      // Every key a row refers to (photos in every rendition, categories, the avatar)
      // is readable after restoring, byte for byte the original.
      expect(after.keys).toEqual(before.keys);
      expect(after.keys.length).toBeGreaterThanOrEqual(4 * 3 + 4 + 1);
      for (const key of after.keys) {
        const restored = await fs.readFile(path.join(target.dataDir, "media", key));
        const original = await fs.readFile(path.join(site.dataDir, "media", key));
        expect(restored.equals(original), key).toBe(true);
      }
      // Files no row uses come along; half-written ones do not.
      expect(
        await fs.readFile(path.join(target.dataDir, "media", "stray", "orphan.webp"), "utf8"),
      ).toBe("no row uses me");
      await expect(
        fs.access(path.join(target.dataDir, "media", "listings", "half.webp.1234.tmp")),
      ).rejects.toThrow();
      expect(report.manifest.missingMedia).toEqual([]);
      expect(Object.keys(report.manifest.media)).toContain("stray/orphan.webp");

      // Carlot opens the restored site as it is: nothing to migrate, the cars and photos there.
      const { database } = await openSite(target);
      try {
        await database.migrate();
        const photos = await database.db
          .select({ title: listing.title, key: listingPhoto.largeKey })
          .from(listingPhoto)
          .innerJoin(listing, eq(listing.id, listingPhoto.listingId));
        expect(photos.map((photo) => photo.title).sort()).toEqual([
          "2017 Mazda 3 Grand Touring",
          "2017 Mazda 3 Grand Touring",
          "2020 Ford Ranger XLT",
          "2020 Ford Ranger XLT",
        ]);
      } finally {
        await database.close();
      }
      expect(await lookAt(target)).toEqual(after);
    });

    test("the archive's manifest names what it holds", async () => {
      const manifest = await checkBackup(archive);
      const before = await lookAt(site);
      expect(manifest.tables).toEqual(before.figures.tables);
      expect(manifest.migrations).toEqual(before.figures.migrations);
      expect(manifest.migrations.last).toMatch(/^\d{4}_/);
      expect(manifest.database.kind).toBe(onPostgres ? "postgres" : "pglite");
      expect(manifest.referencedMedia).toBe(before.keys.length);
      for (const key of before.keys)
        expect(manifest.media[key]?.sha256, key).toMatch(/^[0-9a-f]{64}$/);
    });

    test("a truncated archive is refused and the target is left as it was", async () => {
      const bytes = await fs.readFile(archive);
      const cut = path.join(root, "cut.tar.gz");
      await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const target = await emptyTarget();
      const error = await restoreBackup({ archive: cut, ...target }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(/ends too early.*Nothing was restored/);
      expect(await dirEntries(target.dataDir)).toEqual([]);
      await expect(checkBackup(cut)).rejects.toThrow(/ends too early/);
    });

    test("damaged bytes are refused: in the compressed data, and inside a valid archive", async () => {
      const bytes = Buffer.from(await fs.readFile(archive));
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      const flipped = path.join(root, "flipped.tar.gz");
      await fs.writeFile(flipped, bytes);
      await expect(checkBackup(flipped)).rejects.toThrow(/cannot be used|damaged/);

      // One photo changed and re-packed into a well-formed archive: its SHA-256 tells.
      const tampered = await repack(archive, "tampered.tar.gz", (entry) => {
        if (entry.name.startsWith("media/listings/") && entry.data[0] !== undefined) {
          const data = Buffer.from(entry.data);
          data[data.length - 1]! ^= 0x01;
          return { ...entry, data };
        }
        return entry;
      });
      const target = await emptyTarget();
      await expect(restoreBackup({ archive: tampered, ...target })).rejects.toThrow(
        /is damaged: media\/listings\/.* differs from its SHA-256/,
      );
      expect(await dirEntries(target.dataDir)).toEqual([]);

      // Something that is not a Carlot backup at all.
      const foreign = path.join(root, "foreign.tar.gz");
      await writeArchive(foreign, toSources([{ name: "notes.txt", data: Buffer.from("hello") }]));
      await expect(checkBackup(foreign)).rejects.toThrow(/not a Carlot backup/);
      const notGzip = path.join(root, "plain.tar.gz");
      await fs.writeFile(notGzip, "just text");
      await expect(checkBackup(notGzip)).rejects.toThrow(/not valid gzip data/);
    });

    test("a backup from a newer Carlot, or of the other database kind, is refused", async () => {
      const newer = await repack(archive, "newer.tar.gz", (entry) => {
        if (entry.name !== "carlot-backup.json") return entry;
        const header = JSON.parse(entry.data.toString("utf8")) as BackupHeader;
        header.migrations = { ...header.migrations, last: "0099_future", lastWhen: 9e15 };
        return { ...entry, data: Buffer.from(JSON.stringify(header)) };
      });
      const target = await emptyTarget();
      await expect(restoreBackup({ archive: newer, ...target })).rejects.toThrow(
        /comes from a newer Carlot.*0099_future.*Upgrade Carlot first/,
      );
      const other = onPostgres
        ? { dataDir: target.dataDir }
        : { dataDir: target.dataDir, databaseUrl: "postgres://nobody@127.0.0.1:1/none" };
      await expect(restoreBackup({ archive, ...other })).rejects.toThrow(
        onPostgres ? /holds a PostgreSQL database; set DATABASE_URL/ : /holds an embedded database/,
      );
      expect(await dirEntries(target.dataDir)).toEqual([]);
    });

    test("an occupied target is refused; --force sets the old data aside and restores", async () => {
      const target = await emptyTarget();
      await restoreBackup({ archive, ...target });
      const again = await restoreBackup({ archive, ...target }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(BackupError);
      expect((again as Error).message).toMatch(/not empty.*--force/);

      const forced = await restoreBackup({ archive, ...target, force: true });
      if (onPostgres) {
        // The database is replaced; the photos there before are set aside.
        expect(forced.setAside).toMatch(/replaced-/);
        expect(await dirEntries(path.join(forced.setAside!))).toEqual(["media"]);
      } else {
        expect(await dirEntries(forced.setAside!)).toEqual(["media", "pg"]);
      }
      expect((await lookAt(target)).figures).toEqual((await lookAt(site)).figures);
    });

    test.skipIf(onPostgres)(
      "the embedded database is not copied while Carlot runs: a clear refusal",
      async () => {
        // A live process (not this one) holds the data directory, as a server would.
        const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
        try {
          await fs.writeFile(path.join(site.dataDir, "carlot.lock"), String(holder.pid));
          const error = await createBackup({ ...site, output: path.join(root, "refused") }).catch(
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(BackupError);
          expect((error as Error).message).toMatch(
            new RegExp(`Carlot is running \\(pid ${holder.pid}\\).*Stop Carlot first`),
          );
          expect(await dirEntries(path.join(root, "refused"))).toEqual([]);
        } finally {
          holder.kill();
          await fs.rm(path.join(site.dataDir, "carlot.lock"), { force: true });
        }
      },
    );
  },
);

type MemoryEntry = { name: string; data: Buffer };

async function* toSources(entries: (MemoryEntry | ArchiveSource)[]): AsyncGenerator<ArchiveSource> {
  yield* entries;
}

/** Rewrites an archive entry by entry (directories kept) through `change`. */
async function repack(
  source: string,
  name: string,
  change: (entry: MemoryEntry) => MemoryEntry,
): Promise<string> {
  const entries: ArchiveSource[] = [];
  await readArchive(
    source,
    (entryName) => {
      if (entryName.endsWith("/")) entries.push({ name: entryName, directory: true });
      return "memory";
    },
    (entry) => {
      entries.push(change({ name: entry.name, data: entry.data! }));
    },
  );
  const target = path.join(root, name);
  await writeArchive(target, toSources(entries));
  // Still a well-formed gzip stream.
  zlib.gunzipSync(await fs.readFile(target));
  return target;
}
