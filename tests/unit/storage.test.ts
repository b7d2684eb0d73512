// The local-disk storage driver on a temporary folder: what migrating and backing
// up read (get, list), its URLs, and disk failures as StorageUnavailableError.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { contentTypeOf, isSafeKey, StorageUnavailableError } from "#app/services/storage.server.ts";

let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-storage-"));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("local disk storage", () => {
  const bytes = Buffer.from("pretend webp");

  test("get answers the bytes with type, length and tag; a missing key is null", async () => {
    const storage = localDiskStorage(path.join(root, "a"));
    await storage.put("listings/ab/ab12.webp", bytes, "image/webp");
    const file = await storage.get("listings/ab/ab12.webp");
    expect(file).toMatchObject({ contentType: "image/webp", length: bytes.length });
    expect(file!.etag).toMatch(/^W\/"/);
    expect(await buffer(file!.body)).toEqual(bytes);
    expect(await storage.get("listings/ab/none.webp")).toBeNull();
    // A folder is not a file.
    expect(await storage.get("listings/ab")).toBeNull();
  });

  test("list gives stored keys with / separators, sorted, under a prefix, without temporary files", async () => {
    const dir = path.join(root, "b");
    const storage = localDiskStorage(dir);
    for (const key of ["listings/cd/cd.webp", "avatars/ef/ef.webp", "listings/ab/ab.avif"]) {
      await storage.put(key, bytes, "image/webp");
    }
    await fs.writeFile(
      path.join(dir, "listings/ab/ab.avif.0f8fad5b-d9cb-469f-a165-70867728950e.tmp"),
      "half",
    );
    const all: string[] = [];
    for await (const key of storage.list()) all.push(key);
    expect(all).toEqual(["avatars/ef/ef.webp", "listings/ab/ab.avif", "listings/cd/cd.webp"]);
    const listings: string[] = [];
    for await (const key of storage.list("listings/")) listings.push(key);
    expect(listings).toEqual(["listings/ab/ab.avif", "listings/cd/cd.webp"]);
  });

  test("a folder that does not exist yet lists nothing", async () => {
    const storage = localDiskStorage(path.join(root, "never-written"));
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual([]);
  });

  test("a disk that refuses the write: StorageUnavailableError, no temporary file left", async () => {
    const blocked = path.join(root, "blocked");
    await fs.writeFile(blocked, "a file where the folder should be");
    const storage = localDiskStorage(blocked);
    const error = await storage.put("listings/ab/x.webp", bytes, "image/webp").catch((e) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Photo storage \\(local disk ${blocked}\\) could not store listings/ab/x\\.webp: `,
      ),
    );
    const full = localDiskStorage(path.join(root, "c"));
    await full.put("listings/ab/keep.webp", bytes, "image/webp");
    // A folder where the file should go: the rename fails after the write.
    await fs.mkdir(path.join(root, "c", "listings/ab/dir.webp"), { recursive: true });
    await expect(full.put("listings/ab/dir.webp", bytes, "image/webp")).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    expect((await fs.readdir(path.join(root, "c", "listings/ab"))).sort()).toEqual([
      "dir.webp",
      "keep.webp",
    ]);
  });

  test("URLs: /media, or the public base URL; describe names the folder", () => {
    const dir = path.join(root, "d");
    expect(localDiskStorage(dir).url("avatars/ab/ab.webp")).toBe("/media/avatars/ab/ab.webp");
    expect(
      localDiskStorage(dir, { publicUrl: "https://cdn.example.com/m" }).url("avatars/ab/ab.webp"),
    ).toBe("https://cdn.example.com/m/avatars/ab/ab.webp");
    expect(localDiskStorage(dir).describe()).toBe(`local disk ${dir}`);
  });
});

describe("keys", () => {
  test("only keys this application makes are safe", () => {
    expect(isSafeKey("listings/ab/ab0123.webp")).toBe(true);
    for (const unsafe of ["", "/etc/passwd", "../x", "a/../b", "A/b.webp", "a//b", "a b", "a%2f"]) {
      expect(isSafeKey(unsafe), unsafe).toBe(false);
    }
  });

  test("media types come from the extension", () => {
    expect(contentTypeOf("a/b.webp")).toBe("image/webp");
    expect(contentTypeOf("a/b.avif")).toBe("image/avif");
    expect(contentTypeOf("a/b.bin")).toBe("application/octet-stream");
  });
});
