// Emails about unread messages (issue 27): when a message has waited 10 minutes without
// its recipient opening the conversation, they get one email with a link back, and at
// most one an hour per conversation (only if something new arrived since the last), unless
// they turned these emails off. The email is written to held_mail in the transaction that
// records the sending (decision 018), so a killed job neither loses nor repeats one; rows
// are claimed FOR UPDATE SKIP LOCKED, so two nodes never take the same conversation.
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";

import { listing, order, user } from "#app/db/schema.ts";
import { conversationPath, type Side } from "#app/models/conversation.ts";
import { anyId } from "#app/db/any-id.ts";
import { deliverHeldMail, holdMails } from "#app/models/held-mail.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { SiteSettings } from "#app/models/site.ts";
import type { Translate } from "#app/i18n/translator.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import type { Mail } from "#app/services/mail.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

/** How long a message waits unread before it is emailed. */
export const MESSAGE_MAIL_AFTER_MS = 10 * 60_000;
/** At most one email per conversation and person in this time. */
export const MESSAGE_MAIL_GAP_MS = 60 * 60_000;
/** Conversations one run emails about, per side (the next run continues). */
const BATCH = 200;
/**
 * Conversations one transaction claims: on the embedded database a transaction holds its
 * one connection and every page waits behind it (50 hold it for 12-18 ms).
 */
const CHUNK = 50;

const columnsOf = (side: Side) =>
  side === "buyer"
    ? {
        person: order.buyerId,
        unread: order.buyerUnread,
        since: order.buyerUnreadSince,
        mailed: order.buyerMailedAt,
      }
    : {
        person: order.sellerId,
        unread: order.sellerUnread,
        since: order.sellerUnreadSince,
        mailed: order.sellerMailedAt,
      };

type Due = { id: number; title: string; unread: number; name: string; latest: string | null };

/** The email about `due`'s unread messages, in its recipient's words. */
export function unreadMessagesMail(
  t: Translate,
  input: { due: Due; publicUrl: string; siteName: string },
): Pick<Mail, "subject" | "text"> {
  const { due, publicUrl, siteName } = input;
  // A message of photos alone has no words: the email says so (the photos stay on the site).
  const quoted = (due.latest === "" ? t("(photos)") : (due.latest ?? ""))
    .slice(0, 500)
    .split("\n")
    .map((line) => `  > ${line}`);
  return {
    subject: t("New message about the {car}", { car: due.title }),
    text: [
      t("Hello {name},", { name: due.name }),
      "",
      t(
        "{count, plural, one {You have # unread message about the {car}. The latest:} other {You have # unread messages about the {car}. The latest:}}",
        { count: due.unread, car: due.title },
      ),
      "",
      ...quoted,
      "",
      t("Read and answer it: {url}", { url: `${publicUrl}${conversationPath(due.id)}` }),
      "",
      t(
        "Keep the conversation on {site}, and never pay anything before you have seen the car and its papers.",
        { site: siteName },
      ),
      t("To stop these emails, untick “Email me about messages I have not read” at {url}", {
        url: `${publicUrl}/dashboard/conversations`,
      }),
      "",
      `— ${siteName}`,
    ].join("\n"),
  };
}

/** Writes the due emails of one side; returns how many. */
async function holdSide(services: AppServices, side: Side, now: Date): Promise<number> {
  const settings = await getSiteSettings(services.db);
  const waited = new Date(now.getTime() - MESSAGE_MAIL_AFTER_MS);
  const gap = new Date(now.getTime() - MESSAGE_MAIL_GAP_MS);
  let written = 0;
  while (written < BATCH) {
    const claimed = await holdChunk(services, side, { settings, waited, gap, now });
    written += claimed;
    if (claimed < CHUNK) break;
  }
  return written;
}

/** Writes the emails of up to CHUNK due conversations of one side, in one transaction. */
async function holdChunk(
  services: AppServices,
  side: Side,
  at: { settings: SiteSettings; waited: Date; gap: Date; now: Date },
): Promise<number> {
  const { settings, waited, gap, now } = at;
  const c = columnsOf(side);
  return services.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: order.id,
        title: sql<string>`coalesce(${listing.title}, ${order.listingTitle})`,
        unread: c.unread,
        userId: user.id,
        name: user.name,
        language: user.language,
        latest: sql<string | null>`(select m.body from message m
                                     where m.order_id = ${order.id}
                                     order by m.id desc limit 1)`,
      })
      .from(order)
      .innerJoin(user, eq(user.id, c.person))
      .leftJoin(listing, eq(listing.id, order.listingId))
      .where(
        and(
          gt(c.unread, 0),
          lte(c.since, waited),
          or(isNull(c.mailed), and(lte(c.mailed, gap), gt(order.lastMessageAt, c.mailed))),
          eq(user.messageEmails, true),
          eq(user.banned, false),
        ),
      )
      .orderBy(asc(c.since))
      .limit(CHUNK)
      .for("update", { of: order, skipLocked: true });
    // Three statements however many are due (one by one, 200 held the connection for
    // about a quarter of a second).
    await holdMails(
      tx,
      due.map((row) => ({
        userId: row.userId,
        onBehalf: false,
        mail: unreadMessagesMail(recipientWords(row.language, settings.language).t, {
          due: row,
          publicUrl: services.config.publicUrl,
          siteName: settings.name,
        }),
      })),
    );
    if (due.length > 0) {
      await tx
        .update(order)
        .set(side === "buyer" ? { buyerMailedAt: now } : { sellerMailedAt: now })
        .where(
          anyId(
            order.id,
            due.map((row) => row.id),
          ),
        );
    }
    return due.length;
  });
}

/**
 * One run: writes the emails now due for both sides, then sends what is held. Returns how
 * many were written.
 */
export async function mailUnreadMessages(services: AppServices, now = new Date()): Promise<number> {
  const written =
    (await holdSide(services, "buyer", now)) + (await holdSide(services, "seller", now));
  if (written > 0) await deliverHeldMail(services);
  return written;
}
