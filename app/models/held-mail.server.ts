// Emails sent on a person's behalf wait until their address is verified (decision
// 018): a contact request's copy to its buyer is held in `held_mail` and released
// when the address is verified. Each row is claimed by the one statement that
// deletes it, so two processes releasing at once send it exactly once.
import { and, asc, eq, exists, inArray } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { heldMail, user } from "#app/db/schema.ts";
import { logger } from "#app/services/logger.server.ts";
import type { Mail, Mailer } from "#app/services/mail.server.ts";

type Deps = { db: Db; mailer: Mailer };

/**
 * Sends `mail` to the user's address once it is verified: at once when it already
 * is, otherwise when `releaseHeldMail` runs after the verification. The row is
 * written before the check, so a verification at the same moment cannot miss it.
 */
export async function sendWhenVerified(
  deps: Deps,
  userId: string,
  mail: Pick<Mail, "subject" | "text">,
): Promise<void> {
  await deps.db.insert(heldMail).values({ userId, subject: mail.subject, body: mail.text });
  await releaseHeldMail(deps, userId);
}

/** Sends a verified user's held emails, oldest first; nothing while unverified. */
export async function releaseHeldMail(deps: Deps, userId: string): Promise<number> {
  const verified = deps.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.emailVerified, true)));
  const waiting = deps.db
    .select({ id: heldMail.id })
    .from(heldMail)
    .where(and(eq(heldMail.userId, userId), exists(verified)))
    .orderBy(asc(heldMail.id));
  // The claim: whoever deletes a row sends it.
  const claimed = await deps.db
    .delete(heldMail)
    .where(inArray(heldMail.id, waiting))
    .returning({ id: heldMail.id, subject: heldMail.subject, body: heldMail.body });
  if (claimed.length === 0) return 0;
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) return 0;
  let sent = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await deps.mailer.send({ to: owner.email, subject: row.subject, text: row.body });
      sent++;
    } catch (error) {
      // Put it back for the next release rather than lose it.
      logger.error({ err: error }, "could not send a held email");
      await deps.db.insert(heldMail).values({ userId, subject: row.subject, body: row.body });
    }
  }
  return sent;
}
