// Where uploaded and generated files live. Keys are content-addressed
// ("listings/ab/abcdef….webp"), so a stored file never changes and can be
// cached forever. Local disk by default; S3-compatible object storage
// (storage-s3.server.ts) when STORAGE_URL is s3://bucket/prefix.
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

import { s3Settings, type StorageEnv } from "#app/services/env.server.ts";
import { logger } from "#app/services/logger.server.ts";

/** One stored file, opened for reading. */
export type StoredObject = {
  body: Readable;
  contentType: string;
  length: number;
  /** A quoted entity tag, as an HTTP header carries it. */
  etag?: string;
  lastModified?: Date;
};

export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Every stored key (under `prefix`, such as "listings/"). */
  list(prefix?: string): AsyncIterable<string>;
  /** Public URL path or URL under which the file is served. */
  url(key: string): string;
  /** Where files go, for logs and checks (never a secret). */
  describe(): string;
  /** Local disk (served from its folder) or S3 (served by our route or a public URL). */
  readonly kind: "local" | "s3";
  /** Releases open connections (nothing to do for local disk). */
  close(): Promise<void>;
};

/**
 * The storage could not be reached or refused the operation (a disk that is full
 * or read-only, an S3 endpoint that is down or denies access). The message is for
 * operators; people see a "try again" message instead.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}

/** A stable key for `body` under `prefix`, e.g. `listings/3f/3f9a…c1.webp`. */
export function contentKey(prefix: string, body: Buffer, extension: string): string {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 32);
  return `${prefix}/${hash.slice(0, 2)}/${hash}.${extension}`;
}

export const MEDIA_ROUTE = "/media";

/** Stored files never change under one key: caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Whether `key` is one this application could have made (no "..", no odd characters). */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9/_.-]*$/.test(key) && !key.includes("..") && !key.includes("//");
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** The media type of a stored file, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A temporary file of an interrupted write (see `put`), never a stored file. */
const TEMPORARY = /\.[0-9a-f-]{36}\.tmp$/;

export function localDiskStorage(root: string, options: { publicUrl?: string } = {}): Storage {
  const where = `local disk ${path.resolve(root)}`;
  const unavailable = (doing: string, key: string, error: unknown) =>
    new StorageUnavailableError(
      `Photo storage (${where}) could not ${doing} ${key}: ${describeError(error)}`,
      {
        cause: error,
      },
    );
  return {
    kind: "local",
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, body);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => {});
        throw unavailable("store", key, error);
      }
    },
    async get(key) {
      assertSafeKey(key);
      const file = path.join(root, key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, "r");
      } catch (error) {
        if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return null;
        throw unavailable("read", key, error);
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return {
          body: createReadStream("", { fd: handle, autoClose: true }),
          contentType: contentTypeOf(key),
          length: stat.size,
          etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
          lastModified: stat.mtime,
        };
      } catch (error) {
        await handle.close();
        throw unavailable("read", key, error);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await fs.rm(path.join(root, key), { force: true });
      } catch (error) {
        throw unavailable("remove", key, error);
      }
    },
    async *list(prefix = "") {
      let entries;
      try {
        entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (errorCode(error) === "ENOENT") return;
        throw unavailable("list", prefix || "its files", error);
      }
      const keys = entries
        .filter((entry) => entry.isFile() && !TEMPORARY.test(entry.name))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
        )
        .filter((key) => key.startsWith(prefix))
        .sort();
      yield* keys;
    },
    url(key) {
      return options.publicUrl ? `${options.publicUrl}/${key}` : `${MEDIA_ROUTE}/${key}`;
    },
    describe() {
      return where;
    },
    async close() {},
  };
}

/** The storage the configuration names: local disk in DATA_DIR/media, or S3. */
export async function createStorage(env: StorageEnv): Promise<Storage> {
  const publicUrl = env.MEDIA_PUBLIC_URL;
  const s3 = s3Settings(env);
  if (!s3) return localDiskStorage(path.join(env.DATA_DIR, "media"), { publicUrl });
  // Loaded only when used: the SDK is large, and most sites keep photos on disk.
  const { s3Storage } = await import("#app/services/storage-s3.server.ts");
  return s3Storage({ ...s3, publicUrl });
}

/**
 * Removes files that no row refers to any more (after the database commit that
 * dropped them, or after a failed save). A file that cannot be removed is logged
 * and left: an orphan costs disk space, never correctness.
 */
export async function removeStoredFiles(
  storage: Storage,
  keys: Iterable<string | null | undefined>,
): Promise<void> {
  const unique = [...new Set([...keys].filter((key): key is string => Boolean(key)))];
  await Promise.all(
    unique.map((key) =>
      storage
        .delete(key)
        .catch((error: unknown) => logger.warn({ err: error, key }, "could not remove a file")),
    ),
  );
}
