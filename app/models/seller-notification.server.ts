// The emails contact requests cause to sellers, bounded (docs/architecture.md, "Rate
// limits"): one per buyer, car and day however often a request is cancelled and made
// again, and at most LIMITS.sellerNotificationsPerHour a seller an hour; the rest
// wait in seller_notification for one digest, sent by `sendNotificationDigests`.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { sellerNotification, user } from "#app/db/schema.ts";
import { notificationDigestMail } from "#app/models/order-mail.server.ts";
import { getSiteSettings, senderOf } from "#app/models/site.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { hit, LIMITS } from "#app/services/rate-limit.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What to do about the seller's email for a new request. */
export type NotificationDecision = "send" | "digest" | "none";

/** The UTC day of `now`, as stored in seller_notification.day. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Records the seller's notification for a new request, inside the transaction that
 * creates the request: "none" when this buyer's request for this car already caused
 * one today, "digest" past the seller's hourly cap, otherwise "send".
 */
export async function recordSellerNotification(
  tx: Tx,
  input: {
    sellerId: string;
    buyerId: string;
    listingId: number;
    buyerName: string;
    listingTitle: string;
    now: Date;
  },
): Promise<NotificationDecision> {
  const { now, ...row } = input;
  const [created] = await tx
    .insert(sellerNotification)
    .values({ ...row, day: utcDay(now), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: sellerNotification.id });
  if (!created) return "none";
  const limit = await hit(
    tx,
    `notify:seller:${input.sellerId}`,
    LIMITS.sellerNotificationsPerHour,
    now.getTime(),
  );
  await tx
    .update(sellerNotification)
    .set(
      limit.allowed
        ? { sentAt: now }
        : // Due when the seller's hour is over, so the digest does not count against it.
          { digestDueAt: new Date(now.getTime() + limit.retryAfterSeconds * 1000) },
    )
    .where(eq(sellerNotification.id, created.id));
  return limit.allowed ? "send" : "digest";
}

const DIGEST_BATCH = 200;

/**
 * Sends each seller one email (in their language) listing the notifications that waited for a digest
 * and are due. Each seller's rows are claimed in one transaction (FOR UPDATE SKIP
 * LOCKED, so a concurrent run in another process skips them), the email is sent
 * while they are held, and they are marked sent in that same transaction. A failed
 * email rolls the claim back for the next run; a kill before the commit leaves the
 * rows waiting (the digest may then go out twice, never zero times). Returns how many
 * digests were sent.
 */
export async function sendNotificationDigests(
  services: Pick<AppServices, "db" | "mailer" | "config">,
  now: Date,
): Promise<number> {
  const { db } = services;
  const due = and(isNull(sellerNotification.sentAt), lte(sellerNotification.digestDueAt, now));
  const sellers = await db
    .selectDistinct({ id: sellerNotification.sellerId })
    .from(sellerNotification)
    .where(due)
    .limit(DIGEST_BATCH);
  // Read before the transactions: on PGlite one holds the only connection while its
  // email is sent, so the email carries who sends it.
  const site = await getSiteSettings(db);
  let sent = 0;
  for (const seller of sellers) {
    try {
      const done = await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: sellerNotification.id,
            buyerName: sellerNotification.buyerName,
            listingTitle: sellerNotification.listingTitle,
          })
          .from(sellerNotification)
          .where(and(due, eq(sellerNotification.sellerId, seller.id)))
          .orderBy(asc(sellerNotification.id))
          .for("update", { skipLocked: true });
        if (rows.length === 0) return false;
        const [person] = await tx
          .select({ name: user.name, email: user.email, language: user.language })
          .from(user)
          .where(eq(user.id, seller.id));
        if (person) {
          await services.mailer.send({
            ...notificationDigestMail({
              publicUrl: services.config.publicUrl,
              siteName: site.name,
              seller: person,
              rows,
              t: recipientWords(person.language, site.language).t,
            }),
            sender: senderOf(site),
          });
        }
        await tx
          .update(sellerNotification)
          .set({ sentAt: now })
          .where(
            inArray(
              sellerNotification.id,
              rows.map((row) => row.id),
            ),
          );
        return Boolean(person);
      });
      if (done) sent++;
    } catch (error) {
      logger.warn({ err: error, sellerId: seller.id }, "could not send a request digest");
    }
  }
  if (sent > 0) logger.info({ sent }, "request digests sent");
  return sent;
}

/**
 * Forgets sent notifications from before yesterday: the one-per-day rule only looks
 * at today's rows, and the digest only at unsent ones.
 */
export async function pruneSellerNotifications(db: Db, now: Date): Promise<void> {
  await db
    .delete(sellerNotification)
    .where(
      and(
        isNotNull(sellerNotification.sentAt),
        lt(sellerNotification.createdAt, new Date(now.getTime() - 2 * 24 * 60 * 60_000)),
      ),
    );
}
