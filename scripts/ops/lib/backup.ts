// `npm run backup` / `npm run restore` (decision 012): one .tar.gz holding a
// consistent snapshot of the database and the photos, with a manifest of what it
// holds (rows and content hash per table, migration level, every file's SHA-256),
// checked again after restoring.
//
// Archive layout, in this order:
//   carlot-backup.json        what kind of backup this is (read first, to refuse early)
//   database/pg/…             the embedded database's files (PGlite), or
//   database/postgres.dump    pg_dump --format=custom (PostgreSQL)
//   auth-secret               the generated session secret (embedded setup, if any)
//   media/<key>               every stored photo and picture
//   manifest.json             sizes and SHA-256 of all of the above, table figures
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import { DataDirLockedError, lockDataDir } from "#app/db/client.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { StorageUnavailableError, type Storage } from "#app/services/storage.server.ts";

import {
  compareFingerprints,
  fingerprint,
  journal,
  referencedMediaKeys,
  type Fingerprint,
  type MigrationLevel,
  type Query,
} from "./fingerprint.ts";
import {
  firstStoredKey,
  mediaSources,
  mediaToBackUp,
  putMedia,
  verifyMedia,
} from "./backup-media.ts";
import { runPgTool } from "./pg-tools.ts";
import { ArchiveError, readArchive, writeArchive, type ArchiveSource } from "./archive.ts";

export const FORMAT = "carlot-backup";
export const FORMAT_VERSION = 1;

/** A refusal or failure with a message for the operator (no stack trace needed). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/**
 * How `npm run backup` and `npm run restore` end on a failure: the message; the usage
 * for a mistyped flag; the stack only for what is not a BackupError (a bug, not a
 * refusal). Exits with 1.
 */
export function failed(error: unknown, usage: string): never {
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof TypeError && "code" in error) console.error(usage);
  else if (!(error instanceof BackupError) && error instanceof Error && error.stack)
    console.error(error.stack);
  process.exit(1);
}

export type DatabaseKind = "pglite" | "postgres";

/** The first entry: enough to refuse a wrong restore before unpacking anything. */
export type BackupHeader = {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  carlotVersion: string;
  database: { kind: DatabaseKind; server: string; pgliteVersion?: string };
  migrations: MigrationLevel;
};

export type FileRecord = { size: number; sha256: string };

export type Manifest = BackupHeader &
  Fingerprint & {
    /** Every entry but the manifest itself (database files, auth-secret). */
    files: Record<string, FileRecord>;
    /** Stored photos and pictures by storage key. */
    media: Record<string, FileRecord>;
    /** How many distinct keys rows refer to. */
    referencedMedia: number;
    /** Keys rows refer to whose files were not there when the backup was taken. */
    missingMedia: string[];
  };

type Log = (line: string) => void;

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

/** "2026-11-22T19-30-00Z": an ISO time that is also a portable file name. */
export function fileStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

type FileOnDisk = { relative: string; file: string; size: number; mtime: Date };

/** Every folder under `root` (relative paths with "/"). */
async function directoriesUnder(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort();
}

/** Every regular file under `root` (relative paths with "/"), or none if it is absent. */
async function filesUnder(root: string): Promise<FileOnDisk[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: FileOnDisk[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fsp.stat(file);
    const relative = path.relative(root, file).split(path.sep).join("/");
    files.push({ relative, file, size: stat.size, mtime: stat.mtime });
  }
  return files.sort((a, b) => (a.relative < b.relative ? -1 : 1));
}

function lockOrExplain(dataDir: string, doing: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const pid = /pid (\d+)/.exec(error.message)?.[1] ?? "?";
    throw new BackupError(
      `Carlot is running (pid ${pid}) and has ${path.resolve(dataDir)} open. The embedded database ` +
        `cannot be ${doing} while it runs. Stop Carlot first (systemctl stop carlot, or Ctrl+C), ` +
        `run this again, then start Carlot. (With PostgreSQL, backups run while Carlot runs.)`,
    );
  }
}

const pgliteQuery =
  (tx: Pick<PGlite, "query">): Query =>
  async (text) =>
    (await tx.query<Record<string, unknown>>(text)).rows;

/** Figures and referenced keys of an embedded database, read in one transaction. */
async function readPglite(client: PGlite) {
  return client.transaction(async (tx) => {
    const query = pgliteQuery(tx);
    const [version] = await query("select version() as v");
    return {
      fingerprint: await fingerprint(query),
      referenced: await referencedMediaKeys(query),
      server: String(version!.v),
    };
  });
}

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

/** Photos in DATA_DIR/media unless the options name another store. */
const photoStore = (options: { storage?: Storage }, dataDir: string): Storage =>
  options.storage ?? localDiskStorage(path.join(dataDir, "media"));

/** A store that failed: its own words, and what that means for this command. */
function storeFailed(error: unknown, outcome: string): unknown {
  return error instanceof StorageUnavailableError
    ? new BackupError(`${error.message}. ${outcome}`)
    : error;
}

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
    let read: { fingerprint: Fingerprint; referenced: string[]; server: string };
    const databaseSources: ArchiveSource[] = [];
    if (kind === "pglite") {
      const pgDir = path.join(dataDir, "pg");
      log(`Reading the embedded database in ${pgDir}…`);
      const client = await PGlite.create(pgDir);
      try {
        read = await readPglite(client);
        // Everything committed is in the data files, so the copy needs no WAL replay.
        await client.exec("checkpoint");
      } finally {
        await client.close();
      }
      // The directory lock keeps every other process out until the copy is done.
      // PostgreSQL needs its empty folders too (pg_notify, pg_tblspc…).
      for (const dir of await directoriesUnder(pgDir)) {
        databaseSources.push({ name: `database/pg/${dir}`, directory: true });
      }
      for (const entry of await filesUnder(pgDir)) {
        databaseSources.push({ name: `database/pg/${entry.relative}`, ...entry });
      }
    } else {
      const url = options.databaseUrl!;
      await fsp.mkdir(parts, { recursive: true });
      const dumpFile = path.join(parts, "postgres.dump");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // One snapshot for the figures and for pg_dump, so they describe the same rows.
        await client.query("begin isolation level repeatable read read only");
        const [exported] = (await client.query("select pg_export_snapshot() as id")).rows as {
          id: string;
        }[];
        const query: Query = async (text) => (await client.query(text)).rows;
        const [version] = await query("select version() as v");
        read = {
          fingerprint: await fingerprint(query),
          referenced: await referencedMediaKeys(query),
          server: String(version!.v),
        };
        log("Dumping the PostgreSQL database with pg_dump…");
        await runPgTool(
          "pg_dump",
          ["--format=custom", `--snapshot=${exported!.id}`, `--file=${dumpFile}`],
          url,
        );
        await client.query("commit");
      } finally {
        await client.end().catch(() => undefined);
      }
      const stat = await fsp.stat(dumpFile);
      databaseSources.push({
        name: "database/postgres.dump",
        file: dumpFile,
        size: stat.size,
        mtime: stat.mtime,
      });
    }

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
          `: ${missingMedia.slice(0, 5).join(", ")}${missingMedia.length > 5 ? ", …" : ""}. ` +
          "They are listed in the manifest as missingMedia.",
      );
    }
    if (media.foreign.length > 0) {
      log(
        `Left out ${media.foreign.length} file(s) in ${store.describe()} whose names are not ` +
          `storage keys Carlot makes: ${media.foreign.slice(0, 5).join(", ")}${media.foreign.length > 5 ? ", …" : ""}.`,
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

// ── Reading and restoring ───────────────────────────────────────────────────

function parseHeader(data: Buffer): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(data.toString("utf8")) as BackupHeader;
  } catch {
    throw new ArchiveError("carlot-backup.json is not valid JSON");
  }
  if (header?.format !== FORMAT) throw new ArchiveError("this is not a Carlot backup");
  if (header.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `This backup has format version ${header.formatVersion}; this copy of Carlot reads version ${FORMAT_VERSION}. Use the Carlot release that made it (${header.carlotVersion}) or a newer one.`,
    );
  }
  return header;
}

/** Refuses a backup whose database is newer than this copy's migrations. */
function checkMigrationLevel(header: BackupHeader) {
  const known = journal();
  const newest = known.at(-1)!;
  if (header.migrations.lastWhen !== null && header.migrations.lastWhen > newest.when) {
    throw new BackupError(
      `This backup comes from a newer Carlot (${header.carlotVersion}): its database is at migration ` +
        `${header.migrations.last}, and this copy knows migrations up to ${newest.tag}. ` +
        "Upgrade Carlot first, then restore.",
    );
  }
}

type ReadResult = {
  header: BackupHeader;
  manifest: Manifest;
  entries: Map<string, FileRecord>;
};

/**
 * Reads the whole archive, sending each entry where `place` says, and checks
 * every entry against the manifest. `onHeader` may refuse before anything else.
 */
async function readBackup(
  archive: string,
  place: (name: string) => string | null,
  onHeader: (header: BackupHeader) => void,
): Promise<ReadResult> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  const entries = new Map<string, FileRecord>();
  let first = true;
  try {
    await readArchive(
      archive,
      (name) => {
        if (first && name !== "carlot-backup.json") {
          throw new ArchiveError(
            "this is not a Carlot backup (it does not start with carlot-backup.json)",
          );
        }
        first = false;
        if (name === "carlot-backup.json" || name === "manifest.json") return "memory";
        if (name.endsWith("/")) {
          if (!name.startsWith("database/pg/")) throw new ArchiveError(`unexpected folder ${name}`);
          const target = place(name);
          return target ? { file: target } : "skip";
        }
        if (manifest) throw new ArchiveError(`an entry follows the manifest (${name})`);
        const known =
          name.startsWith("database/pg/") ||
          name === "database/postgres.dump" ||
          name === "auth-secret" ||
          name.startsWith("media/");
        if (!known) throw new ArchiveError(`unexpected entry ${name}`);
        const target = place(name);
        return target ? { file: target } : "skip";
      },
      (entry) => {
        if (entry.name === "carlot-backup.json") {
          header = parseHeader(entry.data!);
          onHeader(header);
          entries.set(entry.name, { size: entry.size, sha256: entry.sha256 });
        } else if (entry.name === "manifest.json") {
          try {
            manifest = JSON.parse(entry.data!.toString("utf8")) as Manifest;
          } catch {
            throw new ArchiveError("manifest.json is not valid JSON");
          }
        } else {
          entries.set(entry.name, { size: entry.size, sha256: entry.sha256 });
        }
      },
    );
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(`${archive} cannot be used: ${error.message}. Nothing was restored.`);
    }
    throw error;
  }
  const done = manifest as Manifest | null;
  if (!header || !done) {
    throw new BackupError(`${archive} cannot be used: it has no manifest. Nothing was restored.`);
  }
  const problems: string[] = [];
  const expected = new Map<string, FileRecord>([
    ...Object.entries(done.files),
    ...Object.entries(done.media).map(([key, record]) => [`media/${key}`, record] as const),
  ]);
  for (const [name, record] of expected) {
    const got = entries.get(name);
    if (!got) problems.push(`${name} is missing`);
    else if (got.size !== record.size || got.sha256 !== record.sha256)
      problems.push(`${name} differs from its SHA-256 in the manifest`);
  }
  for (const name of entries.keys()) {
    if (!expected.has(name)) problems.push(`${name} is not in the manifest`);
  }
  if (problems.length > 0) {
    throw new BackupError(
      `${archive} is damaged: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? `; and ${problems.length - 5} more` : ""}. Nothing was restored.`,
    );
  }
  return { header, manifest: done, entries };
}

class Stop extends Error {}

/** Reads only the archive's first entry (carlot-backup.json). */
async function peekHeader(archive: string): Promise<BackupHeader> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  let header: BackupHeader | null = null;
  try {
    await readArchive(
      archive,
      (name) => {
        if (name !== "carlot-backup.json") {
          throw new ArchiveError(
            "this is not a Carlot backup (it does not start with carlot-backup.json)",
          );
        }
        return "memory";
      },
      (entry) => {
        header = parseHeader(entry.data!);
        throw new Stop();
      },
    );
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(`${archive} cannot be used: ${error.message}. Nothing was restored.`);
    }
    if (!(error instanceof Stop)) throw error;
  }
  if (!header)
    throw new BackupError(`${archive} cannot be used: it is empty. Nothing was restored.`);
  return header;
}

/** Checks an archive's integrity (every file against the manifest) without restoring it. */
export async function checkBackup(archive: string): Promise<Manifest> {
  const { manifest } = await readBackup(
    path.resolve(archive),
    () => null,
    () => {},
  );
  return manifest;
}

export type RestoreOptions = {
  archive: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where the photos go (the driver the server's settings name); unset: DATA_DIR/media. The caller closes it. */
  storage?: Storage;
  /**
   * Restore over existing data (set aside in DATA_DIR/replaced-<time>, or dropped on
   * PostgreSQL; photos in a bucket overwritten under the same keys, none deleted).
   */
  force?: boolean;
  log?: Log;
};

export type RestoreReport = {
  manifest: Manifest;
  tables: number;
  rows: number;
  media: number;
  /** Where the data that was there before went (--force on the embedded database). */
  setAside: string | null;
};

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    const names = await fsp.readdir(dir);
    return names.every((name) => name === "carlot.lock");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Refuses a bucket (or prefix) that holds photos already, unless forced, and one
 * that cannot be reached: before anything is changed.
 */
async function checkStoreIsFree(store: Storage, force: boolean | undefined): Promise<void> {
  let first: string | null;
  try {
    first = await firstStoredKey(store);
  } catch (error) {
    throw storeFailed(error, "Nothing was restored.");
  }
  if (first !== null && !force) {
    throw new BackupError(
      `${store.describe()} already holds photos (${first}, …). Restore into an empty bucket or ` +
        "prefix (another STORAGE_URL), or add --force to store the backup's photos there as well: " +
        "photos under the same keys are overwritten, nothing is deleted. Nothing was restored.",
    );
  }
}

function checkReferences(referenced: string[], manifest: Manifest): string[] {
  const missing = new Set(manifest.missingMedia);
  return referenced
    .filter((key) => !manifest.media[key] && !missing.has(key))
    .map((key) => `${key} is referred to but is not in the backup`);
}

/** Restores an archive into DATA_DIR (and DATABASE_URL), then verifies it. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  const kind: DatabaseKind = options.databaseUrl ? "postgres" : "pglite";
  // The first entry says what the archive holds: refuse a wrong restore at once.
  const header = await peekHeader(archive);
  if (header.database.kind !== kind) {
    throw new BackupError(
      header.database.kind === "pglite"
        ? "This backup holds an embedded database; unset DATABASE_URL to restore it into DATA_DIR."
        : "This backup holds a PostgreSQL database; set DATABASE_URL to the (empty) database to restore it into.",
    );
  }
  checkMigrationLevel(header);
  const store = photoStore(options, dataDir);
  // Photos in a bucket are stored through its driver; on local disk they are renamed into place.
  const inBucket = store.kind !== "local";
  if (inBucket) await checkStoreIsFree(store, options.force);

  let dbClient: pg.Client | null = null;
  if (kind === "pglite") {
    if (!options.force && !(await isEmptyDir(dataDir))) {
      throw new BackupError(
        `${dataDir} is not empty. Restore into a new or empty DATA_DIR, or add --force to set its ` +
          `current contents aside in ${path.join(dataDir, "replaced-<time>")} and restore in their place.`,
      );
    }
  } else {
    if (!inBucket && !options.force && !(await isEmptyDir(path.join(dataDir, "media")))) {
      throw new BackupError(
        `${path.join(dataDir, "media")} is not empty. Use a new or empty DATA_DIR, or add --force to set ` +
          `the current photos aside in ${path.join(dataDir, "replaced-<time>")}.`,
      );
    }
    dbClient = new pg.Client({ connectionString: options.databaseUrl });
    await dbClient.connect();
    const [tables] = (
      await dbClient.query(
        `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
      )
    ).rows as { n: number }[];
    if (tables!.n > 0 && !options.force) {
      await dbClient.end();
      throw new BackupError(
        "The database in DATABASE_URL is not empty. Restore into a new empty database " +
          "(createdb), or add --force to drop the tables the backup holds and restore them.",
      );
    }
  }

  await fsp.mkdir(dataDir, { recursive: true });
  const release = kind === "pglite" ? lockOrExplain(dataDir, "restored") : () => {};
  const stamp = fileStamp(new Date());
  const staging = path.join(dataDir, `.restore-${stamp}`);
  try {
    log(`Reading and checking ${archive}…`);
    const { manifest } = await readBackup(
      archive,
      (name) => {
        if (name.startsWith("database/pg/")) return path.join(staging, "pg", name.slice(12));
        if (name.startsWith("media/")) return path.join(staging, "media", name.slice(6));
        return path.join(staging, name.replace(/^database\//, ""));
      },
      () => {},
    );
    log(
      `The archive is intact: ${Object.keys(manifest.media).length} media files match the manifest.`,
    );

    let referenced: string[];
    let restored: Fingerprint;
    if (kind === "pglite") {
      log("Opening the restored database and comparing every table with the manifest…");
      // PostgreSQL refuses a data folder others may read.
      await fsp.chmod(path.join(staging, "pg"), 0o700);
      const client = await PGlite.create(path.join(staging, "pg"));
      try {
        const read = await readPglite(client);
        restored = read.fingerprint;
        referenced = read.referenced;
      } finally {
        await client.close();
      }
    } else {
      log("Restoring with pg_restore…");
      await runPgTool(
        "pg_restore",
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--single-transaction",
          ...(options.force ? ["--clean", "--if-exists"] : []),
          path.join(staging, "postgres.dump"),
        ],
        options.databaseUrl!,
      );
      const client = dbClient!;
      await client.query("begin isolation level repeatable read read only");
      const query: Query = async (text) => (await client.query(text)).rows;
      restored = await fingerprint(query);
      referenced = await referencedMediaKeys(query);
      await client.query("commit");
    }
    const problems = [
      ...compareFingerprints(manifest, restored),
      ...checkReferences(referenced, manifest),
    ];
    if (problems.length > 0) {
      throw new BackupError(
        `The restored database does not match the backup's manifest: ${problems.join("; ")}.` +
          (kind === "pglite" ? " Nothing was changed in DATA_DIR." : ""),
      );
    }

    if (inBucket) {
      // Before the embedded database moves into place: a store failing now changes nothing there.
      log(`Storing ${Object.keys(manifest.media).length} photos in ${store.describe()}…`);
      try {
        await putMedia(store, path.join(staging, "media"), manifest.media);
      } catch (error) {
        throw storeFailed(
          error,
          (kind === "postgres"
            ? "The database is restored, but not every photo is stored. "
            : "Nothing was changed in DATA_DIR, but some photos may be stored already. ") +
            "Once the store answers, run the restore again with --force (photos already stored are overwritten with the same bytes).",
        );
      }
    }

    // Into place: the staging folder is inside DATA_DIR, so these are renames.
    const placed = inBucket ? ["pg", "auth-secret"] : ["pg", "media", "auth-secret"];
    const moving = placed.filter((name) => fs.existsSync(path.join(staging, name)));
    let setAside: string | null = null;
    const aside = path.join(dataDir, `replaced-${stamp}`);
    for (const name of kind === "pglite" ? placed : placed.filter((name) => name === "media")) {
      if (!fs.existsSync(path.join(dataDir, name))) continue;
      await fsp.mkdir(aside, { recursive: true });
      await fsp.rename(path.join(dataDir, name), path.join(aside, name));
      setAside = aside;
    }
    for (const name of moving) {
      await fsp.rename(path.join(staging, name), path.join(dataDir, name));
    }
    if (!inBucket) await fsp.mkdir(path.join(dataDir, "media"), { recursive: true });
    if (setAside) log(`What was in ${dataDir} before is now in ${setAside}.`);

    const mediaProblems = await verifyMedia(store, manifest.media);
    if (mediaProblems.length > 0) {
      throw new BackupError(
        `Restored, but some photos cannot be read back: ${mediaProblems.slice(0, 5).join("; ")}.`,
      );
    }
    const rows = Object.values(restored.tables).reduce((sum, table) => sum + table.rows, 0);
    log(
      `Restored and verified: ${Object.keys(restored.tables).length} tables (${rows} rows, every ` +
        `content hash equal) at migration ${restored.migrations.last ?? "none"}, and ` +
        `${Object.keys(manifest.media).length} media files read back with matching SHA-256.`,
    );
    if (manifest.missingMedia.length > 0) {
      log(
        `Warning: the backup recorded ${manifest.missingMedia.length} referenced file(s) as already missing when it was taken.`,
      );
    }
    return {
      manifest,
      tables: Object.keys(restored.tables).length,
      rows,
      media: Object.keys(manifest.media).length,
      setAside,
    };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    await dbClient?.end().catch(() => undefined);
    release();
  }
}
