// A person's conversations as lists and counts (issue 27): the header's unread count, the
// inbox, the unread counts on My Orders' and My Buyers' rows, and whether unread messages are
// emailed. Read from the order rows' per-side state (conversation.server.ts keeps it).
import { and, desc, eq, gt, or, sql, type SQLWrapper } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { listing, message, order, user } from "#app/db/schema.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { anyId, pickedIds } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import { closedWhy } from "#app/models/conversation.server.ts";
import { CONVERSATIONS_PAGE_SIZE, type Side } from "#app/models/conversation.ts";
import { readCountedPage } from "#app/models/id.ts";

/** How many messages wait unread for `userId`, over all their conversations. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await unreadSum(db).execute({ userId });
  return Number(row?.n ?? 0);
}

// One round trip; each sum reads only the person's conversations with something unread
// (partial indexes). Every signed-in page asks: written once (built-once.ts).
const unreadSum = builtOnce((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      n: onePlan(sql<number>`(
        coalesce((select sum(${order.buyerUnread}) from ${order}
                   where ${order.buyerId} = ${userId} and ${order.buyerUnread} > 0), 0)
      + coalesce((select sum(${order.sellerUnread}) from ${order}
                   where ${order.sellerId} = ${userId} and ${order.sellerUnread} > 0), 0)
      )::int`),
    })
    .from(sql`(select 1) as one`)
    .prepare("unread_count");
});

/** A request's conversation is in the inbox: cancelled ones are left out (partial indexes). */
const inInbox = sql`${order.status} in ('open', 'closed')`;

/**
 * The inbox: a person's conversations as buyer and as seller (cancelled requests left
 * out), latest activity first, with the last message and how many wait unread.
 *
 * A dealer may have thousands. Each side is counted, and its first rows up to this page
 * read in order, from its own index; an `or` of the two sides would read every one of
 * them and sort them for 20. A request's buyer is never its seller (placing one for your
 * own car is refused), so the two sides never share a row.
 */
export async function findConversations(db: Db, userId: string, page: number) {
  const read = async (offset: number) => {
    const rows = await inboxPage(db).execute({
      userId,
      upTo: offset + CONVERSATIONS_PAGE_SIZE,
      offset,
    });
    return rows.map((row) => {
      const side: Side = row.buyerId === userId ? "buyer" : "seller";
      return {
        id: row.id,
        side,
        title: row.title,
        with: side === "buyer" ? row.sellerName : row.buyerName,
        closed: closedWhy(row, side),
        unread: side === "buyer" ? row.buyerUnread : row.sellerUnread,
        last: row.last,
        activeAt: row.activeAt.toISOString(),
        total: Number(row.total),
      };
    });
  };
  return readCountedPage(page, CONVERSATIONS_PAGE_SIZE, read, async () =>
    Number((await inboxTotal(db).execute({ userId }))[0]?.n ?? 0),
  );
}

// The inbox's two statements are written once and planned once: each side is one range
// of its own index, counted or read in order up to the page, whoever the person is.
// Planned for each value they cost a dealer's Messages page 1-2 ms of the embedded
// database at 100,000 cars. "nulls last" as in the indexes, or each side's rows were
// all read and sorted (1,317 of them for the bench's dealer) instead of read in order.
// A page's rows carry the count (readCountedPage): one statement a page, not two.
const inboxCount = () => {
  const userId = sql.placeholder("userId");
  return sql<number>`(
    (select count(*) from ${order} where ${order.buyerId} = ${userId} and ${inInbox})
  + (select count(*) from ${order} where ${order.sellerId} = ${userId} and ${inInbox})
  )::int`;
};
const inboxTotal = builtOnce((db) =>
  db
    .select({ n: onePlan(inboxCount()) })
    .from(sql`(select 1) as one`)
    .prepare("inbox_total"),
);

const inboxPage = builtOnce((db) => {
  const userId = sql.placeholder("userId");
  const side = (column: SQLWrapper) =>
    sql`(select ${order.id} from ${order} where ${column} = ${userId} and ${inInbox}
         order by ${order.activeAt} desc nulls last, ${order.id} desc nulls last
         limit ${sql.placeholder("upTo")})`;
  return db
    .select({
      id: order.id,
      buyerId: order.buyerId,
      buyerName: order.buyerName,
      sellerName: user.name,
      listingId: order.listingId,
      title: sql<string>`coalesce(${listing.title}, ${order.listingTitle})`,
      status: order.status,
      closedReason: order.closedReason,
      blockedBy: order.blockedBy,
      buyerUnread: order.buyerUnread,
      sellerUnread: order.sellerUnread,
      activeAt: order.activeAt,
      last: sql<string | null>`(select left(${message.body}, 140) from ${message}
                                 where ${message.orderId} = ${order.id}
                                 order by ${message.id} desc limit 1)`,
      total: inboxCount(),
    })
    .from(order)
    .leftJoin(listing, eq(listing.id, order.listingId))
    .leftJoin(user, eq(user.id, order.sellerId))
    .where(
      onePlan(
        pickedIds(
          order.id,
          sql`(select id from (${side(order.buyerId)} union all ${side(order.sellerId)}) as mine)`,
        ),
      ),
    )
    .orderBy(desc(order.activeAt), desc(order.id))
    .limit(CONVERSATIONS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .prepare("inbox_page");
});

/** The unread counts of some of a person's requests (My Orders and My Buyers rows). */
export async function unreadOf(
  db: Db,
  userId: string,
  orderIds: number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: order.id,
      n: sql<number>`case when ${order.buyerId} = ${userId} then ${order.buyerUnread} else ${order.sellerUnread} end`,
    })
    .from(order)
    .where(
      and(
        anyId(order.id, orderIds),
        or(
          and(eq(order.buyerId, userId), gt(order.buyerUnread, 0)),
          and(eq(order.sellerId, userId), gt(order.sellerUnread, 0)),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** Whether `userId` is emailed about messages left unread. */
export async function messageEmailsOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: user.messageEmails })
    .from(user)
    .where(onePlan(eq(user.id, userId)));
  return row?.on ?? true;
}

export async function setMessageEmails(db: Db, userId: string, on: boolean): Promise<void> {
  await db.update(user).set({ messageEmails: on }).where(eq(user.id, userId));
}
