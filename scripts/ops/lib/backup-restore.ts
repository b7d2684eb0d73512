// Restoring a backup (`npm run restore`): refuses a wrong or occupied target before
// anything changes, unpacks into a staging folder inside DATA_DIR, opens the restored
// database and compares every table with the manifest, stores the photos, and only
// then moves everything into place and reads every photo back.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import type { Storage } from "#app/services/storage.server.ts";

import {
  BackupError,
  fileStamp,
  type BackupHeader,
  type DatabaseKind,
  type Log,
  type Manifest,
} from "./backup-format.ts";
import { firstStoredKey, putMedia, verifyMedia } from "./backup-media.ts";
import { peekHeader, readBackup } from "./backup-read.ts";
import { lockOrExplain, photoStore, readFigures, readPglite, storeFailed } from "./backup-site.ts";
import { compareFingerprints, journal, type Fingerprint } from "./fingerprint.ts";
import { runPgTool } from "./pg-tools.ts";

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

/** The archive's first entry: refuses one of the other database kind, or from a newer Carlot. */
async function refuseWrongArchive(archive: string, kind: DatabaseKind): Promise<void> {
  const header = await peekHeader(archive);
  if (header.database.kind !== kind) {
    throw new BackupError(
      header.database.kind === "pglite"
        ? "This backup holds an embedded database; unset DATABASE_URL to restore it into DATA_DIR."
        : "This backup holds a PostgreSQL database; set DATABASE_URL to the (empty) database to restore it into.",
    );
  }
  checkMigrationLevel(header);
}

/**
 * Refuses a DATA_DIR, photo folder or database that holds data already, unless
 * forced. On PostgreSQL, returns the connection the restore then checks through.
 */
async function refuseOccupiedTarget(
  options: RestoreOptions,
  kind: DatabaseKind,
  dataDir: string,
  inBucket: boolean,
): Promise<pg.Client | null> {
  if (kind === "pglite") {
    if (!options.force && !(await isEmptyDir(dataDir))) {
      throw new BackupError(
        `${dataDir} is not empty. Restore into a new or empty DATA_DIR, or add --force to set its ` +
          `current contents aside in ${path.join(dataDir, "replaced-<time>")} and restore in their place.`,
      );
    }
    return null;
  }
  if (!inBucket && !options.force && !(await isEmptyDir(path.join(dataDir, "media")))) {
    throw new BackupError(
      `${path.join(dataDir, "media")} is not empty. Use a new or empty DATA_DIR, or add --force to set ` +
        `the current photos aside in ${path.join(dataDir, "replaced-<time>")}.`,
    );
  }
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const [tables] = (
    await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    )
  ).rows as { n: number }[];
  if (tables!.n > 0 && !options.force) {
    await client.end();
    throw new BackupError(
      "The database in DATABASE_URL is not empty. Restore into a new empty database " +
        "(createdb), or add --force to drop the tables the backup holds and restore them.",
    );
  }
  return client;
}

/**
 * Opens the unpacked embedded database, or pg_restores the dump through `client`;
 * returns what it holds, to compare with the manifest.
 */
async function restoreDatabase(
  staging: string,
  options: RestoreOptions,
  client: pg.Client | null,
  log: Log,
): Promise<{ fingerprint: Fingerprint; referenced: string[] }> {
  if (!client) {
    log("Opening the restored database and comparing every table with the manifest…");
    // PostgreSQL refuses a data folder others may read.
    await fsp.chmod(path.join(staging, "pg"), 0o700);
    const embedded = await PGlite.create(path.join(staging, "pg"));
    try {
      return await readPglite(embedded);
    } finally {
      await embedded.close();
    }
  }
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
  await client.query("begin isolation level repeatable read read only");
  const read = await readFigures(async (text) => (await client.query(text)).rows);
  await client.query("commit");
  return read;
}

/**
 * Moves the restored files from `staging` into DATA_DIR (renames: both are in it),
 * setting aside what was there; returns where that went, if anywhere.
 */
async function moveIntoPlace(
  kind: DatabaseKind,
  staging: string,
  dataDir: string,
  stamp: string,
  inBucket: boolean,
): Promise<string | null> {
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
  return setAside;
}

/** Restores an archive into DATA_DIR (and DATABASE_URL), then verifies it. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  const kind: DatabaseKind = options.databaseUrl ? "postgres" : "pglite";
  // The first entry says what the archive holds: refuse a wrong restore at once.
  await refuseWrongArchive(archive, kind);
  const store = photoStore(options, dataDir);
  // Photos in a bucket are stored through its driver; on local disk they are renamed into place.
  const inBucket = store.kind !== "local";
  if (inBucket) await checkStoreIsFree(store, options.force);
  const dbClient = await refuseOccupiedTarget(options, kind, dataDir, inBucket);

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

    const { fingerprint: restored, referenced } = await restoreDatabase(
      staging,
      options,
      dbClient,
      log,
    );
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

    const setAside = await moveIntoPlace(kind, staging, dataDir, stamp, inBucket);
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
