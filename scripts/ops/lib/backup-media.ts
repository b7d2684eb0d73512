// The photos of a backup, read from and written to the storage Carlot is configured
// with (local disk in DATA_DIR/media, or an S3-compatible bucket) through its
// driver: listed and read into the archive, put back and read again on restore.
import fsp from "node:fs/promises";
import path from "node:path";

import {
  contentTypeOf,
  isSafeKey,
  StorageUnavailableError,
  type Storage,
} from "#app/services/storage.server.ts";

import type { FileRecord } from "./backup-format.ts";
import { digest, eachLimited } from "./storage-copy.ts";
import type { ArchiveSource } from "./archive.ts";

/** Requests to an S3 store at a time (local disk is not slowed by it). */
const CONCURRENCY = 8;

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A file a storage write left half-done when its process died (`<key>.<uuid>.tmp`,
 * see localDiskStorage): never referred to, never backed up.
 */
const isPartialWrite = (key: string) => key.endsWith(".tmp");

/** The first stored key, or null when the store holds nothing: one request. */
export async function firstStoredKey(store: Storage): Promise<string | null> {
  for await (const key of store.list()) return key;
  return null;
}

/**
 * What a backup takes from the store: every key but half-written files, sorted,
 * and apart the names Carlot never makes (which the driver will not read).
 */
export async function mediaToBackUp(
  store: Storage,
): Promise<{ keys: string[]; foreign: string[] }> {
  const keys: string[] = [];
  const foreign: string[] = [];
  for await (const key of store.list()) {
    if (isPartialWrite(key)) continue;
    (isSafeKey(key) ? keys : foreign).push(key);
  }
  return { keys: keys.sort(), foreign: foreign.sort() };
}

/** A stored file's bytes; a failure midway is the store's failure, with the key named. */
async function* reading(
  store: Storage,
  key: string,
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    yield* body;
  } catch (error) {
    throw new StorageUnavailableError(
      `Photo storage (${store.describe()}) could not read ${key}: ${problemOf(error)}`,
      { cause: error },
    );
  }
}

/**
 * Archive entries `media/<key>`, each read from the store as it is written. A key
 * removed since it was listed (a seller deleted the photo meanwhile) is left out.
 */
export async function* mediaSources(
  store: Storage,
  keys: string[],
  fallbackTime: Date,
): AsyncGenerator<ArchiveSource> {
  for (const key of keys) {
    const object = await store.get(key);
    if (!object) continue;
    yield {
      name: `media/${key}`,
      size: object.length,
      mtime: object.lastModified ?? fallbackTime,
      body: reading(store, key, object.body),
    };
  }
}

/**
 * Stores every photo of `media` from the folder `dir` (where the archive was
 * unpacked), overwriting what is there under the same key and deleting nothing.
 * Stops at the first failure and throws it.
 */
export async function putMedia(
  store: Storage,
  dir: string,
  media: Record<string, FileRecord>,
): Promise<void> {
  await eachLimited(Object.keys(media), CONCURRENCY, async (key) => {
    const bytes = await fsp.readFile(path.join(dir, key));
    await store.put(key, bytes, contentTypeOf(key));
  });
}

/** Reads every photo of `media` back from the store and checks its size and SHA-256. */
export async function verifyMedia(
  store: Storage,
  media: Record<string, FileRecord>,
): Promise<string[]> {
  const problems: string[] = [];
  await eachLimited(Object.entries(media), CONCURRENCY, async ([key, record]) => {
    try {
      const object = await store.get(key);
      if (!object) {
        problems.push(`${key} is missing`);
        return;
      }
      const { size, sha256 } = await digest(object.body);
      if (size !== record.size || sha256 !== record.sha256) {
        problems.push(`${key} differs from the backup`);
      }
    } catch (error) {
      problems.push(`${key} cannot be read (${problemOf(error)})`);
    }
  });
  return problems.sort();
}
