// The settings backup and restore need, read like the server reads them: where the
// data is (DATA_DIR, DATABASE_URL) and where the photos are (STORAGE_URL and the
// S3_* settings). Not the whole environment check: a backup must work without
// AUTH_SECRET or SMTP.
import { EnvError, parseStorageEnv, type StorageEnv } from "#app/services/env.server.ts";

import { BackupError } from "./backup-format.ts";

export function backupSettings(source: Record<string, string | undefined>): {
  dataDir: string;
  databaseUrl?: string;
  /** For createStorage: local disk in DATA_DIR/media, or an S3-compatible bucket. */
  storageEnv: StorageEnv;
} {
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new BackupError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  let storageEnv: StorageEnv;
  try {
    storageEnv = parseStorageEnv(source);
  } catch (error) {
    if (error instanceof EnvError) throw new BackupError(error.message);
    throw error;
  }
  return { dataDir: storageEnv.DATA_DIR, databaseUrl, storageEnv };
}
