// Verifying sellers (spec §4, DESIGN decision 23). user.verified is the fast
// boolean every listing query joins on, so the badge shows (or goes) on all of a
// seller's cars at once; seller_verification says what was checked, by whom and
// when. Each change writes its audit row in the same transaction.
import { and, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { sellerVerification, user } from "#app/db/schema.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import type { VerificationCheck, VerificationNote } from "./verification-note.ts";

export type VerifyResult =
  { ok: true; name: string } | { ok: false; reason: "missing" | "not seller" | "already verified" };

export async function verifySeller(
  db: Db,
  actor: AuditActor,
  sellerId: string,
  checks: VerificationCheck[],
  now: Date = new Date(),
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, name: user.name, role: user.role, verified: user.verified })
      .from(user)
      .where(eq(user.id, sellerId))
      .for("update");
    if (!target) return { ok: false, reason: "missing" } as const;
    if (target.role !== "seller") return { ok: false, reason: "not seller" } as const;
    if (target.verified) return { ok: false, reason: "already verified" } as const;
    await tx.update(user).set({ verified: true }).where(eq(user.id, target.id));
    const row = {
      checks,
      verifiedBy: actor.id,
      verifiedAt: now,
      withdrawnAt: null,
      withdrawnBy: null,
      withdrawalReason: null,
    };
    await tx
      .insert(sellerVerification)
      .values({ userId: target.id, ...row })
      .onConflictDoUpdate({ target: sellerVerification.userId, set: row });
    await recordAudit(tx, {
      actor,
      action: "verify_seller",
      subjectType: "user",
      subjectId: target.id,
      subjectName: target.name,
      details: { checks },
    });
    return { ok: true, name: target.name } as const;
  });
}

export type WithdrawResult =
  { ok: true; name: string } | { ok: false; reason: "missing" | "not verified" };

export async function withdrawVerification(
  db: Db,
  actor: AuditActor,
  sellerId: string,
  reason: string,
  now: Date = new Date(),
): Promise<WithdrawResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, name: user.name, verified: user.verified })
      .from(user)
      .where(eq(user.id, sellerId))
      .for("update");
    if (!target) return { ok: false, reason: "missing" } as const;
    if (!target.verified) return { ok: false, reason: "not verified" } as const;
    await tx.update(user).set({ verified: false }).where(eq(user.id, target.id));
    // A seller verified before details were kept has no row; the audit row still says why.
    await tx
      .update(sellerVerification)
      .set({ withdrawnAt: now, withdrawnBy: actor.id, withdrawalReason: reason })
      .where(and(eq(sellerVerification.userId, target.id), isNull(sellerVerification.withdrawnAt)));
    await recordAudit(tx, {
      actor,
      action: "withdraw_verification",
      subjectType: "user",
      subjectId: target.id,
      subjectName: target.name,
      details: { reason },
    });
    return { ok: true, name: target.name } as const;
  });
}

/**
 * A column for listing queries: the note of the seller's current verification
 * ({ at, checks }), or null. One primary-key lookup per row.
 */
export function sellerVerificationNote(sellerId: AnyColumn | SQL): SQL<VerificationNote | null> {
  return sql<VerificationNote | null>`(select json_build_object('at', ${sellerVerification.verifiedAt}, 'checks', ${sellerVerification.checks}) from ${sellerVerification} where ${sellerVerification.userId} = ${sellerId} and ${sellerVerification.withdrawnAt} is null)`;
}

/** The current verification of some sellers, for the admin lists. */
export async function findVerifications(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof sellerVerification.$inferSelect>();
  const rows = await verificationsOf(db).execute({ ids });
  return new Map(rows.map((row) => [row.userId, row]));
}

/** People's verification rows by id (written once: the admin's lists read them per page). */
const verificationsOf = builtOnce((db) =>
  db
    .select()
    .from(sellerVerification)
    .where(anyId(sellerVerification.userId, sql.placeholder("ids"), "text"))
    .prepare("verifications_of"),
);
