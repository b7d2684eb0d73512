// `npm run restore -- <archive> [--force]`: restores a backup made by
// `npm run backup` into DATA_DIR (and DATABASE_URL, and the bucket STORAGE_URL
// names), then checks every table's rows and content hash and every photo against
// the manifest.
// `npm run restore -- --check <archive>` only checks the archive's integrity.
import path from "node:path";
import { parseArgs } from "node:util";

import { createStorage } from "#app/services/storage-open.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";

import { BackupError, failed } from "./lib/backup-format.ts";
import { checkBackup } from "./lib/backup-read.ts";
import { restoreBackup } from "./lib/backup-restore.ts";
import { backupSettings } from "./lib/backup-settings.ts";

const usage =
  "Usage: npm run restore -- <carlot-backup-….tar.gz> [--force]\n" +
  "       npm run restore -- --check <carlot-backup-….tar.gz>";

try {
  loadDotEnv();
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean" }, check: { type: "boolean" } },
  });
  if (positionals.length !== 1) throw new BackupError(`Name one backup archive.\n${usage}`);
  // npm runs scripts from the project folder; the archive's path is relative to where
  // the operator typed it.
  const archive = path.resolve(process.env.INIT_CWD ?? ".", positionals[0]!);
  const started = Date.now();
  if (values.check) {
    const manifest = await checkBackup(archive);
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `${archive} is intact: a ${manifest.database.kind === "pglite" ? "embedded" : "PostgreSQL"} ` +
        `database from ${manifest.createdAt} (Carlot ${manifest.carlotVersion}, migration ` +
        `${manifest.migrations.last ?? "none"}, ${rows} rows in ${Object.keys(manifest.tables).length} tables) ` +
        `and ${Object.keys(manifest.media).length} media files, every SHA-256 matching the manifest.`,
    );
  } else {
    const { storageEnv, ...settings } = backupSettings(process.env);
    const storage = await createStorage(storageEnv);
    try {
      await restoreBackup({ ...settings, storage, archive, force: values.force, log: console.log });
    } finally {
      await storage.close();
    }
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Start Carlot as usual; it applies any newer migrations.`,
    );
  }
} catch (error) {
  failed(error, usage);
}
