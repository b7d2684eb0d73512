// What a conversation's page reads (issue 27, decision 022): the conversation as one of its
// two people sees it, and the mark that they have seen it. Written once by Drizzle and
// planned once (built-once.ts, one-plan.ts): every opening of a conversation runs them.
import { and, desc, eq, lt, or, sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { conversationReport, listing, message, order, user } from "#app/db/schema.ts";
import { closedWhy, participantColumns, sideColumns } from "#app/models/conversation.server.ts";
import { MESSAGES_SHOWN, type Side } from "#app/models/conversation.ts";
import type { MessagePhotoView } from "#app/models/message-photo.server.ts";

/**
 * Marks everything in the conversation as seen by `userId`: their unread count goes to
 * zero and the other side's "Seen" shows. Changes nothing (and announces nothing) when
 * there is nothing new.
 */
export async function markSeen(db: Db, userId: string, orderId: number): Promise<void> {
  await seenUpdate(db).execute({ userId, orderId });
}

// One statement, whichever side the reader is (a page view runs it on every load): built once.
const seenUpdate = builtOnce((db) => {
  const reader = sql.placeholder("userId");
  const orderId = sql.placeholder("orderId");
  const latest = sql<number>`(select max(${message.id}) from ${message} where ${message.orderId} = ${orderId})`;
  const buyer = sideColumns("buyer");
  const seller = sideColumns("seller");
  const reads = (side: typeof buyer) => sql`${side.person} = ${reader}`;
  const onlyFor = (side: typeof buyer, value: SQL, column: Column) =>
    sql`case when ${reads(side)} then ${value} else ${column} end`;
  const behind = (side: typeof buyer) =>
    sql`(${reads(side)} and (${side.seen} is distinct from ${latest} or ${side.unread} > 0))`;
  return db
    .update(order)
    .set({
      buyerSeenId: onlyFor(buyer, latest, buyer.seen),
      buyerUnread: onlyFor(buyer, sql`0`, buyer.unread),
      buyerUnreadSince: onlyFor(buyer, sql`null`, buyer.since),
      sellerSeenId: onlyFor(seller, latest, seller.seen),
      sellerUnread: onlyFor(seller, sql`0`, seller.unread),
      sellerUnreadSince: onlyFor(seller, sql`null`, seller.since),
    })
    .where(onePlan(and(eq(order.id, orderId), or(behind(buyer), behind(seller)))))
    .prepare("conversation_seen");
});

export type ConversationView = NonNullable<Awaited<ReturnType<typeof getConversation>>>;

const otherPerson = alias(user, "other");

/** A conversation's request with its car, the other person and the reader's report (built once). */
const conversationRow = builtOnce((db) => {
  const reader = sql.placeholder("userId");
  return db
    .select({
      ...participantColumns(),
      listingId: order.listingId,
      listingTitle: order.listingTitle,
      carTitle: listing.title,
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      meetingLocation: order.meetingLocation,
      buyerSeenId: order.buyerSeenId,
      sellerSeenId: order.sellerSeenId,
      createdAt: order.createdAt,
      // The other person and whether this reader reported the conversation, in the same
      // statement: on the embedded database each statement costs its own round trip.
      otherName: otherPerson.name,
      otherImage: otherPerson.image,
      reported:
        sql`exists (select 1 from ${conversationReport} where ${conversationReport.orderId} = ${order.id} and ${conversationReport.reporterId} = ${reader})`.mapWith(
          Boolean,
        ),
    })
    .from(order)
    .leftJoin(listing, eq(listing.id, order.listingId))
    .leftJoin(
      otherPerson,
      eq(
        otherPerson.id,
        sql`case when ${order.buyerId} = ${reader} then ${order.sellerId} else ${order.buyerId} end`,
      ),
    )
    .where(
      onePlan(
        and(
          eq(order.id, sql.placeholder("orderId")),
          or(eq(order.buyerId, reader), eq(order.sellerId, reader)),
        ),
      ),
    )
    .prepare("conversation_row");
});

/**
 * A message's photos in their order (null without any), read with the message: a statement
 * of their own cost the embedded database another round trip on every opening.
 */
// Spelt out with its table names: in a select from one table Drizzle writes a column's bare
// name, and a bare "id" here would be the photo's.
const photosOfMessage = sql<MessagePhotoView[] | null>`(
  select json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height)
    order by p.position)
  from message_photo p where p.message_id = "message"."id")`;

/** A conversation's latest messages, newest first, and those before one (built once). */
const messagesQuery = (db: Db, before: boolean) =>
  db
    .select({
      id: message.id,
      senderId: message.senderId,
      body: message.body,
      warnings: message.warnings,
      createdAt: message.createdAt,
      photos: photosOfMessage,
    })
    .from(message)
    .where(
      onePlan(
        and(
          eq(message.orderId, sql.placeholder("orderId")),
          before ? lt(message.id, sql.placeholder("before")) : undefined,
        ),
      ),
    )
    .orderBy(desc(message.id))
    // One more than shown: whether there are earlier ones.
    .limit(MESSAGES_SHOWN + 1);
const latestMessages = builtOnce((db) => messagesQuery(db, false).prepare("conversation_latest"));
const messagesBefore = builtOnce((db) => messagesQuery(db, true).prepare("conversation_before"));

/**
 * One conversation as `userId` sees it: the car, the other person, the latest messages
 * (oldest first), whether the other side has seen the last of them, and whether it is
 * closed. The buyer's phone number and meeting place are there for the seller only while
 * the request is open (decision 22). Null for anyone but the two.
 */
export async function getConversation(
  db: Db,
  userId: string,
  orderId: number,
  before: number | null = null,
) {
  const [row] = await conversationRow(db).execute({ userId, orderId });
  if (!row) return null;
  const side: Side = row.buyerId === userId ? "buyer" : "seller";
  const latest =
    before === null
      ? await latestMessages(db).execute({ orderId })
      : await messagesBefore(db).execute({ orderId, before });
  const earlier = latest.length > MESSAGES_SHOWN;
  const shown = latest.slice(0, MESSAGES_SHOWN).reverse();
  const messages = shown.map((item) => {
    const mine = item.senderId === userId;
    return {
      id: item.id,
      mine,
      body: item.body,
      photos: item.photos ?? [],
      // Warnings are for the one who receives the message.
      warnings: mine ? [] : item.warnings,
      createdAt: item.createdAt.toISOString(),
    };
  });
  const theirSeen = (side === "buyer" ? row.sellerSeenId : row.buyerSeenId) ?? 0;
  const lastMine = messages.findLast((item) => item.mine);
  const closed = closedWhy(row, side);
  return {
    id: row.id,
    side,
    closed,
    car: { id: row.listingId, title: row.carTitle ?? row.listingTitle },
    other: {
      // The buyer's name is the one given on the request; a deleted account has none.
      name: side === "seller" ? row.buyerName : row.otherName,
      image: row.otherImage,
    },
    contact:
      side === "seller" && closed === null
        ? { phone: row.buyerPhone, meetingLocation: row.meetingLocation }
        : null,
    messages,
    // The id to show the messages before, when there are earlier ones than these.
    earlierBefore: earlier ? (messages[0]?.id ?? null) : null,
    seenLastMine: lastMine ? theirSeen >= lastMine.id : false,
    startedAt: row.createdAt.toISOString(),
    // Whether this reader blocked the other side (they may unblock), and reported it.
    blockedByMe: row.blockedBy === side,
    reported: row.reported,
  };
}
