// The database part of a backup, with the figures the manifest records: the embedded
// database's files (checkpointed, copied while DATA_DIR is locked), or a pg_dump of
// PostgreSQL taken in the same snapshot the figures are read in.
import type fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import type { ArchiveSource } from "./archive.ts";
import type { Log } from "./backup-format.ts";
import { readFigures, readPglite } from "./backup-site.ts";
import { runPgTool } from "./pg-tools.ts";

/** What a backup read of the database: its figures, the keys rows refer to, its server. */
export type DatabaseRead = Awaited<ReturnType<typeof readFigures>>;

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

/** The embedded database in `dataDir`/pg: its figures, and its folders and files to archive. */
export async function embeddedDatabase(
  dataDir: string,
  log: Log,
): Promise<{ read: DatabaseRead; sources: ArchiveSource[] }> {
  const pgDir = path.join(dataDir, "pg");
  log(`Reading the embedded database in ${pgDir}…`);
  const client = await PGlite.create(pgDir);
  let read: DatabaseRead;
  try {
    read = await readPglite(client);
    // Everything committed is in the data files, so the copy needs no WAL replay.
    await client.exec("checkpoint");
  } finally {
    await client.close();
  }
  // The directory lock keeps every other process out until the copy is done.
  // PostgreSQL needs its empty folders too (pg_notify, pg_tblspc…).
  const sources: ArchiveSource[] = [];
  for (const dir of await directoriesUnder(pgDir)) {
    sources.push({ name: `database/pg/${dir}`, directory: true });
  }
  for (const entry of await filesUnder(pgDir)) {
    sources.push({ name: `database/pg/${entry.relative}`, ...entry });
  }
  return { read, sources };
}

/** PostgreSQL at `url`: its figures, and a pg_dump written into `parts` to archive. */
export async function postgresDump(
  url: string,
  parts: string,
  log: Log,
): Promise<{ read: DatabaseRead; sources: ArchiveSource[] }> {
  await fsp.mkdir(parts, { recursive: true });
  const dumpFile = path.join(parts, "postgres.dump");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let read: DatabaseRead;
  try {
    // One snapshot for the figures and for pg_dump, so they describe the same rows.
    await client.query("begin isolation level repeatable read read only");
    const [exported] = (await client.query("select pg_export_snapshot() as id")).rows as {
      id: string;
    }[];
    read = await readFigures(async (text) => (await client.query(text)).rows);
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
  const dump = {
    name: "database/postgres.dump",
    file: dumpFile,
    size: stat.size,
    mtime: stat.mtime,
  };
  return { read, sources: [dump] };
}
