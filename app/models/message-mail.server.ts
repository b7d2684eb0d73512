// Emails about unread messages (issue 27): when a message has waited 10 minutes without
// its recipient opening the conversation, they get one email with a link back, and at
// most one an hour per conversation (only if something new arrived since the last), unless
// they turned these emails off. The email is written to held_mail in the transaction that
// records the sending (decision 018), so a killed job neither loses nor repeats one; a
// conversation is marked mailed under its row lock with the rule checked again, so two
// nodes never email about the same one.
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
import { pace } from "#app/services/pace.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

/** How long a message waits unread before it is emailed. */
export const MESSAGE_MAIL_AFTER_MS = 10 * 60_000;
/** At most one email per conversation and person in this time. */
export const MESSAGE_MAIL_GAP_MS = 60 * 60_000;
/** Conversations one run emails about, per side (the next run continues). */
const BATCH = 200;
/**
 * Conversations one transaction marks: on the embedded database a transaction holds its
 * one connection and every page waits behind it (50 held it for 20-37 ms under load; 10,
 * with a pause between them, keep page answers within a few milliseconds of usual).
 */
const CHUNK = 10;

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
  let looked = 0;
  let written = 0;
  const giveWay = pace();
  while (looked < BATCH) {
    if (looked > 0) await giveWay();
    const chunk = await holdChunk(services, side, { settings, waited, gap, now });
    looked += chunk.found;
    written += chunk.written;
    if (chunk.found < CHUNK) break;
  }
  return written;
}

/** Whether `side`'s person in a conversation is owed an email now (see the file's head). */
function owedMail(side: Side, at: { waited: Date; gap: Date }) {
  const c = columnsOf(side);
  return and(
    gt(c.unread, 0),
    lte(c.since, at.waited),
    or(isNull(c.mailed), and(lte(c.mailed, at.gap), gt(order.lastMessageAt, c.mailed))),
  )!;
}

/**
 * Writes the emails of up to CHUNK due conversations of one side. They are found and
 * written outside any transaction; the transaction then only marks them mailed (each row
 * still owed one, checked again under its lock, so a conversation another node took
 * meanwhile is left to it) and keeps the emails of those it marked: on the embedded
 * database a transaction holds the one connection, and every page waits behind it.
 */
async function holdChunk(
  services: AppServices,
  side: Side,
  at: { settings: SiteSettings; waited: Date; gap: Date; now: Date },
): Promise<{ found: number; written: number }> {
  const { settings, now } = at;
  const c = columnsOf(side);
  const due = await services.db
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
    .where(and(owedMail(side, at), eq(user.messageEmails, true), eq(user.banned, false)))
    .orderBy(asc(c.since))
    .limit(CHUNK);
  if (due.length === 0) return { found: 0, written: 0 };
  const mails = new Map(
    due.map((row) => [
      row.id,
      {
        userId: row.userId,
        onBehalf: false,
        mail: unreadMessagesMail(recipientWords(row.language, settings.language).t, {
          due: row,
          publicUrl: services.config.publicUrl,
          siteName: settings.name,
        }),
      },
    ]),
  );
  const written = await services.db.transaction(async (tx) => {
    const marked = await tx
      .update(order)
      .set(side === "buyer" ? { buyerMailedAt: now } : { sellerMailedAt: now })
      .where(
        and(
          anyId(
            order.id,
            due.map((row) => row.id),
          ),
          owedMail(side, at),
        ),
      )
      .returning({ id: order.id });
    // Two statements however many are due (one by one, 200 held the connection for
    // about a quarter of a second).
    await holdMails(
      tx,
      marked.map((row) => mails.get(row.id)!),
    );
    return marked.length;
  });
  return { found: due.length, written };
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
