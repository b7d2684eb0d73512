// The backup archive's tar layer: archives written by the hand-made ustar writer
// Carlot used until issue 24 (scripts/lib/tar.ts) still read and check, and the
// writer keeps every name, folder and byte through a round trip.
//
// fixtures/old-backup.tar.gz is a small Carlot backup that old writer made from the
// entries below, as `npm run backup` wrote them: the header first, folders, an empty
// file, files of one block and one block and a byte, a path over 100 bytes (ustar's
// prefix field), the manifest last.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { BackupHeader } from "#scripts/ops/lib/backup-format.ts";
import { checkBackup } from "#scripts/ops/lib/backup-read.ts";
import { readArchive, writeArchive, type ArchiveSource } from "#scripts/ops/lib/archive.ts";

const OLD_ARCHIVE = path.join(import.meta.dirname, "fixtures", "old-backup.tar.gz");

const FOLDERS = [
  "database/pg/",
  "database/pg/base/",
  "database/pg/base/1/",
  "database/pg/pg_notify/",
];

/** Bytes that differ from one position to the next, so that an off-by-one shows. */
const pattern = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251));

const LONG_KEY = `listings/2026/05/${"0123456789abcdef".repeat(5)}-medium.webp`;

const FILES: Record<string, Buffer> = {
  "database/pg/PG_VERSION": Buffer.from("18\n"),
  "database/pg/base/1/empty": Buffer.alloc(0),
  "database/pg/base/1/one-block": pattern(512, 1),
  "database/pg/base/1/one-block-and-a-byte": pattern(513, 2),
  "database/pg/global/pg_control": pattern(8192, 3),
  "auth-secret": Buffer.from("old-writer-secret-0123456789abcdef0123"),
  [`media/${LONG_KEY}`]: pattern(3000, 4),
};

const HEADER: BackupHeader = {
  format: "carlot-backup",
  formatVersion: 1,
  createdAt: "2026-11-26T07:00:00.000Z",
  carlotVersion: "0.1.0",
  database: { kind: "pglite", server: "PostgreSQL 18.6 (PGlite 0.5.16)", pgliteVersion: "0.5.16" },
  migrations: { applied: 16, last: "0015_held_mail_queue", lastWhen: 1795653763798 },
};

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-archive-test-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Every entry of `archive` in order: files with their bytes, folders created under `into`. */
async function readAll(archive: string, into: string) {
  const entries: { name: string; size: number; sha256: string; data: Buffer }[] = [];
  await readArchive(
    archive,
    (name) => (name.endsWith("/") ? { file: path.join(into, name) } : "memory"),
    (entry) => {
      entries.push({ name: entry.name, size: entry.size, sha256: entry.sha256, data: entry.data! });
    },
  );
  return entries;
}

describe("an archive written by the old hand-made writer", () => {
  test("reads entry by entry: every name, size, SHA-256 and byte, folders made", async () => {
    const into = path.join(dir, "old");
    const entries = await readAll(OLD_ARCHIVE, into);
    expect(entries.map((entry) => entry.name)).toEqual([
      "carlot-backup.json",
      ...Object.keys(FILES),
      "manifest.json",
    ]);
    expect(JSON.parse(entries[0]!.data.toString("utf8"))).toEqual(HEADER);
    for (const entry of entries.slice(1, -1)) {
      const want = FILES[entry.name]!;
      expect(entry.data.equals(want), entry.name).toBe(true);
      expect(entry, entry.name).toMatchObject({ size: want.length, sha256: sha256(want) });
    }
    for (const folder of FOLDERS) {
      expect((await fs.stat(path.join(into, folder))).isDirectory(), folder).toBe(true);
    }
  });

  test("checks as a Carlot backup: every entry matches its manifest", async () => {
    const manifest = await checkBackup(OLD_ARCHIVE);
    expect(manifest.migrations).toEqual(HEADER.migrations);
    expect(Object.keys(manifest.media)).toEqual([LONG_KEY]);
    expect(manifest.files["database/pg/base/1/one-block-and-a-byte"]).toEqual({
      size: 513,
      sha256: sha256(FILES["database/pg/base/1/one-block-and-a-byte"]!),
    });
  });
});

test("what the writer writes reads back the same: long paths, folders, empty files", async () => {
  const archive = path.join(dir, "round-trip.tar.gz");
  const written: { name: string; size: number; sha256: string }[] = [];
  async function* sources(): AsyncGenerator<ArchiveSource> {
    for (const name of FOLDERS) yield { name, directory: true };
    for (const [name, data] of Object.entries(FILES)) yield { name, data };
    // A stream of bytes and a file on disk, as photos and database files are written.
    const body = pattern(70_000, 5);
    const stream = (async function* () {
      yield body.subarray(0, 1000);
      yield body.subarray(1000);
    })();
    yield { name: "media/streamed.webp", body: stream, size: body.length, mtime: new Date() };
    const file = path.join(dir, "on-disk");
    await fs.writeFile(file, pattern(1024, 6));
    yield { name: "database/pg/on-disk", file, size: 1024, mtime: new Date() };
  }
  await writeArchive(archive, sources(), (entry) => written.push(entry));
  const entries = await readAll(archive, path.join(dir, "round-trip"));
  expect(entries.map(({ name, size, sha256 }) => ({ name, size, sha256 }))).toEqual(written);
  expect(entries.map((entry) => entry.name)).toEqual([
    ...Object.keys(FILES),
    "media/streamed.webp",
    "database/pg/on-disk",
  ]);
  for (const [name, data] of Object.entries(FILES)) {
    expect(entries.find((entry) => entry.name === name)!.data.equals(data), name).toBe(true);
  }
});
