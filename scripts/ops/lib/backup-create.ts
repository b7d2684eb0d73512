// Taking a backup (`npm run backup`, decision 012): the database (backup-database.ts),
// then the photos from the store, into one archive with the manifest last.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import type { Storage } from "#app/services/storage.server.ts";

import { writeArchive, type ArchiveSource } from "./archive.ts";
import { embeddedDatabase, postgresDump } from "./backup-database.ts";
import {
  BackupError,
  fileStamp,
  FORMAT,
  FORMAT_VERSION,
  type BackupHeader,
  type DatabaseKind,
  type FileRecord,
  type Log,
  type Manifest,
} from "./backup-format.ts";
import { firstStoredKey, mediaSources, mediaToBackUp } from "./backup-media.ts";
import { lockOrExplain, photoStore, storeFailed } from "./backup-site.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

function carlotVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

function pgliteVersion(): string {
  const file = path.join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

function resolveOutput(output: string | undefined, createdAt: Date): string {
  const target = path.resolve(output ?? "backups");
  const file = target.endsWith(".tar.gz")
    ? target
    : path.join(target, `carlot-backup-${fileStamp(createdAt)}.tar.gz`);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose another name.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

export type BackupOptions = {
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /**
   * Where the photos are (the driver the server's settings name); unset: local
   * disk in DATA_DIR/media. The caller closes it.
   */
  storage?: Storage;
  /** A directory (default ./backups) or a file name ending in .tar.gz. */
  output?: string;
  log?: Log;
};

/** A list for a log line: the first five, and "…" for more. */
const firstFive = (items: string[]) =>
  `${items.slice(0, 5).join(", ")}${items.length > 5 ? ", …" : ""}`;

/** Takes a backup; returns the archive's path and manifest. */
export async function createBackup(
  options: BackupOptions,
): Promise<{ file: string; manifest: Manifest }> {
  const log = options.log ?? (() => {});
  const createdAt = new Date();
  const kind: DatabaseKind = options.databaseUrl ? "postgres" : "pglite";
  const dataDir = path.resolve(options.dataDir);
  const store = photoStore(options, dataDir);
  if (kind === "pglite" && !fs.existsSync(path.join(dataDir, "pg", "PG_VERSION"))) {
    throw new BackupError(
      `There is no embedded database in ${path.join(dataDir, "pg")}. Check DATA_DIR (or set DATABASE_URL to back up PostgreSQL).`,
    );
  }
  const file = resolveOutput(options.output, createdAt);
  const parts = `${file}.parts`;

  const release = kind === "pglite" ? lockOrExplain(dataDir, "copied consistently") : () => {};
  try {
    // One request first: a store that cannot be reached fails before the database is read.
    await firstStoredKey(store);
    const { read, sources: databaseSources } =
      kind === "pglite"
        ? await embeddedDatabase(dataDir, log)
        : await postgresDump(options.databaseUrl!, parts, log);

    // Photos are copied after the database snapshot: files are written before the
    // rows that name them commit, so every key the snapshot refers to is stored.
    const media = await mediaToBackUp(store);
    const secretFile = path.join(dataDir, "auth-secret");
    const secret =
      kind === "pglite" && fs.existsSync(secretFile) ? await fsp.stat(secretFile) : null;

    const header: BackupHeader = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      carlotVersion: carlotVersion(),
      database: {
        kind,
        server: read.server,
        ...(kind === "pglite" ? { pgliteVersion: pgliteVersion() } : {}),
      },
      migrations: read.fingerprint.migrations,
    };
    const files: Record<string, FileRecord> = {};
    const mediaRecords: Record<string, FileRecord> = {};
    let missingMedia: string[] = [];
    let manifest: Manifest | null = null;
    let bytes = 0;
    async function* sources(): AsyncGenerator<ArchiveSource> {
      yield { name: "carlot-backup.json", data: Buffer.from(JSON.stringify(header, null, 2)) };
      yield* databaseSources;
      if (secret) {
        yield { name: "auth-secret", file: secretFile, size: secret.size, mtime: secret.mtime };
      }
      yield* mediaSources(store, media.keys, createdAt);
      // Every photo is in by now: missing is what the rows name and the store did not have.
      missingMedia = read.referenced.filter((key) => !mediaRecords[key]);
      manifest = {
        ...header,
        ...read.fingerprint,
        files,
        media: mediaRecords,
        referencedMedia: read.referenced.length,
        missingMedia,
      };
      yield { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest, null, 2)) };
    }
    log(`Writing ${file}…`);
    await writeArchive(file, sources(), (entry) => {
      bytes += entry.size;
      if (entry.name === "manifest.json") return;
      const record = { size: entry.size, sha256: entry.sha256 };
      if (entry.name.startsWith("media/")) mediaRecords[entry.name.slice("media/".length)] = record;
      else files[entry.name] = record;
    });
    const done = manifest as Manifest | null;
    if (!done) throw new Error("the manifest was not written");
    const rows = Object.values(done.tables).reduce((sum, table) => sum + table.rows, 0);
    log(
      `Backed up ${Object.keys(done.tables).length} tables (${rows} rows) at migration ` +
        `${done.migrations.last ?? "none"} and ${Object.keys(mediaRecords).length} media files (${formatBytes(bytes)} before compression).`,
    );
    if (missingMedia.length > 0) {
      log(
        `Warning: ${missingMedia.length} file(s) that rows refer to are not in ${store.describe()}` +
          (kind === "postgres" ? " (deleted while the backup ran, or missing before)" : "") +
          `: ${firstFive(missingMedia)}. ` +
          "They are listed in the manifest as missingMedia.",
      );
    }
    if (media.foreign.length > 0) {
      log(
        `Left out ${media.foreign.length} file(s) in ${store.describe()} whose names are not ` +
          `storage keys Carlot makes: ${firstFive(media.foreign)}.`,
      );
    }
    return { file, manifest: done };
  } catch (error) {
    await fsp.rm(file, { force: true });
    throw storeFailed(
      error,
      "No backup was written. Check the storage settings (STORAGE_URL, S3_ENDPOINT, credentials) " +
        "or wait until the store answers, then run the backup again.",
    );
  } finally {
    await fsp.rm(parts, { recursive: true, force: true });
    release();
  }
}
