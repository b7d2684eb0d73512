// The audit trail: every admin action writes one row inside the transaction of
// the action itself, so the log and the change commit or roll back together.
// There is no way to edit or delete a row from the app.
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { pageWindow } from "#app/models/id.ts";
import { auditLog, user } from "#app/db/schema.ts";
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditDetails,
  type AuditFilters,
  type AuditSubjectType,
} from "#app/models/audit.ts";
import { english } from "#app/services/words.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type AuditActor = { id: string; name: string };

/** Writes one audit row with the caller's transaction. */
export async function recordAudit(
  tx: Tx,
  entry: {
    actor: AuditActor;
    action: AuditAction;
    subjectType: AuditSubjectType;
    subjectId: string | number;
    subjectName: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const details: AuditDetails = {
    ...entry.details,
    actorName: entry.actor.name,
    subjectName: entry.subjectName,
  };
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    details,
  });
}

export type AuditEntry = {
  id: number;
  at: string;
  action: string;
  actorId: string | null;
  actorName: string;
  subjectType: string;
  subjectId: string;
  subjectName: string;
  details: Record<string, unknown>;
};

function whereOf(filters: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.action) parts.push(eq(auditLog.action, filters.action));
  if (filters.actorId) parts.push(eq(auditLog.actorId, filters.actorId));
  if (filters.from) parts.push(gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    parts.push(lt(auditLog.at, end));
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * One page of the log, newest first (audit_log_at_idx, or the action / actor
 * indexes when filtered). The actor's current name wins; a deleted actor keeps
 * the name recorded with the row.
 */
/** Who a removed account was, in the log (in the reader's words). */
const DELETED_ACCOUNT = msg("A deleted account");

/** One page of the log, newest first; a deleted actor is named in `t`'s words. */
export async function findAuditEntries(
  db: Db,
  filters: AuditFilters,
  page: number,
  t: Translate = english,
) {
  const where = whereOf(filters);
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = totals?.total ?? 0;
  const { page: current, pageCount, offset } = pageWindow(total, page, AUDIT_PAGE_SIZE);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorCurrentName: user.name,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .where(where)
    // "nulls last" as in the audit_log indexes, so the page is read from the index.
    .orderBy(sql`${auditLog.at} desc nulls last`, desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset(offset);
  const entries: AuditEntry[] = rows.map((row) => {
    const details = (row.details ?? {}) as Partial<AuditDetails> & Record<string, unknown>;
    const { actorName, subjectName, ...rest } = details;
    return {
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actorId: row.actorId,
      actorName: row.actorCurrentName ?? actorName ?? t(DELETED_ACCOUNT),
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectName: subjectName ?? `${row.subjectType} ${row.subjectId}`,
      details: rest,
    };
  });
  return { entries, total, page: current, pageCount };
}

/** Everyone who appears as an actor in the log, for the filter (names as they are now). */
export async function findAuditActors(db: Db, t: Translate = english): Promise<AuditActor[]> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], {
      id: auditLog.actorId,
      currentName: user.name,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .orderBy(auditLog.actorId, desc(auditLog.at));
  return rows
    .flatMap((row) =>
      row.id
        ? [
            {
              id: row.id,
              name:
                row.currentName ??
                (row.details as Partial<AuditDetails> | null)?.actorName ??
                t(DELETED_ACCOUNT),
            },
          ]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
