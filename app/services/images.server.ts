// Image processing: decode with sharp (never trusting names or MIME types),
// strip metadata, and re-encode to WebP (and AVIF) renditions.
import type { default as Sharp, Metadata, OutputInfo } from "sharp";

import {
  fileLabel,
  LISTING_PHOTO_MAX_BYTES,
  LISTING_PHOTO_MAX_MB,
  LISTING_PHOTO_MAX_MEGAPIXELS,
  megabytes,
} from "#app/models/listing-form.ts";
import { IMAGE_REFUSALS, ImageRejectedError } from "#app/services/image-rejected.server.ts";
import { contentKey, MEDIA_ROUTE, type Storage } from "#app/services/storage.server.ts";

export { ImageRejectedError };

let sharpModule: Promise<typeof Sharp> | null = null;

/**
 * sharp, loaded on first use: libvips and its libraries are about 10 MB of memory
 * that a server nobody uploads a photo to never needs.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import("sharp").then((module) => module.default);
  return sharpModule;
}

export const PHOTO_WIDTHS = { small: 480, medium: 960, large: 1600 } as const;

export type StoredPhoto = {
  smallKey: string;
  mediumKey: string;
  largeKey: string;
  width: number;
  height: number;
};

/** Decoded pixels, when the caller already has them (generated artwork). */
export type RawImage = {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
};

async function open(input: Buffer | RawImage) {
  const sharp = await loadSharp();
  return Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: 50_000_000 })
    : sharp(input.data, { raw: input.info });
}

async function webp(input: Buffer | RawImage, width: number, quality = 78): Promise<Buffer> {
  return (await open(input))
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality, effort: 4 })
    .toBuffer();
}

/**
 * Waits for every write, then throws the first failure: whoever cleans up after a
 * failed save then finds no write still on its way.
 */
async function allStored<T extends readonly unknown[]>(
  writes: [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(writes);
  const failed = results.find(
    (result): result is PromiseRejectedResult => result.status === "rejected",
  );
  if (failed) throw failed.reason;
  // Every write has succeeded: this only collects their values, typed.
  return Promise.all(writes);
}

/** Renders a photo in the three listing sizes and stores each under a content key. */
export async function storePhoto(
  storage: Storage,
  prefix: string,
  input: Buffer | RawImage,
): Promise<StoredPhoto> {
  const meta = await (await open(input)).metadata();
  if (!meta.width || !meta.height) throw new Error("The image has no dimensions.");
  const [small, medium, large] = await Promise.all([
    webp(input, PHOTO_WIDTHS.small),
    webp(input, PHOTO_WIDTHS.medium),
    webp(input, PHOTO_WIDTHS.large),
  ]);
  const keys = {
    smallKey: contentKey(prefix, small, "webp"),
    mediumKey: contentKey(prefix, medium, "webp"),
    largeKey: contentKey(prefix, large, "webp"),
  };
  await allStored([
    storage.put(keys.smallKey, small, "image/webp"),
    storage.put(keys.mediumKey, medium, "image/webp"),
    storage.put(keys.largeKey, large, "image/webp"),
  ]);
  const largeMeta = await (await loadSharp())(large).metadata();
  return { ...keys, width: largeMeta.width ?? meta.width, height: largeMeta.height ?? meta.height };
}

/** Stores one square-ish picture (avatars, category cards) at a single width. */
export async function storeImage(
  storage: Storage,
  prefix: string,
  input: Buffer | RawImage,
  width: number,
): Promise<string> {
  const body = await webp(input, width, 80);
  const key = contentKey(prefix, body, "webp");
  await storage.put(key, body, "image/webp");
  return key;
}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/**
 * Re-encodes a picture someone uploaded, checked by decoding it (never by its name
 * or MIME type): SVG and unreadable files are refused with a message for them, and
 * what is stored has no metadata.
 */
export async function renderUpload(
  upload: Buffer,
  render: (image: ReturnType<typeof Sharp>) => ReturnType<typeof Sharp>,
): Promise<Buffer> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const meta = await sharp(upload, { limitInputPixels: 50_000_000 }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  if (format === "svg") {
    throw new ImageRejectedError(IMAGE_REFUSALS.svg);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejectedError(IMAGE_REFUSALS.unreadable);
  }
  try {
    return await render(sharp(upload, { limitInputPixels: 50_000_000 }).rotate()).toBuffer();
  } catch {
    // A header that reads fine over a truncated or damaged picture.
    throw new ImageRejectedError(IMAGE_REFUSALS.damaged);
  }
}

/** A profile photo: stored square (256 px, WebP). Returns its URL. */
export async function storeProfilePhoto(storage: Storage, upload: Buffer): Promise<string> {
  const body = await renderUpload(upload, (image) =>
    image
      .resize({ width: 256, height: 256, fit: "cover", position: "attention" })
      .webp({ quality: 82 }),
  );
  const key = contentKey("avatars", body, "webp");
  await storage.put(key, body, "image/webp");
  // The account keeps our own path, whatever serves the files (local disk, S3 or a
  // public URL): /media answers for every storage, and sign-up only accepts it.
  return `${MEDIA_ROUTE}/${key}`;
}

/**
 * The site's logo (256 px square, WebP) or favicon (64 px square, PNG, which every
 * browser shows in a tab), fitted whole with transparent margins. Returns its key.
 */
export async function storeSitePicture(
  storage: Storage,
  upload: Buffer,
  kind: "logo" | "favicon",
): Promise<string> {
  const size = kind === "logo" ? 256 : 64;
  const body = await renderUpload(upload, (image) => {
    const fitted = image.resize({
      width: size,
      height: size,
      fit: "contain",
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
    return kind === "logo" ? fitted.webp({ quality: 90, alphaQuality: 100 }) : fitted.png();
  });
  const key = contentKey(`site/${kind}`, body, kind === "logo" ? "webp" : "png");
  await storage.put(key, body, kind === "logo" ? "image/webp" : "image/png");
  return key;
}

// ── Listing photos uploaded by sellers ─────────────────────────────────────

const LISTING_MAX_PIXELS = LISTING_PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** Shorter side, in pixels: smaller pictures look broken in the 960 px views. */
export const LISTING_PHOTO_MIN_SIDE = 240;
/** Longer side over shorter side: wider strips are banners, not photos of a car. */
const LISTING_PHOTO_MAX_ASPECT = 4;

/** What an upload needs to be checked: its bytes and the name people gave it. */
export type PhotoUpload = { name: string; bytes: Buffer };

export type StoredListingPhoto = StoredPhoto & {
  avifSmallKey: string | null;
  avifMediumKey: string | null;
  avifLargeKey: string | null;
};

let photoTiming: ((seconds: number) => void) | null = null;

/** Hears how long each listing photo took to check, decode and render (for /metrics). */
export function timePhotoProcessing(observer: ((seconds: number) => void) | null): void {
  photoTiming = observer;
}

/** Every storage key a stored listing photo uses. */
export function listingPhotoKeys(photo: {
  smallKey: string;
  mediumKey: string;
  largeKey: string;
  avifSmallKey: string | null;
  avifMediumKey: string | null;
  avifLargeKey: string | null;
}): string[] {
  return [
    photo.smallKey,
    photo.mediumKey,
    photo.largeKey,
    photo.avifSmallKey,
    photo.avifMediumKey,
    photo.avifLargeKey,
  ].filter((key): key is string => Boolean(key));
}

export type Inspected = { width: number; height: number; heic: boolean };

/**
 * Reads only the header: the format as decoded (never the name or MIME type),
 * and the size in pixels before any pixel is decoded. Throws ImageRejectedError
 * with a message that names the file.
 */
export async function inspectListingPhoto(upload: PhotoUpload): Promise<Inspected> {
  const name = fileLabel(upload);
  const refuse = (words: string, values: Record<string, string> = {}) =>
    new ImageRejectedError(words, { name, ...values });
  if (upload.bytes.length === 0) throw refuse(IMAGE_REFUSALS.photoEmpty);
  if (upload.bytes.length > LISTING_PHOTO_MAX_BYTES) {
    const size = megabytes(upload.bytes.length);
    throw refuse(IMAGE_REFUSALS.photoTooLarge, { size, max: String(LISTING_PHOTO_MAX_MB) });
  }
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(upload.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(IMAGE_REFUSALS.photoUnreadable);
  }
  const format = meta.format as string | undefined;
  if (format === "svg") throw refuse(IMAGE_REFUSALS.photoSvg);
  if (!format) throw refuse(IMAGE_REFUSALS.photoUnreadable);
  if (!["jpeg", "png", "webp", "heif"].includes(format)) {
    throw refuse(IMAGE_REFUSALS.photoFormat, { format: format.toUpperCase() });
  }
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw refuse(IMAGE_REFUSALS.photoDamaged);
  const size = { width: String(width), height: String(height) };
  if (width * height > LISTING_MAX_PIXELS) {
    throw refuse(IMAGE_REFUSALS.photoTooManyPixels, {
      width: width.toLocaleString("en-US"),
      height: height.toLocaleString("en-US"),
      megapixels: String(Math.round((width * height) / 1_000_000)),
      max: String(LISTING_PHOTO_MAX_MEGAPIXELS),
    });
  }
  if (Math.min(width, height) < LISTING_PHOTO_MIN_SIDE) {
    throw refuse(IMAGE_REFUSALS.photoTooSmall, { ...size, min: String(LISTING_PHOTO_MIN_SIDE) });
  }
  if (Math.max(width, height) / Math.min(width, height) > LISTING_PHOTO_MAX_ASPECT) {
    throw refuse(IMAGE_REFUSALS.photoTooNarrow, size);
  }
  return { width, height, heic: format === "heif" && meta.compression === "hevc" };
}

/** Decodes a checked upload upright, at most as wide as the largest rendition. */
export async function decodeUpright(upload: PhotoUpload, inspected: Inspected) {
  const sharp = await loadSharp();
  try {
    // One decode, already shrunk to the largest rendition (JPEG shrinks on load);
    // the smaller renditions are made from these pixels.
    return await sharp(upload.bytes, { limitInputPixels: LISTING_MAX_PIXELS })
      .rotate()
      .resize({ width: PHOTO_WIDTHS.large, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch {
    const name = fileLabel(upload);
    // HEIC needs an HEVC decoder, which not every sharp build has.
    throw new ImageRejectedError(
      inspected.heic ? IMAGE_REFUSALS.photoHeic : IMAGE_REFUSALS.photoDamaged,
      { name },
    );
  }
}

type Rendition = { webp: Buffer; avif: Buffer | null; width: number; height: number };

/** One width of decoded pixels, as WebP, and as AVIF where asked for and smaller. */
export async function rendition(
  pixels: { data: Buffer; info: OutputInfo },
  width: number,
  withAvif = true,
): Promise<Rendition> {
  const { data, info } = pixels;
  const sharp = await loadSharp();
  const base = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
  }).resize({ width, withoutEnlargement: true });
  const [webp, avif] = await Promise.all([
    base.clone().webp({ quality: 78, effort: 4 }).toBuffer({ resolveWithObject: true }),
    withAvif ? base.clone().avif({ quality: 50, effort: 2 }).toBuffer() : null,
  ]);
  return {
    webp: webp.data,
    // AVIF only where it is smaller than the WebP of the same size.
    avif: avif && avif.length < webp.data.length ? avif : null,
    width: webp.info.width,
    height: webp.info.height,
  };
}

/**
 * Checks one uploaded listing photo, rotates it upright, drops every bit of
 * metadata (EXIF, GPS, XMP, ICC) and stores WebP renditions at 480, 960 and
 * 1600 px wide, plus AVIF ones where smaller. `onStored` hears each key as it is
 * written, so a caller can remove them if the save fails later.
 */
export async function storeListingPhoto(
  storage: Storage,
  upload: PhotoUpload,
  onStored: (key: string) => void,
  inspected?: Inspected,
): Promise<StoredListingPhoto> {
  const started = performance.now();
  const pixels = await decodeUpright(upload, inspected ?? (await inspectListingPhoto(upload)));
  const [small, medium, large] = await Promise.all([
    rendition(pixels, PHOTO_WIDTHS.small),
    rendition(pixels, PHOTO_WIDTHS.medium),
    rendition(pixels, PHOTO_WIDTHS.large),
  ]);
  photoTiming?.((performance.now() - started) / 1000);
  const put = async (body: Buffer | null, type: "webp" | "avif") => {
    if (!body) return null;
    const key = contentKey("listings", body, type);
    onStored(key);
    await storage.put(key, body, `image/${type}`);
    return key;
  };
  const [smallKey, mediumKey, largeKey, avifSmallKey, avifMediumKey, avifLargeKey] =
    await allStored([
      put(small.webp, "webp"),
      put(medium.webp, "webp"),
      put(large.webp, "webp"),
      put(small.avif, "avif"),
      put(medium.avif, "avif"),
      put(large.avif, "avif"),
    ]);
  return {
    smallKey: smallKey!,
    mediumKey: mediumKey!,
    largeKey: largeKey!,
    avifSmallKey,
    avifMediumKey,
    avifLargeKey,
    width: large.width,
    height: large.height,
  };
}
