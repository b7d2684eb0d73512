// Emails a write causes are written to `held_mail` in the write's own transaction
// and delivered from there (decision 018), so a crash between the commit and the
// send cannot lose them. Emails on a person's behalf (the copy of a contact request
// to its buyer) also wait until that person's address is verified.
//
// Delivery leases one row at a time (FOR UPDATE SKIP LOCKED, then claimed_until), so
// two processes never send the same row at once; the row is deleted once the email
// is sent. A crash after the send and before the delete sends it again when the
// lease is over, with the same message key: the outbox writes one file per key, and
// SMTP receivers see one Message-ID.
import { and, asc, eq, isNull, lt, or, type SQL } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { heldMail, user } from "#app/db/schema.ts";
import { logger } from "#app/services/logger.server.ts";
import { outboxStamp, type Mail, type Mailer } from "#app/services/mail.server.ts";

type Deps = { db: Db; mailer: Mailer };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How long a sender may take before another process sends the row again. */
export const HELD_MAIL_LEASE_MS = 2 * 60 * 1000;
/** Rows one delivery run sends at most (the sweep runs again in five minutes). */
const BATCH = 200;

type Held = {
  userId: string;
  orderId?: number;
  onBehalf: boolean;
  mail: Pick<Mail, "subject" | "text" | "headers" | "calendar">;
};

/**
 * Keeps an email for `userId` (read from the user when it is sent), inside the
 * caller's transaction. `onBehalf`: it waits until that address is verified.
 */
export async function holdMail(tx: Tx | Db, input: Held): Promise<void> {
  await holdMails(tx, [input]);
}

/**
 * Keeps several emails in one statement: a job writing hundreds holds the embedded
 * database's one connection for one insert, not one per email.
 */
export async function holdMails(tx: Tx | Db, inputs: Held[]): Promise<void> {
  if (inputs.length === 0) return;
  await tx.insert(heldMail).values(
    inputs.map((input) => ({
      userId: input.userId,
      orderId: input.orderId ?? null,
      waitForVerification: input.onBehalf,
      subject: input.mail.subject,
      body: input.mail.text,
      headers: input.mail.headers ?? null,
      calendar: input.mail.calendar ?? null,
    })),
  );
}

/** Drops what a request's emails have not yet sent (the request was cancelled). */
export async function dropHeldMailOfOrder(tx: Tx | Db, orderId: number): Promise<void> {
  await tx.delete(heldMail).where(eq(heldMail.orderId, orderId));
}

/**
 * Sends the held emails that may go (their recipient verified, or not waiting for
 * it), oldest first, narrowed to one person or one request. Returns how many were
 * sent. A failed send puts its row back and ends the run (the next one retries).
 */
export async function deliverHeldMail(
  deps: Deps,
  scope: { userId?: string; orderId?: number } = {},
  now: () => Date = () => new Date(),
): Promise<number> {
  const filters: SQL[] = [];
  if (scope.userId !== undefined) filters.push(eq(heldMail.userId, scope.userId));
  if (scope.orderId !== undefined) filters.push(eq(heldMail.orderId, scope.orderId));
  let sent = 0;
  while (sent < BATCH) {
    const row = await claimOne(deps.db, filters, now());
    if (!row) break;
    const key = `${outboxStamp(row.createdAt)}-held-${row.id}`;
    try {
      await deps.mailer.send({
        to: row.email,
        subject: row.subject,
        text: row.body,
        headers: row.headers ?? undefined,
        calendar: row.calendar ?? undefined,
        key,
      });
    } catch (error) {
      logger.warn({ err: error, heldMail: row.id }, "could not send a held email; it is kept");
      await deps.db.update(heldMail).set({ claimedUntil: null }).where(eq(heldMail.id, row.id));
      break;
    }
    await deps.db.delete(heldMail).where(eq(heldMail.id, row.id));
    sent++;
  }
  return sent;
}

/** Leases the oldest row that may be sent now, with its recipient's address. */
async function claimOne(db: Db, filters: SQL[], now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: heldMail.id,
        subject: heldMail.subject,
        body: heldMail.body,
        headers: heldMail.headers,
        calendar: heldMail.calendar,
        createdAt: heldMail.createdAt,
        email: user.email,
      })
      .from(heldMail)
      .innerJoin(user, eq(user.id, heldMail.userId))
      .where(
        and(
          ...filters,
          or(eq(heldMail.waitForVerification, false), eq(user.emailVerified, true)),
          or(isNull(heldMail.claimedUntil), lt(heldMail.claimedUntil, now)),
        ),
      )
      .orderBy(asc(heldMail.id))
      .limit(1)
      .for("update", { of: heldMail, skipLocked: true });
    if (!row) return null;
    await tx
      .update(heldMail)
      .set({ claimedUntil: new Date(now.getTime() + HELD_MAIL_LEASE_MS) })
      .where(eq(heldMail.id, row.id));
    return row;
  });
}
