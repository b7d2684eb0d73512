// The site a backup reads and a restore fills: its data directory, locked while the
// embedded database is copied or replaced; its database's figures; its photo store.
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";

import { DataDirLockedError, lockDataDir } from "#app/db/data-dir-lock.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { StorageUnavailableError, type Storage } from "#app/services/storage.server.ts";

import { BackupError } from "./backup-format.ts";
import { fingerprint, referencedMediaKeys, type Query } from "./fingerprint.ts";

/** Locks DATA_DIR for this process, or says that Carlot has it open and what to do. */
export function lockOrExplain(dataDir: string, doing: string): () => void {
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

/** Figures, referenced keys and server version of a database, read through `query`. */
export async function readFigures(query: Query) {
  const [version] = await query("select version() as v");
  return {
    fingerprint: await fingerprint(query),
    referenced: await referencedMediaKeys(query),
    server: String(version!.v),
  };
}

/** The same for an embedded database, read in one transaction. */
export async function readPglite(client: PGlite) {
  return client.transaction(async (tx) =>
    readFigures(async (text) => (await tx.query<Record<string, unknown>>(text)).rows),
  );
}

/** Photos in DATA_DIR/media unless the options name another store. */
export const photoStore = (options: { storage?: Storage }, dataDir: string): Storage =>
  options.storage ?? localDiskStorage(path.join(dataDir, "media"));

/** A store that failed: its own words, and what that means for this command. */
export function storeFailed(error: unknown, outcome: string): unknown {
  return error instanceof StorageUnavailableError
    ? new BackupError(`${error.message}. ${outcome}`)
    : error;
}
