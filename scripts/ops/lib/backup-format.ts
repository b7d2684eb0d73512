// What a backup is (decision 012), for `npm run backup` and `npm run restore`: one
// .tar.gz holding a consistent snapshot of the database and the photos, with a
// manifest of what it holds (rows and content hash per table, migration level, every
// file's SHA-256), checked again after restoring.
//
// Archive layout, in this order:
//   carlot-backup.json        what kind of backup this is (read first, to refuse early)
//   database/pg/…             the embedded database's files (PGlite), or
//   database/postgres.dump    pg_dump --format=custom (PostgreSQL)
//   auth-secret               the generated session secret (embedded setup, if any)
//   media/<key>               every stored photo and picture
//   manifest.json             sizes and SHA-256 of all of the above, table figures
import type { Fingerprint, MigrationLevel } from "./fingerprint.ts";

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

export type Log = (line: string) => void;

/** "2026-11-22T19-30-00Z": an ISO time that is also a portable file name. */
export function fileStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
}
