// Files on local disk, under DATA_DIR/media by default: each write goes to a temporary
// file first and is renamed into place, so a reader never sees half a file.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

import {
  assertSafeKey,
  isSafeKey,
  contentTypeOf,
  MEDIA_ROUTE,
  StorageUnavailableError,
  type Storage,
} from "#app/services/storage.server.ts";

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
      // A folder's prefix ("messages/") reads only that folder.
      const folder = prefix.endsWith("/") && isSafeKey(prefix.slice(0, -1)) ? prefix : "";
      try {
        entries = await fs.readdir(path.join(root, folder), {
          recursive: true,
          withFileTypes: true,
        });
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
