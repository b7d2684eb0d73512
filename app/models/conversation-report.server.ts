// Reported conversations, for the admins (issue 27): the open reports on Reported Items,
// reading a reported conversation (allowed only while a report is open, and audited every
// time), and dismissing its reports (audited). Nobody else's conversation is ever shown to an
// admin.
import { and, desc, eq, isNull, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { conversationReport, listing, message, order, user } from "#app/db/schema.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import { photosOfMessages } from "#app/models/message-photo.server.ts";
import {
  MESSAGES_SHOWN,
  type ConversationReportReason,
  type Side,
} from "#app/models/conversation.ts";

/** Reported conversations a Reported Items page shows at most (the oldest wait for the next). */
const SHOWN = 50;

export type ReportedConversation = {
  id: number;
  title: string;
  buyerName: string;
  sellerName: string | null;
  reports: {
    id: number;
    reason: ConversationReportReason;
    details: string | null;
    reporterName: string;
    createdAt: string;
  }[];
};

/** The newest open conversation reports (written once and planned once: no values). */
const openConversationReports = builtOnce((db) =>
  db
    .select({
      reportId: conversationReport.id,
      orderId: conversationReport.orderId,
      reason: conversationReport.reason,
      details: conversationReport.details,
      createdAt: conversationReport.createdAt,
      reporterName: user.name,
      title: sql<string>`coalesce(${listing.title}, ${order.listingTitle})`,
      buyerName: order.buyerName,
      sellerName: sql<string | null>`(select s.name from "user" s where s.id = ${order.sellerId})`,
    })
    .from(conversationReport)
    .innerJoin(order, eq(order.id, conversationReport.orderId))
    .innerJoin(user, eq(user.id, conversationReport.reporterId))
    .leftJoin(listing, eq(listing.id, order.listingId))
    .where(onePlan(isNull(conversationReport.resolvedAt)))
    .orderBy(desc(conversationReport.createdAt))
    .limit(SHOWN * 2)
    .prepare("open_conversation_reports"),
);

/** Conversations with open reports, the most recently reported first. */
export async function findReportedConversations(db: Db): Promise<ReportedConversation[]> {
  const rows = await openConversationReports(db).execute();
  const byOrder = new Map<number, ReportedConversation>();
  for (const row of rows) {
    let entry = byOrder.get(row.orderId);
    if (!entry) {
      if (byOrder.size >= SHOWN) continue;
      entry = {
        id: row.orderId,
        title: row.title,
        buyerName: row.buyerName,
        sellerName: row.sellerName,
        reports: [],
      };
      byOrder.set(row.orderId, entry);
    }
    entry.reports.push({
      id: row.reportId,
      reason: row.reason,
      details: row.details,
      reporterName: row.reporterName,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return [...byOrder.values()];
}

const openReportOf = (orderId: number) =>
  and(eq(conversationReport.orderId, orderId), isNull(conversationReport.resolvedAt));

/**
 * A reported conversation as an admin reads it: its messages with who wrote each, and its
 * open reports. Null unless it has an open report. Each reading is written to the audit log
 * in the same transaction.
 */
export async function readReportedConversation(db: Db, actor: AuditActor, orderId: number) {
  return db.transaction(async (tx) => {
    const [head] = await tx
      .select({
        id: order.id,
        title: sql<string>`coalesce(${listing.title}, ${order.listingTitle})`,
        buyerId: order.buyerId,
        buyerName: order.buyerName,
        sellerId: order.sellerId,
        sellerName: sql<
          string | null
        >`(select s.name from "user" s where s.id = ${order.sellerId})`,
      })
      .from(order)
      .leftJoin(listing, eq(listing.id, order.listingId))
      .where(
        and(
          eq(order.id, orderId),
          sql`exists (select 1 from ${conversationReport} where ${openReportOf(orderId)})`,
        ),
      );
    if (!head) return null;
    const latest = await tx
      .select({
        id: message.id,
        senderId: message.senderId,
        body: message.body,
        createdAt: message.createdAt,
      })
      .from(message)
      .where(eq(message.orderId, orderId))
      .orderBy(desc(message.id))
      .limit(MESSAGES_SHOWN);
    const photos = await photosOfMessages(
      tx,
      latest.map((item) => item.id),
    );
    await recordAudit(tx, {
      actor,
      action: "read_conversation",
      subjectType: "conversation",
      subjectId: orderId,
      subjectName: head.title,
    });
    const sideOf = (senderId: string | null): Side | null =>
      senderId === head.buyerId
        ? "buyer"
        : senderId && senderId === head.sellerId
          ? "seller"
          : null;
    return {
      id: head.id,
      title: head.title,
      buyerName: head.buyerName,
      sellerName: head.sellerName,
      messages: latest.reverse().map((item) => ({
        id: item.id,
        side: sideOf(item.senderId),
        body: item.body,
        photos: photos.get(item.id) ?? [],
        createdAt: item.createdAt.toISOString(),
      })),
    };
  });
}

/** Dismisses a conversation's open reports (audited); false when it has none. */
export async function dismissConversationReports(
  db: Db,
  actor: AuditActor,
  orderId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const dismissed = await tx
      .update(conversationReport)
      .set({ resolvedAt: new Date(), resolvedBy: actor.id })
      .where(openReportOf(orderId))
      .returning({ id: conversationReport.id });
    if (dismissed.length === 0) return false;
    const [head] = await tx
      .select({ title: sql<string>`coalesce(${listing.title}, ${order.listingTitle})` })
      .from(order)
      .leftJoin(listing, eq(listing.id, order.listingId))
      .where(eq(order.id, orderId));
    await recordAudit(tx, {
      actor,
      action: "dismiss_conversation_reports",
      subjectType: "conversation",
      subjectId: orderId,
      subjectName: head?.title ?? "",
      details: { reports: dismissed.length },
    });
    return true;
  });
}
