// Image processing: decode with sharp (never trusting names or MIME types),
// strip metadata, and re-encode to WebP renditions.
import sharp from "sharp";

import { contentKey, type Storage } from "#app/services/storage.server.ts";

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

function open(input: Buffer | RawImage) {
  return Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: 50_000_000 })
    : sharp(input.data, { raw: input.info });
}

async function webp(input: Buffer | RawImage, width: number, quality = 78): Promise<Buffer> {
  return open(input)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality, effort: 4 })
    .toBuffer();
}

/** Renders a photo in the three listing sizes and stores each under a content key. */
export async function storePhoto(
  storage: Storage,
  prefix: string,
  input: Buffer | RawImage,
): Promise<StoredPhoto> {
  const meta = await open(input).metadata();
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
  await Promise.all([
    storage.put(keys.smallKey, small, "image/webp"),
    storage.put(keys.mediumKey, medium, "image/webp"),
    storage.put(keys.largeKey, large, "image/webp"),
  ]);
  const largeMeta = await sharp(large).metadata();
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

/** A picture people upload that we cannot or will not take, with a message for them. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/**
 * Checks an uploaded photo by decoding it (never by its name or MIME type),
 * then stores it re-encoded, square and without metadata. Returns its URL.
 */
export async function storeProfilePhoto(storage: Storage, upload: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    const meta = await sharp(upload, { limitInputPixels: 50_000_000 }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  if (format === "svg") {
    throw new ImageRejectedError(
      "SVG drawings are not accepted. Choose a JPEG, PNG or WebP photo.",
    );
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejectedError(
      "This file is not a photo we can read. Choose a JPEG, PNG or WebP photo.",
    );
  }
  let body: Buffer;
  try {
    body = await sharp(upload, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: 256, height: 256, fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads fine over a truncated or damaged picture.
    throw new ImageRejectedError(
      "This photo looks damaged and cannot be read. Choose another one.",
    );
  }
  const key = contentKey("avatars", body, "webp");
  await storage.put(key, body, "image/webp");
  return storage.url(key);
}
