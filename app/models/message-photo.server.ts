// Photos in messages (issue 27): up to four per message, checked and re-encoded by the
// listing photos' pipeline (any metadata, GPS included, is dropped), stored as WebP at 480 and
// 1600 px. They are private to the conversation: their files live under "messages/", which
// /media refuses, and are read through /dashboard/conversations/:id/photos/:photoId by the
// conversation's two people, or by an admin while it has an open report.
//
// Keys are random (never the content's hash: the same picture sent in two conversations is two
// files, and nobody can guess a key from a picture) and start with the hour they were written
// in, so the hourly sweep can remove files no message kept (a send refused or killed after its
// photos were stored) without touching one whose message is still being written.
import { randomBytes } from "node:crypto";

import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import type { Db } from "#app/db/client.server.ts";
import { conversationReport, message, messagePhoto, order } from "#app/db/schema.ts";
import type { NewMessagePhoto } from "#app/models/conversation.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import type { MessagePhotoSize } from "#app/models/conversation.ts";
import { roleCan } from "#app/models/permissions.ts";
import type { Role } from "#app/models/user.ts";
import { decodeUpright, PHOTO_WIDTHS, rendition } from "#app/services/images.server.ts";
import { storeUploads, type StoredUploads } from "#app/services/photo-uploads.server.ts";
import { logger } from "#app/services/logger.server.ts";
import {
  MESSAGE_PHOTO_PREFIX,
  removeStoredFiles,
  type Storage,
} from "#app/services/storage.server.ts";

/** How long an unused file is left before the sweep removes it: longer than any send takes. */
const SWEEP_AFTER_MS = 2 * 60 * 60 * 1000;

/** `messages/2026112714/<32 hex>.webp`: the hour it was written (UTC), then a random name. */
export function messagePhotoKey(now = new Date()): string {
  const hour = now.toISOString().slice(0, 13).replace(/[-T]/g, "");
  return `${MESSAGE_PHOTO_PREFIX}${hour}/${randomBytes(16).toString("hex")}.webp`;
}

/** When a message photo's key says it was written, or null for a key of another shape. */
function writtenAt(key: string): number | null {
  const match = /^messages\/(\d{4})(\d{2})(\d{2})(\d{2})\/[0-9a-f]{32}\.webp$/.exec(key);
  if (!match) return null;
  const [, year, month, day, hour] = match;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour));
}

/**
 * Checks every file's header first (one answer names every bad file), then decodes and
 * stores each. Every key written is added to `keys`, so that the caller can remove them when
 * the message is not stored after all.
 */
export function storeMessagePhotos(
  storage: Storage,
  files: File[],
  keys: string[],
  t: Translate,
): Promise<StoredUploads<NewMessagePhoto>> {
  return storeUploads(files, t, async (upload, inspected) => {
    const pixels = await decodeUpright(upload, inspected);
    const [small, large] = await Promise.all([
      rendition(pixels, PHOTO_WIDTHS.small, false),
      rendition(pixels, PHOTO_WIDTHS.large, false),
    ]);
    const smallKey = messagePhotoKey();
    const largeKey = messagePhotoKey();
    keys.push(smallKey, largeKey);
    await Promise.all([
      storage.put(smallKey, small.webp, "image/webp"),
      storage.put(largeKey, large.webp, "image/webp"),
    ]);
    return { smallKey, largeKey, width: large.width, height: large.height };
  });
}

export type MessagePhotoView = { id: number; width: number; height: number };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The photos of messages `ids`, by message, in their order. */
export async function photosOfMessages(
  db: Db | Tx,
  ids: number[],
): Promise<Map<number, MessagePhotoView[]>> {
  const byMessage = new Map<number, MessagePhotoView[]>();
  if (ids.length === 0) return byMessage;
  const rows = await db
    .select({
      id: messagePhoto.id,
      messageId: messagePhoto.messageId,
      width: messagePhoto.width,
      height: messagePhoto.height,
    })
    .from(messagePhoto)
    .where(anyId(messagePhoto.messageId, ids, "bigint"))
    .orderBy(messagePhoto.messageId, messagePhoto.position);
  for (const { messageId, ...photo } of rows) {
    const list = byMessage.get(messageId) ?? [];
    list.push(photo);
    byMessage.set(messageId, list);
  }
  return byMessage;
}

/**
 * The storage key of photo `photoId` in conversation `orderId` at `size`, if `viewer` may see
 * it: one of the conversation's two people, or someone who handles reports while the
 * conversation has an open report. Null for everyone else (as if it did not exist).
 */
export async function readableMessagePhoto(
  db: Db,
  viewer: { id: string; role: Role },
  orderId: number,
  photoId: number,
  size: MessagePhotoSize,
): Promise<string | null> {
  const mayReadReported = roleCan(viewer.role, "read:report:any");
  const [row] = await db
    .select({ smallKey: messagePhoto.smallKey, largeKey: messagePhoto.largeKey })
    .from(messagePhoto)
    .innerJoin(message, eq(message.id, messagePhoto.messageId))
    .innerJoin(order, eq(order.id, message.orderId))
    .where(
      and(
        eq(messagePhoto.id, photoId),
        eq(order.id, orderId),
        or(
          eq(order.buyerId, viewer.id),
          eq(order.sellerId, viewer.id),
          mayReadReported
            ? sql`exists (select 1 from ${conversationReport}
                   where ${conversationReport.orderId} = ${order.id}
                     and ${isNull(conversationReport.resolvedAt)})`
            : sql`false`,
        ),
      ),
    );
  if (!row) return null;
  return size === "large" ? row.largeKey : row.smallKey;
}

/**
 * Removes message photo files that no message kept and that were written over two hours ago
 * (a send refused after its photos were stored, a server killed mid-send, a deleted
 * conversation). Safe on several nodes at once: removing a file twice is no harm. Returns how
 * many were removed.
 */
export async function sweepMessagePhotos(
  db: Db,
  storage: Storage,
  now = new Date(),
): Promise<number> {
  const before = now.getTime() - SWEEP_AFTER_MS;
  const old: string[] = [];
  for await (const key of storage.list(MESSAGE_PHOTO_PREFIX)) {
    const at = writtenAt(key);
    if (at !== null && at + 60 * 60 * 1000 <= before) old.push(key);
  }
  let removed = 0;
  for (let start = 0; start < old.length; start += 500) {
    const batch = old.slice(start, start + 500);
    const rows = await db
      .select({ smallKey: messagePhoto.smallKey, largeKey: messagePhoto.largeKey })
      .from(messagePhoto)
      .where(or(inArray(messagePhoto.smallKey, batch), inArray(messagePhoto.largeKey, batch)));
    const kept = new Set(rows.flatMap((row) => [row.smallKey, row.largeKey]));
    const unused = batch.filter((key) => !kept.has(key));
    await removeStoredFiles(storage, unused);
    removed += unused.length;
  }
  if (removed > 0) logger.info({ removed }, "removed message photos no message kept");
  return removed;
}
