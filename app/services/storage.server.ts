// Where uploaded and generated files live. Keys are content-addressed
// ("listings/ab/abcdef….webp"), so a stored file never changes and can be
// cached forever. Local disk today; the interface is what an S3 driver implements.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import { logger } from "#app/services/logger.server.ts";

export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Public URL path or URL under which the file is served. */
  url(key: string): string;
};

/** A stable key for `body` under `prefix`, e.g. `listings/3f/3f9a…c1.webp`. */
export function contentKey(prefix: string, body: Buffer, extension: string): string {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 32);
  return `${prefix}/${hash.slice(0, 2)}/${hash}.${extension}`;
}

export const MEDIA_ROUTE = "/media";

function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/.test(key) || key.includes("..")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function localDiskStorage(root: string): Storage {
  return {
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async delete(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    url(key) {
      return `${MEDIA_ROUTE}/${key}`;
    },
  };
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
