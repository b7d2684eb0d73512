// A form's photos (a listing's, a message's) checked and stored together: every file's
// header first, so the person hears of every refused file at once, each named.
import type { Translate } from "#app/i18n/translator.ts";
import {
  ImageRejectedError,
  inspectListingPhoto,
  type Inspected,
  type PhotoUpload,
} from "#app/services/images.server.ts";

export type StoredUploads<T> = { ok: true; photos: T[] } | { ok: false; errors: string[] };

/**
 * A form's photos (a listing's, a message's): every file's header is checked before any
 * is decoded, so the person hears of every refused file at once, each named; then each
 * is stored in turn by `store`. A refusal only decoding can find ends it (what was stored
 * so far is the caller's to remove: `store` reports its keys as it goes).
 */
export async function storeUploads<T>(
  files: File[],
  t: Translate,
  store: (upload: PhotoUpload, inspected: Inspected) => Promise<T>,
): Promise<StoredUploads<T>> {
  const uploads: { upload: PhotoUpload; inspected: Inspected }[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const upload = { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
    try {
      uploads.push({ upload, inspected: await inspectListingPhoto(upload) });
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      errors.push(error.in(t));
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const photos: T[] = [];
  try {
    for (const { upload, inspected } of uploads) photos.push(await store(upload, inspected));
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    return { ok: false, errors: [error.in(t)] };
  }
  return { ok: true, photos };
}
