// `npm run backup [-- --output DIR|FILE.tar.gz]`: one archive with a consistent
// snapshot of the database (embedded PGlite in DATA_DIR/pg, or DATABASE_URL via
// pg_dump) and the photos (DATA_DIR/media, or the bucket STORAGE_URL names), with a
// manifest (decision 012).
import path from "node:path";
import { parseArgs } from "node:util";

import { createStorage } from "#app/services/storage-open.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";

import { createBackup } from "./lib/backup-create.ts";
import { failed } from "./lib/backup-format.ts";
import { backupSettings } from "./lib/backup-settings.ts";

const usage = "Usage: npm run backup [-- --output <directory or file.tar.gz>]";

try {
  loadDotEnv();
  const { values } = parseArgs({ options: { output: { type: "string", short: "o" } } });
  const { storageEnv, ...settings } = backupSettings(process.env);
  const started = Date.now();
  // npm runs scripts from the project folder; a path typed by the operator is relative
  // to where they typed it.
  const output = values.output && path.resolve(process.env.INIT_CWD ?? ".", values.output);
  const storage = await createStorage(storageEnv);
  try {
    const { file } = await createBackup({ ...settings, storage, output, log: console.log });
    console.log(`Backup written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}`);
  } finally {
    await storage.close();
  }
} catch (error) {
  failed(error, usage);
}
