// Emails a write causes are written to `held_mail` in the write's own transaction
// and delivered from there (decision 018), so a crash between the commit and the
// send cannot lose them. Emails on a person's behalf (the copy of a contact request
// to its buyer) also wait until that person's address is verified.
//
// Delivery leases a few rows at a time (one UPDATE of claimed_until over rows picked FOR
// UPDATE SKIP LOCKED), so two processes never send the same row at once; the rows whose
// emails went are deleted together once the lease's sends are done. A crash after a send
// and before that delete sends it again when the lease is over, with the same message
// key: the outbox writes one file per key, and SMTP receivers see one Message-ID.
import { and, asc, eq, isNull, lt, or, type SQL } from "drizzle-orm";

import { anyId, pickedIds } from "#app/db/any-id.ts";
import type { Db } from "#app/db/client.server.ts";
import { heldMail, user } from "#app/db/schema.ts";
import { logger } from "#app/services/logger.server.ts";
import { outboxStamp, type Mail, type Mailer } from "#app/services/mail.server.ts";
import { pace } from "#app/services/pace.server.ts";

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

/** Rows one statement leases: sent one by one within their lease, then the next few. */
const CLAIM = 10;

/**
 * Sends the held emails that may go (their recipient verified, or not waiting for
 * it), oldest first, narrowed to one person or one request. Returns how many were
 * sent. A failed send puts its row and the rest of its lease back and ends the run
 * (the next one retries).
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
  const giveWay = pace();
  while (sent < BATCH) {
    if (sent > 0) await giveWay();
    const leased = now().getTime();
    const rows = await claimSome(deps.db, filters, new Date(leased), Math.min(CLAIM, BATCH - sent));
    const done: number[] = [];
    let failed = false;
    for (const [index, row] of rows.entries()) {
      // A slow mail server: what is left goes back before its lease could run out under it.
      if (now().getTime() - leased > HELD_MAIL_LEASE_MS / 2) {
        await release(deps.db, rows.slice(index));
        break;
      }
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
        await release(deps.db, rows.slice(index));
        failed = true;
        break;
      }
      done.push(row.id);
    }
    // The lease's sent rows go in one statement (one each cost the embedded database's
    // connection a turn per email); a crash before it sends them again under their keys.
    if (done.length > 0) await deps.db.delete(heldMail).where(anyId(heldMail.id, done));
    sent += done.length;
    if (failed || rows.length < CLAIM) break;
  }
  return sent;
}

/** Gives leased rows back to the next run. */
async function release(db: Db, rows: { id: number }[]): Promise<void> {
  const ids = rows.map((row) => row.id);
  await db.update(heldMail).set({ claimedUntil: null }).where(anyId(heldMail.id, ids));
}

/**
 * Leases up to `limit` of the oldest rows that may be sent now, with their recipients'
 * addresses, in one statement: on the embedded database a transaction of its own for each
 * row held the one connection between its four statements while pages waited (a minute's
 * 400 unread-message emails put 170 ms pauses into page answers).
 */
async function claimSome(db: Db, filters: SQL[], now: Date, limit: number) {
  const free = db
    .select({ id: heldMail.id })
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
    .limit(limit)
    .for("update", { of: heldMail, skipLocked: true });
  const rows = await db
    .update(heldMail)
    .set({ claimedUntil: new Date(now.getTime() + HELD_MAIL_LEASE_MS) })
    .from(user)
    // Picked once (pickedIds); `in (…)` made PostgreSQL pick them again for every held
    // row (a semi-join that took 600 ms for 400 rows, and leased them all).
    .where(and(eq(user.id, heldMail.userId), pickedIds(heldMail.id, free)))
    .returning({
      id: heldMail.id,
      subject: heldMail.subject,
      body: heldMail.body,
      headers: heldMail.headers,
      calendar: heldMail.calendar,
      createdAt: heldMail.createdAt,
      email: user.email,
    });
  return rows.sort((a, b) => a.id - b.id);
}
