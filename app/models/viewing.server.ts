// Viewings (issue 27, decision 023): proposing times to see the car, agreeing one, cancelling,
// and saying afterwards whether it happened. Every change holds the request's row (FOR UPDATE),
// so two answers at once cannot both agree a time, and writes its emails to held_mail in the
// same transaction (decision 018). Only the request's two people see or change its viewings,
// and only while the conversation is open.
import { and, eq, gt, inArray, lte, ne } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { safePlace, viewing } from "#app/db/schema.ts";
import { closedWhy, participantOf } from "#app/models/conversation.server.ts";
import type { Side } from "#app/models/conversation.ts";
import type { Problem } from "#app/models/problem.ts";
import {
  VIEWING_MAX_AHEAD_DAYS,
  VIEWING_MESSAGES,
  VIEWING_MIN_AHEAD_MS,
  VIEWING_PROPOSALS_PER_HOUR,
  VIEWING_REMINDER_MS,
  zonedTime,
  type SlotInput,
  type ViewingOutcome,
} from "#app/models/viewing.ts";
import {
  holdViewingMails,
  type MailSite,
  type ViewingMailKind,
} from "#app/models/viewing-mail.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { deliverHeldMail } from "#app/models/held-mail.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { hit, undo } from "#app/services/rate-limit.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Services = Pick<AppServices, "db" | "config" | "mailer">;

const mailSiteOf = async (services: Services): Promise<MailSite> => ({
  settings: await getSiteSettings(services.db),
  publicUrl: services.config.publicUrl,
});

type Refusal = { ok: false; message: string; field?: string } & Problem<
  "not-found" | "conflict" | "invalid" | "rate-limited"
>;
export type ViewingResult = { ok: true; again?: boolean } | Refusal;

const refuse = (
  code: "not-found" | "conflict" | "invalid",
  message: string,
  field?: string,
): Refusal => ({ ok: false, code, message, field });

/**
 * The request's row, held for this change, if `userId` is one of its two and it is open
 * (or, `closedToo`, whatever its state: a closed conversation's agreed viewing can still be
 * cancelled).
 */
async function openConversation(tx: Tx, userId: string, orderId: number, closedToo = false) {
  const mine = await participantOf(tx, userId, orderId, true);
  if (!mine) return refuse("not-found", VIEWING_MESSAGES.notYours);
  if (!closedToo && closedWhy(mine, mine.side) !== null)
    return refuse("conflict", VIEWING_MESSAGES.closed);
  return { ok: true as const, ...mine };
}

/** Sends what a change held for its recipients now, each on their own; a failure waits for the sweep. */
async function sendHeld(services: Services, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    await deliverHeldMail(services, { userId }).catch((error: unknown) =>
      logger.warn({ err: error }, "a viewing email is kept for the next sweep"),
    );
  }
}

/** An agreed viewing still ahead, if there is one. */
async function upcomingAgreed(tx: Tx, orderId: number, now: Date) {
  const [row] = await tx
    .select({ id: viewing.id })
    .from(viewing)
    .where(
      and(eq(viewing.orderId, orderId), eq(viewing.status, "accepted"), gt(viewing.startsAt, now)),
    );
  return row ?? null;
}

/** The rows to store for `slots`, or the first slot's refusal (next to its field). */
async function rowsOf(tx: Tx, slots: SlotInput[], timeZone: string, now: Date) {
  const ids = slots.flatMap((slot) => (slot.placeId === null ? [] : [slot.placeId]));
  const places = ids.length
    ? await tx.select().from(safePlace).where(inArray(safePlace.id, ids))
    : [];
  const rows = [];
  for (const slot of slots) {
    const startsAt = zonedTime(slot.at, timeZone);
    if (!startsAt) return refuse("invalid", VIEWING_MESSAGES.timeInvalid, `at${slot.slot}`);
    if (startsAt.getTime() < now.getTime() + VIEWING_MIN_AHEAD_MS)
      return refuse("invalid", VIEWING_MESSAGES.timeTooSoon, `at${slot.slot}`);
    if (startsAt.getTime() > now.getTime() + VIEWING_MAX_AHEAD_DAYS * 86_400_000)
      return refuse("invalid", VIEWING_MESSAGES.timeTooLate, `at${slot.slot}`);
    const place = places.find((row) => row.id === slot.placeId);
    if (slot.placeId !== null && !place)
      return refuse("invalid", VIEWING_MESSAGES.placeMissing, `place${slot.slot}`);
    rows.push({
      slot: slot.slot,
      startsAt,
      placeId: place?.id ?? null,
      placeName: place?.name ?? null,
      address: place?.address ?? slot.address ?? "",
      placeNote: place?.note ?? null,
    });
  }
  return { ok: true as const, rows };
}

/**
 * `userId` proposes up to three times. Their earlier open proposal is withdrawn and the other
 * side's is declined (this answers it). Refused while a viewing is agreed and ahead, and after
 * VIEWING_PROPOSALS_PER_HOUR proposals in an hour. The same proposal sent twice is stored once.
 */
export async function proposeViewing(
  services: Services,
  userId: string,
  orderId: number,
  input: { proposalKey: string; slots: SlotInput[]; timeZone: string },
  options: { now?: Date; limits?: boolean } = {},
): Promise<ViewingResult> {
  const { db } = services;
  const now = options.now ?? new Date();
  const limited = options.limits !== false;
  let stored = false;
  if (limited) {
    const limit = await hit(
      db,
      `viewing:${userId}`,
      { max: VIEWING_PROPOSALS_PER_HOUR, windowMs: 3_600_000 },
      now.getTime(),
    );
    if (!limit.allowed) {
      const { retryAfterSeconds } = limit;
      return {
        ok: false,
        code: "rate-limited",
        message: VIEWING_MESSAGES.tooMany,
        retryAfterSeconds,
      };
    }
  }
  try {
    // Read before the transaction: on PGlite it holds the one connection.
    const site = await mailSiteOf(services);
    const result = await db.transaction(async (tx): Promise<ViewingResult & { to?: string[] }> => {
      const mine = await openConversation(tx, userId, orderId);
      if (!mine.ok) return mine;
      const [earlier] = await tx
        .select({ id: viewing.id })
        .from(viewing)
        .where(and(eq(viewing.orderId, orderId), eq(viewing.proposalKey, input.proposalKey)));
      if (earlier) return { ok: true, again: true };
      if (await upcomingAgreed(tx, orderId, now))
        return refuse("conflict", VIEWING_MESSAGES.alreadyAgreed);
      const checked = await rowsOf(tx, input.slots, input.timeZone, now);
      if (!checked.ok) return checked;
      const open = and(eq(viewing.orderId, orderId), eq(viewing.status, "proposed"));
      await tx
        .update(viewing)
        .set({ status: "withdrawn", decidedAt: now })
        .where(and(open, eq(viewing.proposedBy, mine.side)));
      await tx
        .update(viewing)
        .set({ status: "declined", decidedAt: now })
        .where(and(open, ne(viewing.proposedBy, mine.side)));
      const created = await tx
        .insert(viewing)
        .values(
          checked.rows.map((row) => ({
            ...row,
            orderId,
            proposedBy: mine.side,
            proposalKey: input.proposalKey,
            timeZone: input.timeZone,
          })),
        )
        .returning();
      const to = await holdViewingMails(tx, site, {
        kind: "proposed",
        orderId,
        from: mine.side,
        rows: created,
        now,
      });
      return { ok: true, to };
    });
    if (result.ok && result.to) await sendHeld(services, result.to);
    // Only a proposal stored counts against the hour.
    if (result.ok && !result.again) stored = true;
    return result.ok ? { ok: true, again: result.again } : result;
  } finally {
    if (limited && !stored) await undo(db, `viewing:${userId}`);
  }
}

/** The row `viewingId` of the request, held. */
async function viewingRow(tx: Tx, orderId: number, viewingId: number) {
  const [row] = await tx
    .select()
    .from(viewing)
    .where(and(eq(viewing.id, viewingId), eq(viewing.orderId, orderId)))
    .for("update");
  return row ?? null;
}

/**
 * Agrees a time the other side proposed: the proposal's other times are declined, and both
 * get an email with a calendar file. Agreed less than a day ahead, no reminder follows.
 */
export async function acceptViewing(
  services: Services,
  userId: string,
  orderId: number,
  viewingId: number,
  now = new Date(),
): Promise<ViewingResult> {
  return changeViewing(services, userId, orderId, viewingId, now, async (tx, mine, row) => {
    if (row.status === "accepted" && row.proposedBy !== mine.side) return { ok: true, again: true };
    if (row.status !== "proposed" || row.proposedBy === mine.side || row.startsAt <= now)
      return refuse("conflict", VIEWING_MESSAGES.notYours);
    if (await upcomingAgreed(tx, orderId, now))
      return refuse("conflict", VIEWING_MESSAGES.alreadyAgreed);
    const soon = row.startsAt.getTime() - now.getTime() <= VIEWING_REMINDER_MS;
    const [agreed] = await tx
      .update(viewing)
      .set({ status: "accepted", decidedAt: now, remindedAt: soon ? now : null })
      .where(eq(viewing.id, row.id))
      .returning();
    await tx
      .update(viewing)
      .set({ status: "declined", decidedAt: now })
      .where(and(eq(viewing.orderId, orderId), eq(viewing.status, "proposed")));
    return { ok: true, mail: { kind: "accepted", rows: [agreed!] } };
  });
}

/**
 * Withdraws one's own open proposal (all its times), or cancels an agreed viewing that is
 * still ahead (the other side gets an email that takes it out of their calendar).
 */
export async function cancelViewing(
  services: Services,
  userId: string,
  orderId: number,
  viewingId: number,
  now = new Date(),
): Promise<ViewingResult & { withdrawn?: boolean }> {
  return changeViewing(
    services,
    userId,
    orderId,
    viewingId,
    now,
    async (tx, mine, row) => {
      if (row.status === "withdrawn" || row.status === "cancelled")
        return { ok: true, again: true, withdrawn: row.status === "withdrawn" };
      if (row.status === "proposed" && row.proposedBy === mine.side) {
        await tx
          .update(viewing)
          .set({ status: "withdrawn", decidedAt: now })
          .where(
            and(
              eq(viewing.orderId, orderId),
              eq(viewing.proposalKey, row.proposalKey),
              eq(viewing.status, "proposed"),
            ),
          );
        return { ok: true, withdrawn: true };
      }
      if (row.status !== "accepted" || row.startsAt <= now)
        return refuse("conflict", VIEWING_MESSAGES.notYours);
      const [cancelled] = await tx
        .update(viewing)
        .set({ status: "cancelled", decidedAt: now })
        .where(eq(viewing.id, row.id))
        .returning();
      return { ok: true, mail: { kind: "cancelled", rows: [cancelled!] } };
    },
    true,
  );
}

type Change = (
  tx: Tx,
  mine: { side: Side },
  row: typeof viewing.$inferSelect,
) => Promise<
  | Refusal
  | {
      ok: true;
      again?: boolean;
      withdrawn?: boolean;
      mail?: { kind: ViewingMailKind; rows: (typeof viewing.$inferSelect)[] };
    }
>;

/** One change to one viewing of an open conversation, with its emails, in one transaction. */
async function changeViewing(
  services: Services,
  userId: string,
  orderId: number,
  viewingId: number,
  now: Date,
  change: Change,
  closedToo = false,
): Promise<ViewingResult & { withdrawn?: boolean }> {
  const site = await mailSiteOf(services);
  const result = await services.db.transaction(async (tx) => {
    const mine = await openConversation(tx, userId, orderId, closedToo);
    if (!mine.ok) return mine;
    const row = await viewingRow(tx, orderId, viewingId);
    if (!row) return refuse("not-found", VIEWING_MESSAGES.notYours);
    const changed = await change(tx, mine, row);
    if (!changed.ok || !changed.mail) return { ...changed, to: [] };
    const { kind, rows } = changed.mail;
    const to = await holdViewingMails(tx, site, { kind, orderId, from: mine.side, rows, now });
    return { ...changed, to };
  });
  if (!result.ok) return result;
  await sendHeld(services, result.to);
  return { ok: true, again: result.again, withdrawn: result.withdrawn };
}

/**
 * After an agreed viewing's time, each side says whether it happened (and may change their
 * answer). Allowed on a closed conversation too: the car may have been sold at the viewing.
 */
export async function setViewingOutcome(
  db: Db,
  userId: string,
  orderId: number,
  viewingId: number,
  outcome: ViewingOutcome,
  now = new Date(),
): Promise<ViewingResult> {
  const mine = await participantOf(db, userId, orderId);
  if (!mine) return refuse("not-found", VIEWING_MESSAGES.notYours);
  const updated = await db
    .update(viewing)
    .set(mine.side === "buyer" ? { buyerOutcome: outcome } : { sellerOutcome: outcome })
    .where(
      and(
        eq(viewing.id, viewingId),
        eq(viewing.orderId, orderId),
        eq(viewing.status, "accepted"),
        // Only once its time has come.
        lte(viewing.startsAt, now),
      ),
    )
    .returning({ id: viewing.id });
  if (updated.length === 0) return refuse("conflict", VIEWING_MESSAGES.notYours);
  return { ok: true };
}
