// Where uploaded and generated files live. Keys are content-addressed
// ("listings/ab/abcdef….webp"), so a stored file never changes and can be
// cached forever. This file is what every store shares (the Storage interface,
// keys, media types); the stores are storage-disk.server.ts (the default) and
// storage-s3.server.ts, and storage-open.server.ts opens the one configured.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

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

/** Where the photos of messages live: private, so /media never serves this prefix. */
export const MESSAGE_PHOTO_PREFIX = "messages/";

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
