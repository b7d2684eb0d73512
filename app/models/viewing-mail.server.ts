// The emails of viewings (issue 27, decision 023), in each recipient's language: times
// proposed (to the other side), a viewing agreed (to both, with a calendar file), cancelled
// (to the other side, with a file that takes it out of the calendar), and the reminder a day
// before (to both). Each is written to held_mail inside the change's transaction
// (decision 018); the reminder job claims its rows FOR UPDATE SKIP LOCKED, so on several
// nodes each reminder is written once, and a kill before the commit leaves it for the next run.
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Db } from "#app/db/client.server.ts";
import { listing, order, user, viewing } from "#app/db/schema.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { calendarFile, type CalendarFile } from "#app/models/calendar.ts";
import { conversationPath, type Side } from "#app/models/conversation.ts";
import { dateLocaleOf } from "#app/models/dates.ts";
import { deliverHeldMail, holdMail } from "#app/models/held-mail.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { SiteSettings } from "#app/models/site.ts";
import { VIEWING_MINUTES, VIEWING_REMINDER_MS } from "#app/models/viewing.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Row = typeof viewing.$inferSelect;

export type ViewingMailKind = "proposed" | "accepted" | "cancelled" | "reminder";

/** What every email needs from outside the transaction (on PGlite it holds the one connection). */
export type MailSite = { settings: SiteSettings; publicUrl: string };

/** The two people of a request: name, language and (for the seller) the name buyers see. */
async function peopleOf(tx: Tx, orderId: number) {
  const buyer = alias(user, "buyer");
  const seller = alias(user, "seller");
  const [row] = await tx
    .select({
      car: sql<string>`coalesce(${listing.title}, ${order.listingTitle})`,
      buyerId: order.buyerId,
      buyerName: order.buyerName,
      buyerLanguage: buyer.language,
      sellerId: order.sellerId,
      sellerName: seller.name,
      sellerLanguage: seller.language,
    })
    .from(order)
    .innerJoin(buyer, eq(buyer.id, order.buyerId))
    .leftJoin(seller, eq(seller.id, order.sellerId))
    .leftJoin(listing, eq(listing.id, order.listingId))
    .where(eq(order.id, orderId));
  return row ?? null;
}

/** A viewing's time as its proposer chose it, in the reader's words: "Saturday 5 December 2026, 10:30 (Europe/Madrid)". */
export function viewingTime(startsAt: Date, timeZone: string, locale: string): string {
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone,
  }).format(startsAt);
  return `${when} (${timeZone.replace(/_/g, " ")})`;
}

/** Where: the safe place's name and address, or the address. */
export const viewingPlace = (row: Pick<Row, "placeName" | "address">) =>
  row.placeName ? `${row.placeName}, ${row.address}` : row.address;

const SAFETY = (t: Translate) =>
  t(
    "Meet in daylight at a public place, bring someone with you, and never pay before you have seen the car and its papers.",
  );

/** One email's subject and text, for one recipient. */
function mailOf(
  kind: ViewingMailKind,
  t: Translate,
  input: {
    name: string;
    other: string;
    car: string;
    rows: Row[];
    locale: string;
    url: string;
    /** The recipient made this change (a cancellation goes to both calendars). */
    theirs: boolean;
  },
) {
  const lines = (row: Row) => [
    `• ${viewingTime(row.startsAt, row.timeZone, input.locale)}`,
    `  ${viewingPlace(row)}`,
    ...(row.placeNote ? [`  ${row.placeNote}`] : []),
  ];
  const first = input.rows[0]!;
  const hello = [t("Hello {name},", { name: input.name }), ""];
  const end = ["", SAFETY(t), "", t("The conversation: {url}", { url: input.url })];
  switch (kind) {
    case "proposed":
      return {
        subject: t("{name} proposed times to see the {car}", { name: input.other, car: input.car }),
        text: [
          ...hello,
          t(
            "{count, plural, one {{name} proposes this time to see the {car}:} other {{name} proposes these times to see the {car}:}}",
            { count: input.rows.length, name: input.other, car: input.car },
          ),
          "",
          ...input.rows.flatMap(lines),
          "",
          t("Accept one, or propose other times, in the conversation."),
          ...end,
        ].join("\n"),
      };
    case "accepted":
      return {
        subject: t("Viewing agreed: the {car}", { car: input.car }),
        text: [
          ...hello,
          t("You and {name} agreed to see the {car}:", { name: input.other, car: input.car }),
          "",
          ...lines(first),
          "",
          t("The calendar file with this email adds it to your calendar."),
          t("If you cannot come, cancel it in the conversation so that {name} knows.", {
            name: input.other,
          }),
          ...end,
        ].join("\n"),
      };
    case "cancelled":
      return {
        subject: t("Viewing cancelled: the {car}", { car: input.car }),
        text: [
          ...hello,
          input.theirs
            ? t("You cancelled the viewing of the {car}:", { car: input.car })
            : t("{name} cancelled the viewing of the {car}:", {
                name: input.other,
                car: input.car,
              }),
          "",
          ...lines(first),
          "",
          t("The calendar file with this email takes it out of your calendar."),
          ...end,
        ].join("\n"),
      };
    case "reminder":
      return {
        subject: t("Reminder: viewing the {car}", { car: input.car }),
        text: [
          ...hello,
          t("A reminder: you meet {name} to see the {car}:", { name: input.other, car: input.car }),
          "",
          ...lines(first),
          "",
          t("If you cannot come, cancel it in the conversation so that {name} knows.", {
            name: input.other,
          }),
          ...end,
        ].join("\n"),
      };
  }
}

/**
 * Who hears of a change made by `from`: a proposal, the other side; the rest, both (a
 * cancellation takes the event out of both calendars).
 */
const recipientsOf = (kind: ViewingMailKind, from: Side): Side[] =>
  kind === "proposed" ? [from === "buyer" ? "seller" : "buyer"] : ["buyer", "seller"];

/** Writes the emails of one change to held_mail, inside its transaction; returns their recipients. */
export async function holdViewingMails(
  tx: Tx,
  site: MailSite,
  change: { kind: ViewingMailKind; orderId: number; from: Side; rows: Row[]; now: Date },
): Promise<string[]> {
  const people = await peopleOf(tx, change.orderId);
  const first = change.rows[0];
  if (!people || !first) return [];
  const to: string[] = [];
  const url = `${site.publicUrl}${conversationPath(change.orderId)}`;
  for (const side of recipientsOf(change.kind, change.from)) {
    const userId = side === "buyer" ? people.buyerId : people.sellerId;
    if (!userId) continue;
    const words = recipientWords(
      side === "buyer" ? people.buyerLanguage : people.sellerLanguage,
      site.settings.language,
    );
    const other = (side === "buyer" ? people.sellerName : people.buyerName) ?? "";
    const mail = mailOf(change.kind, words.t, {
      name: (side === "buyer" ? people.buyerName : people.sellerName) ?? "",
      other,
      car: people.car,
      rows: change.rows,
      locale: dateLocaleOf(site.settings.locale, words.language),
      url,
      theirs: side === change.from,
    });
    // The event's title stays the same in every email about it (a reminder does not rename it).
    const summary = words.t("Viewing the {car} with {name}", { car: people.car, name: other });
    to.push(userId);
    await holdMail(tx, {
      userId,
      onBehalf: false,
      mail: {
        ...mail,
        calendar: calendarOf(change.kind, first, { summary, url, now: change.now }),
      },
    });
  }
  return to;
}

/** The calendar file an email carries: agreed and reminded add the event, cancelled removes it. */
function calendarOf(
  kind: ViewingMailKind,
  row: Row,
  mail: { summary: string; url: string; now: Date },
): CalendarFile | undefined {
  if (kind === "proposed") return undefined;
  return calendarFile({
    method: kind === "cancelled" ? "CANCEL" : "PUBLISH",
    uid: `viewing-${row.id}@${new URL(mail.url).hostname}`,
    sequence: kind === "cancelled" ? 1 : 0,
    start: row.startsAt,
    minutes: VIEWING_MINUTES,
    summary: mail.summary,
    location: viewingPlace(row),
    description: mail.url,
    url: mail.url,
    now: mail.now,
  });
}

/** Reminders one run writes at most (the next run continues). */
const REMINDER_BATCH = 100;

/**
 * The reminder job: agreed viewings whose time is less than a day away and that were not yet
 * reminded get their two emails, and are marked, in one transaction. Returns how many.
 */
export async function remindViewings(
  services: Pick<AppServices, "db" | "config" | "mailer">,
  now = new Date(),
): Promise<number> {
  const { db } = services;
  const site = { settings: await getSiteSettings(db), publicUrl: services.config.publicUrl };
  const written = await db.transaction(async (tx) => {
    const due = await tx
      .select({ row: viewing })
      .from(viewing)
      // A conversation closed or blocked since: no reminder (its two may no longer meet).
      .innerJoin(order, eq(order.id, viewing.orderId))
      .where(
        and(
          eq(order.status, "open"),
          isNull(order.blockedBy),
          eq(viewing.status, "accepted"),
          isNull(viewing.remindedAt),
          gt(viewing.startsAt, now),
          lte(viewing.startsAt, new Date(now.getTime() + VIEWING_REMINDER_MS)),
        ),
      )
      .orderBy(asc(viewing.startsAt))
      .limit(REMINDER_BATCH)
      .for("update", { of: viewing, skipLocked: true });
    for (const { row } of due) {
      await holdViewingMails(tx, site, {
        kind: "reminder",
        orderId: row.orderId,
        from: row.proposedBy,
        rows: [row],
        now,
      });
      await tx.update(viewing).set({ remindedAt: now }).where(eq(viewing.id, row.id));
    }
    return due.length;
  });
  if (written > 0) await deliverHeldMail(services);
  return written;
}
