// Reading a backup archive: its first entry alone (to refuse a wrong restore before
// anything is unpacked), or every entry, each sent where the caller says and checked
// against the manifest (size and SHA-256), as `npm run restore -- --check` does.
import fs from "node:fs";
import path from "node:path";

import { ArchiveError, readArchive, type EntryTarget } from "./archive.ts";
import {
  BackupError,
  FORMAT,
  FORMAT_VERSION,
  type BackupHeader,
  type FileRecord,
  type Manifest,
} from "./backup-format.ts";

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

/** Where an entry goes: a path from `place`, or nowhere (read and hashed only). */
const placed = (target: string | null): EntryTarget => (target ? { file: target } : "skip");

/**
 * Reads `archive` with readArchive; a damaged or foreign archive becomes the
 * operator's refusal. The first entry must be carlot-backup.json.
 */
async function readCarlotArchive(
  archive: string,
  choose: (name: string) => EntryTarget,
  onEntry: Parameters<typeof readArchive>[2],
): Promise<void> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
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
        return choose(name);
      },
      onEntry,
    );
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(`${archive} cannot be used: ${error.message}. Nothing was restored.`);
    }
    throw error;
  }
}

type ReadResult = {
  header: BackupHeader;
  manifest: Manifest;
  entries: Map<string, FileRecord>;
};

/** What is missing, changed or extra in `entries` against the manifest. */
function manifestProblems(manifest: Manifest, entries: Map<string, FileRecord>): string[] {
  const problems: string[] = [];
  const expected = new Map<string, FileRecord>([
    ...Object.entries(manifest.files),
    ...Object.entries(manifest.media).map(([key, record]) => [`media/${key}`, record] as const),
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
  return problems;
}

/**
 * Reads the whole archive, sending each entry where `place` says, and checks
 * every entry against the manifest. `onHeader` may refuse before anything else.
 */
export async function readBackup(
  archive: string,
  place: (name: string) => string | null,
  onHeader: (header: BackupHeader) => void,
): Promise<ReadResult> {
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  const entries = new Map<string, FileRecord>();
  await readCarlotArchive(
    archive,
    (name) => {
      if (name === "carlot-backup.json" || name === "manifest.json") return "memory";
      if (name.endsWith("/")) {
        if (!name.startsWith("database/pg/")) throw new ArchiveError(`unexpected folder ${name}`);
        return placed(place(name));
      }
      if (manifest) throw new ArchiveError(`an entry follows the manifest (${name})`);
      const known =
        name.startsWith("database/pg/") ||
        name === "database/postgres.dump" ||
        name === "auth-secret" ||
        name.startsWith("media/");
      if (!known) throw new ArchiveError(`unexpected entry ${name}`);
      return placed(place(name));
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
  const done = manifest as Manifest | null;
  if (!header || !done) {
    throw new BackupError(`${archive} cannot be used: it has no manifest. Nothing was restored.`);
  }
  const problems = manifestProblems(done, entries);
  if (problems.length > 0) {
    throw new BackupError(
      `${archive} is damaged: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? `; and ${problems.length - 5} more` : ""}. Nothing was restored.`,
    );
  }
  return { header, manifest: done, entries };
}

class Stop extends Error {}

/** Reads only the archive's first entry (carlot-backup.json). */
export async function peekHeader(archive: string): Promise<BackupHeader> {
  let header: BackupHeader | null = null;
  try {
    await readCarlotArchive(
      archive,
      () => "memory",
      (entry) => {
        header = parseHeader(entry.data!);
        throw new Stop();
      },
    );
  } catch (error) {
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
