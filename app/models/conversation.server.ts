// Conversations (issue 27, decision 022): the messages of a contact request between its
// buyer and its seller. Only those two read or write one; anyone else is answered as if it
// did not exist. A request that is no longer open (car sold or removed, request cancelled)
// keeps its messages and takes no new ones.
//
// Each side's read state lives on the order row (last seen message, unread count and since
// when), updated in the transaction that adds a message, so the header's count is read from
// one small index. Triggers of migration 0024 announce every change on `carlot_pages` as
// `conversation:<id>`: open pages hear it on every node (conversation-events.server.ts).
import { and, eq, isNull, or, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { conversationReport, message, messagePhoto, order } from "#app/db/schema.ts";
import { onePlan } from "#app/db/one-plan.ts";
import {
  CONVERSATION_MESSAGES,
  type ClosedWhy,
  type ConversationReportInput,
  type MessageInput,
  type Side,
} from "#app/models/conversation.ts";
import { warningRules, warningsFor } from "#app/models/message-warnings.server.ts";
import type { Problem } from "#app/models/problem.ts";
import { hit, undo, type Limit } from "#app/services/rate-limit.server.ts";

/** A stored photo for a message that is being sent. */
export type NewMessagePhoto = { smallKey: string; largeKey: string; width: number; height: number };

/** Messages one person may send in a minute, over all their conversations. */
export const MESSAGES_PER_MINUTE: Limit = { max: 20, windowMs: 60_000 };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The columns of one side's read state. */
export const sideColumns = (side: Side) =>
  side === "buyer"
    ? {
        person: order.buyerId,
        seen: order.buyerSeenId,
        unread: order.buyerUnread,
        since: order.buyerUnreadSince,
      }
    : {
        person: order.sellerId,
        seen: order.sellerSeenId,
        unread: order.sellerUnread,
        since: order.sellerUnreadSince,
      };

const other = (side: Side): Side => (side === "buyer" ? "seller" : "buyer");

/**
 * Why a request takes no more messages for the person on `side`, or null while it is open:
 * the request first (cancelled, the car sold or removed), then a block.
 */
export function closedWhy(
  row: { status: string; closedReason: string | null; blockedBy: Side | null },
  side: Side,
): ClosedWhy | null {
  if (row.status === "cancelled") return "cancelled";
  if (row.status !== "open") return row.closedReason === "sold" ? "sold" : "removed";
  if (row.blockedBy) return row.blockedBy === side ? "blocked" : "closed";
  return null;
}

/** A request's people and state: who may write, and whether it is closed (closedWhy). */
export const participantColumns = () => ({
  id: order.id,
  buyerId: order.buyerId,
  sellerId: order.sellerId,
  status: order.status,
  closedReason: order.closedReason,
  blockedBy: order.blockedBy,
});

/** The request `orderId` if `userId` is its buyer or its seller, with that person's side. */
export async function participantOf(db: Db | Tx, userId: string, orderId: number, lock = false) {
  const query = db
    .select(participantColumns())
    .from(order)
    .where(
      onePlan(
        and(eq(order.id, orderId), or(eq(order.buyerId, userId), eq(order.sellerId, userId))),
      ),
    );
  const [row] = await (lock ? query.for("update") : query);
  if (!row) return null;
  const side: Side = row.buyerId === userId ? "buyer" : "seller";
  return { ...row, side };
}

export type SendResult =
  | { ok: true; messageId: number; again: boolean }
  | ({ ok: false; message: string } & Problem<"not-found" | "conflict" | "rate-limited">);

/**
 * Sends a message from `senderId` on request `orderId`. Counted against the sender's
 * minute first; then, in one transaction holding the request's row: only its two
 * people, only while it is open, and once per compose key (a second send of the same
 * compose answers with the first message, `again`). The recipient's unread count and
 * waiting time change with it.
 */
export async function sendMessage(
  db: Db,
  senderId: string,
  orderId: number,
  input: MessageInput,
  options: {
    now?: Date;
    limits?: boolean;
    /**
     * Stores the message's photos (message-photo.server.ts): run once the sender is within
     * their limit and the conversation is theirs and open, before the transaction.
     */
    photos?: () => Promise<NewMessagePhoto[]>;
  } = {},
): Promise<SendResult> {
  const now = options.now ?? new Date();
  if (options.limits !== false) {
    const limit = await hit(db, `message:${senderId}`, MESSAGES_PER_MINUTE, now.getTime());
    if (!limit.allowed) {
      return {
        ok: false,
        code: "rate-limited",
        message: CONVERSATION_MESSAGES.tooMany,
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
  }
  // Read before the transaction: on PGlite it holds the one connection.
  const rules = await warningRules(db);
  let photos: NewMessagePhoto[] = [];
  if (options.photos) {
    // Nobody makes this server decode pictures for a conversation they cannot write in.
    const mine = await participantOf(db, senderId, orderId);
    if (!mine) return { ok: false, code: "not-found", message: CONVERSATION_MESSAGES.missing };
    if (closedWhy(mine, mine.side) !== null) {
      return { ok: false, code: "conflict", message: CONVERSATION_MESSAGES.closed };
    }
    photos = await options.photos();
  }
  const sent = await db.transaction(async (tx): Promise<SendResult> => {
    const mine = await participantOf(tx, senderId, orderId, true);
    if (!mine) return { ok: false, code: "not-found", message: CONVERSATION_MESSAGES.missing };
    const [earlier] = await tx
      .select({ id: message.id })
      .from(message)
      .where(
        and(
          eq(message.orderId, orderId),
          eq(message.senderId, senderId),
          eq(message.composeKey, input.composeKey),
        ),
      );
    if (earlier) return { ok: true, messageId: earlier.id, again: true };
    if (closedWhy(mine, mine.side) !== null) {
      return { ok: false, code: "conflict", message: CONVERSATION_MESSAGES.closed };
    }
    const [created] = await tx
      .insert(message)
      .values({
        orderId,
        senderId,
        body: input.body,
        warnings: warningsFor(input.body, rules),
        composeKey: input.composeKey,
      })
      .returning({ id: message.id });
    if (!created) throw new Error("the message was not stored");
    if (photos.length > 0) {
      await tx
        .insert(messagePhoto)
        .values(photos.map((photo, position) => ({ ...photo, messageId: created.id, position })));
    }
    const them = sideColumns(other(mine.side));
    const me = mine.side;
    await tx
      .update(order)
      .set({
        [me === "buyer" ? "sellerUnread" : "buyerUnread"]: sql`${them.unread} + 1`,
        [me === "buyer" ? "sellerUnreadSince" : "buyerUnreadSince"]:
          sql`coalesce(${them.since}, ${now.toISOString()}::timestamptz)`,
        // Writing is reading: the sender has seen everything up to their own message.
        [me === "buyer" ? "buyerSeenId" : "sellerSeenId"]: created.id,
        [me === "buyer" ? "buyerUnread" : "sellerUnread"]: 0,
        [me === "buyer" ? "buyerUnreadSince" : "sellerUnreadSince"]: null,
        lastMessageAt: now,
        activeAt: now,
      })
      .where(eq(order.id, orderId));
    return { ok: true, messageId: created.id, again: false };
  });
  // A compose sent again (a retry, a double click) is not another message for the limit.
  if (sent.ok && sent.again && options.limits !== false) await undo(db, `message:${senderId}`);
  return sent;
}

/** Whether `userId` is the buyer or the seller of request `orderId`. */
export async function isParticipant(db: Db, userId: string, orderId: number): Promise<boolean> {
  return (await participantOf(db, userId, orderId)) !== null;
}

/** Blocks (or unblocks) the other side of `userId`'s conversation; false when it is not theirs. */
export async function setBlocked(
  db: Db,
  userId: string,
  orderId: number,
  blocked: boolean,
): Promise<boolean> {
  const mine = await participantOf(db, userId, orderId);
  if (!mine) return false;
  if (blocked) {
    // A block by the other side stays as it is: it is theirs to lift.
    await db
      .update(order)
      .set({ blockedBy: mine.side })
      .where(and(eq(order.id, orderId), isNull(order.blockedBy)));
  } else {
    await db
      .update(order)
      .set({ blockedBy: null })
      .where(and(eq(order.id, orderId), eq(order.blockedBy, mine.side)));
  }
  return true;
}

/** Reports `userId`'s conversation to the admins, once per person. */
export async function reportConversation(
  db: Db,
  userId: string,
  orderId: number,
  input: ConversationReportInput,
): Promise<"created" | "duplicate" | "missing"> {
  if (!(await participantOf(db, userId, orderId))) return "missing";
  const created = await db
    .insert(conversationReport)
    .values({ orderId, reporterId: userId, reason: input.reason, details: input.details })
    .onConflictDoNothing()
    .returning({ id: conversationReport.id });
  return created.length > 0 ? "created" : "duplicate";
}
