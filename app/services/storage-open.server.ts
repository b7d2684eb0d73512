// Opens the storage the configuration names: local disk, or S3-compatible object
// storage when STORAGE_URL is s3://bucket/prefix.
import path from "node:path";

import { s3Settings, type StorageEnv } from "#app/services/env.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

/** The storage the configuration names: local disk in DATA_DIR/media, or S3. */
export async function createStorage(env: StorageEnv): Promise<Storage> {
  const publicUrl = env.MEDIA_PUBLIC_URL;
  const s3 = s3Settings(env);
  if (!s3) return localDiskStorage(path.join(env.DATA_DIR, "media"), { publicUrl });
  // Loaded only when used: the SDK is large, and most sites keep photos on disk.
  const { s3Storage } = await import("#app/services/storage-s3.server.ts");
  return s3Storage({ ...s3, publicUrl });
}
