// A backup's .tar.gz, written and read as a stream so that gigabytes of photos never
// sit in memory: the tar format is tar-stream's (POSIX ustar; pax headers for what
// ustar cannot hold, base-256 sizes from 8 GiB), gzip is Node's zlib. Archives open
// with any tar tool (`tar -tzf`), and those of the hand-made writer Carlot had
// before read the same (tests/unit/backup-archive.test.ts).
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline, Readable, Transform, Writable } from "node:stream";
import { pipeline as pipelineAsync } from "node:stream/promises";
import zlib from "node:zlib";

import tar from "tar-stream";

/** A damaged, truncated or foreign archive: the message says what is wrong. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

export type EntryInfo = { name: string; size: number; sha256: string };

/**
 * One entry to put in an archive: bytes in memory, a file read as it is written,
 * a stream of `size` bytes (a stored photo, read as it is written), or a
 * directory (for folders that must exist even when empty).
 */
export type ArchiveSource =
  | { name: string; directory: true }
  | { name: string; data: Buffer }
  | { name: string; file: string; size: number; mtime: Date }
  | { name: string; body: AsyncIterable<Uint8Array>; size: number; mtime: Date };

/** Starts an entry in `pack`: where its bytes go, and a promise kept once it is written. */
function startEntry(pack: tar.Pack, header: Parameters<tar.Pack["entry"]>[0]) {
  let sink!: ReturnType<tar.Pack["entry"]>;
  const written = new Promise<void>((resolve, reject) => {
    sink = pack.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  // A failure reaches the caller as thrown; an entry it cuts short (the pack is
  // destroyed) must not raise an unhandled 'error' or rejection as well.
  sink.on("error", () => undefined);
  written.catch(() => undefined);
  return { sink, written };
}

/** Adds one file to `pack` from `body`; resolves with its size and SHA-256 once written. */
async function addFile(
  pack: tar.Pack,
  header: { name: string; size: number; mtime?: Date },
  body: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  what: string,
): Promise<EntryInfo> {
  const { sink, written } = startEntry(pack, header);
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > header.size) break;
    hash.update(chunk);
    if (!sink.write(chunk)) await once(sink, "drain");
  }
  if (size !== header.size) {
    throw new Error(`${what} changed size while it was being archived.`);
  }
  sink.end(null);
  await written;
  return { name: header.name, size, sha256: hash.digest("hex") };
}

/** Adds one entry to `pack`: its size and SHA-256 as written (none for a folder). */
async function addEntry(pack: tar.Pack, source: ArchiveSource): Promise<EntryInfo | null> {
  if ("directory" in source) {
    const name = `${source.name.replace(/\/$/, "")}/`;
    await startEntry(pack, { name, type: "directory" }).written;
    return null;
  }
  if ("data" in source) {
    const header = { name: source.name, size: source.data.length };
    return addFile(pack, header, [source.data], source.name);
  }
  const header = { name: source.name, size: source.size, mtime: source.mtime };
  return "file" in source
    ? addFile(pack, header, fs.createReadStream(source.file), source.file)
    : addFile(pack, header, source.body, source.name);
}

/**
 * Writes a .tar.gz at `target` from `sources` (an async iterable, so that the caller
 * can decide what comes next, e.g. the manifest last). Calls `onEntry` with each
 * entry's size and SHA-256 as written. The file appears under `target` only once
 * it is complete: it is written beside it and renamed.
 */
export async function writeArchive(
  target: string,
  sources: AsyncIterable<ArchiveSource>,
  onEntry: (entry: EntryInfo) => void = () => {},
): Promise<void> {
  const partial = `${target}.partial`;
  const pack = tar.pack();
  const writing = pipelineAsync(
    Readable.from(pack),
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  try {
    for await (const source of sources) {
      const entry = await addEntry(pack, source);
      if (entry) onEntry(entry);
    }
    pack.finalize();
    await writing;
    const handle = await fsp.open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(partial, target);
  } catch (error) {
    pack.destroy(error as Error);
    await writing.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Where a reader puts one entry's bytes: a file path, memory, or nowhere (hash
 * only). Directory entries (names ending in "/") are created at their `file` path.
 */
export type EntryTarget = { file: string } | "memory" | "skip";

/** What tar-stream and zlib say of a damaged or cut archive, in the operator's words. */
function archiveProblem(error: unknown): ArchiveError | null {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "Z_BUF_ERROR" || message === "Unexpected end of data") {
    return new ArchiveError(
      "the archive ends too early (it was truncated, perhaps by an interrupted copy)",
    );
  }
  if (code === "Z_DATA_ERROR" || code === "ERR_PADDING_1") {
    return new ArchiveError(`the archive is not valid gzip data or is damaged (${message})`);
  }
  if (/^Invalid tar header\. /.test(message)) {
    return new ArchiveError("a file header is damaged (checksum)");
  }
  if (/^Invalid (tar )?header|^Header exceeds/.test(message)) {
    return new ArchiveError(`a file header is damaged (${message})`);
  }
  return null;
}

/** Sends one entry's bytes where `target` says; returns its size and SHA-256 (and bytes). */
async function readEntry(entry: AsyncIterable<unknown>, target: EntryTarget) {
  const hash = createHash("sha256");
  const chunks: Buffer[] = [];
  let size = 0;
  async function* measured() {
    for await (const piece of entry) {
      const chunk = piece as Buffer;
      size += chunk.length;
      hash.update(chunk);
      if (target === "memory") chunks.push(Buffer.from(chunk));
      yield chunk;
    }
  }
  if (typeof target === "object") await fsp.mkdir(path.dirname(target.file), { recursive: true });
  await pipelineAsync(
    measured(),
    typeof target === "object"
      ? fs.createWriteStream(target.file, { flags: "wx" })
      : new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  );
  const data = target === "memory" ? Buffer.concat(chunks) : undefined;
  return { size, sha256: hash.digest("hex"), data };
}

/**
 * Reads a .tar.gz from `archive`, entry by entry. `choose` says where each entry's
 * bytes go; `onEntry` receives its size, SHA-256 and (for "memory") its bytes. A
 * truncated or damaged archive rejects with an ArchiveError.
 */
export async function readArchive(
  archive: string,
  choose: (name: string) => EntryTarget,
  onEntry: (entry: EntryInfo & { data?: Buffer }) => void | Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  // What broke the stream first: gunzip's or tar-stream's error. An entry being read
  // when it happens only says "Stream was destroyed".
  let cause: unknown = null;
  extract.on("error", (error) => {
    cause ??= error;
  });
  // The last 1,024 bytes: an archive ends with two empty blocks.
  let tail = Buffer.alloc(0);
  const source = pipeline(
    fs.createReadStream(archive),
    zlib.createGunzip(),
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        tail = Buffer.concat([tail, chunk]).subarray(-1024);
        callback(null, chunk);
      },
    }),
    (error) => {
      if (!error) return;
      cause ??= error;
      extract.destroy(error);
    },
  );
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (name.startsWith("/") || name.split("/").includes("..")) {
        throw new ArchiveError(`unsafe path ${name}`);
      }
      if (type === "directory") {
        const target = choose(name);
        if (typeof target === "object") await fsp.mkdir(target.file, { recursive: true });
        entry.resume();
        continue;
      }
      if (type !== "file") throw new ArchiveError(`unexpected entry type "${type}" for ${name}`);
      const read = await readEntry(entry, choose(name));
      await onEntry({ name, ...read });
    }
  } catch (error) {
    throw archiveProblem(cause) ?? archiveProblem(error) ?? cause ?? error;
  } finally {
    source.destroy();
  }
  if (tail.length < 1024 || tail.some((byte) => byte !== 0)) {
    throw new ArchiveError("the archive ends too early (no end-of-archive marker)");
  }
}
