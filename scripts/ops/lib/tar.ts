// A gzip-compressed tar archive (POSIX ustar), written and read as a stream so that
// gigabytes of photos never sit in memory. Archives open with any tar tool
// (`tar -tzf`); sizes of 8 GiB and more use the base-256 size field GNU tar and
// bsdtar read.
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

/** A damaged, truncated or foreign archive: the message says what is wrong. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

export type EntryInfo = { name: string; size: number; sha256: string };

function writeString(header: Buffer, text: string, offset: number, length: number) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > length) throw new Error(`"${text}" does not fit a tar header field`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  writeString(header, value.toString(8).padStart(length - 1, "0"), offset, length - 1);
}

/** Splits a path into ustar's name (100 bytes) and prefix (155 bytes) fields. */
function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: "" };
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) {
      return { name: rest, prefix };
    }
  }
  throw new Error(`The path ${name} is too long for a tar archive.`);
}

function header(name: string, size: number, mtime: Date, directory = false): Buffer {
  const block = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  writeString(block, parts.name, 0, 100);
  writeOctal(block, directory ? 0o755 : 0o644, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  if (size <= MAX_OCTAL_SIZE) {
    writeOctal(block, size, 124, 12);
  } else {
    // Base-256: the high bit of the first byte set, the number big-endian after it.
    block[124] = 0x80;
    let rest = BigInt(size);
    for (let i = 135; i > 124; i--) {
      block[i] = Number(rest & 0xffn);
      rest >>= 8n;
    }
  }
  writeOctal(block, Math.floor(mtime.getTime() / 1000), 136, 12);
  block.fill(0x20, 148, 156);
  block[156] = directory ? 0x35 : 0x30;
  writeString(block, "ustar\u0000", 257, 6);
  writeString(block, "00", 263, 2);
  writeString(block, parts.prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, `${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

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
  async function* blocks(): AsyncGenerator<Uint8Array> {
    for await (const source of sources) {
      if ("directory" in source) {
        yield header(`${source.name.replace(/\/$/, "")}/`, 0, new Date(), true);
        continue;
      }
      const hash = createHash("sha256");
      if ("data" in source) {
        hash.update(source.data);
        yield header(source.name, source.data.length, new Date());
        yield source.data;
        yield padding(source.data.length);
        onEntry({ name: source.name, size: source.data.length, sha256: hash.digest("hex") });
        continue;
      }
      yield header(source.name, source.size, source.mtime);
      let written = 0;
      const body = "file" in source ? fs.createReadStream(source.file) : source.body;
      for await (const chunk of body) {
        const buffer = chunk as Uint8Array;
        written += buffer.length;
        if (written > source.size) break;
        hash.update(buffer);
        yield buffer;
      }
      if (written !== source.size) {
        const what = "file" in source ? source.file : source.name;
        throw new Error(`${what} changed size while it was being archived.`);
      }
      yield padding(source.size);
      onEntry({ name: source.name, size: source.size, sha256: hash.digest("hex") });
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  const partial = `${target}.partial`;
  try {
    await pipeline(
      Readable.from(blocks()),
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    const handle = await fsp.open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(partial, target);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readSize(block: Buffer): number {
  if ((block[124]! & 0x80) !== 0) {
    let value = 0n;
    for (let i = 125; i < 136; i++) value = (value << 8n) | BigInt(block[i]!);
    return Number(value);
  }
  const text = readString(block, 124, 12).trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError("a file header is damaged (size field)");
  return Number.parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  const stored = Number.parseInt(readString(block, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return stored === sum;
}

/**
 * Where a reader puts one entry's bytes: a file path, memory, or nowhere (hash
 * only). Directory entries (names ending in "/") are created at their `file` path.
 */
export type EntryTarget = { file: string } | "memory" | "skip";

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
  let pending: Buffer = Buffer.alloc(0);
  let current: {
    name: string;
    remaining: number;
    size: number;
    pad: number;
    hash: ReturnType<typeof createHash>;
    out: fs.WriteStream | null;
    chunks: Buffer[] | null;
  } | null = null;
  let zeroBlocks = 0;
  let ended = false;

  const finishEntry = async () => {
    const entry = current!;
    current = null;
    if (entry.out) {
      const out = entry.out;
      await new Promise<void>((resolve, reject) => {
        out.once("error", reject);
        out.end(resolve);
      });
    }
    await onEntry({
      name: entry.name,
      size: entry.size,
      sha256: entry.hash.digest("hex"),
      data: entry.chunks ? Buffer.concat(entry.chunks) : undefined,
    });
  };

  const write = (out: fs.WriteStream, chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed) return reject(new ArchiveError("reading stopped"));
      out.write(chunk, (error) => (error ? reject(error) : resolve()));
    });

  const consume = async (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (current) {
        if (current.remaining > 0) {
          if (pending.length === 0) return;
          const piece = pending.subarray(0, Math.min(current.remaining, pending.length));
          pending = pending.subarray(piece.length);
          current.remaining -= piece.length;
          current.hash.update(piece);
          if (current.out) await write(current.out, piece);
          else if (current.chunks) current.chunks.push(Buffer.from(piece));
          continue;
        }
        if (pending.length < current.pad) return;
        pending = pending.subarray(current.pad);
        await finishEntry();
        continue;
      }
      if (pending.length < BLOCK) return;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        zeroBlocks++;
        if (zeroBlocks === 2) ended = true;
        continue;
      }
      zeroBlocks = 0;
      if (!checksumOk(block)) throw new ArchiveError("a file header is damaged (checksum)");
      const type = String.fromCharCode(block[156] || 0x30);
      const prefix = readString(block, 345, 155);
      const base = readString(block, 0, 100);
      const name = prefix ? `${prefix}/${base}` : base;
      const size = readSize(block);
      if (type === "5") {
        const target = choose(name);
        if (typeof target === "object") await fsp.mkdir(target.file, { recursive: true });
        continue;
      }
      if (type !== "0") throw new ArchiveError(`unexpected entry type "${type}" for ${name}`);
      if (name.startsWith("/") || name.split("/").includes("..")) {
        throw new ArchiveError(`unsafe path ${name}`);
      }
      const target = choose(name);
      let out: fs.WriteStream | null = null;
      if (typeof target === "object") {
        await fsp.mkdir(path.dirname(target.file), { recursive: true });
        out = fs.createWriteStream(target.file, { flags: "wx" });
        // Failures reach the caller through write(); a stream closed after a
        // damaged archive must not raise an unhandled 'error' as well.
        out.on("error", () => {});
      }
      current = {
        name,
        remaining: size,
        size,
        pad: (BLOCK - (size % BLOCK)) % BLOCK,
        hash: createHash("sha256"),
        out,
        chunks: target === "memory" ? [] : null,
      };
    }
  };

  try {
    await pipeline(
      fs.createReadStream(archive),
      zlib.createGunzip(),
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          consume(chunk).then(() => callback(), callback);
        },
      }),
    );
  } catch (error) {
    const open = current as { out: fs.WriteStream | null } | null;
    open?.out?.destroy();
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || code === "ERR_PADDING_1") {
      throw new ArchiveError(
        code === "Z_BUF_ERROR"
          ? "the archive ends too early (it was truncated, perhaps by an interrupted copy)"
          : `the archive is not valid gzip data or is damaged (${(error as Error).message})`,
      );
    }
    throw error;
  }
  if (!ended || current) {
    throw new ArchiveError("the archive ends too early (no end-of-archive marker)");
  }
}
