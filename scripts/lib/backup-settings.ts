// The two settings backup and restore need, read like the server reads them. Not
// the whole environment check: a backup must work without AUTH_SECRET or SMTP.
import { BackupError } from "./backup.ts";

export function backupSettings(source: Record<string, string | undefined>): {
  dataDir: string;
  databaseUrl?: string;
} {
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new BackupError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  return { dataDir: source.DATA_DIR || "./data", databaseUrl };
}
