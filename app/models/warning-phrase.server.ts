// The admins' list of warning words (issue 27): the words and phrases that put a warning
// beside a message, per kind of scam. Add one, remove one, or write back the built-in ones
// that are missing. Each change is one transaction with its audit row; this process reads the
// list again at once, the others within a second. Messages keep the warnings they were given
// when written: a change applies to messages written after it.
import { asc, eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { warningPhrase } from "#app/db/schema.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import type { WarningKind } from "#app/models/conversation.ts";
import { defaultWarningRows, forgetWarningRules } from "#app/models/message-warnings.server.ts";
import { normalPhrase } from "#app/models/warning-phrase.ts";

export type WarningPhraseRow = { id: number; kind: WarningKind; phrase: string };

/** The list, by kind, oldest first (the built-in ones lead). */
export function listWarningPhrases(db: Db): Promise<WarningPhraseRow[]> {
  return db
    .select({ id: warningPhrase.id, kind: warningPhrase.kind, phrase: warningPhrase.phrase })
    .from(warningPhrase)
    .orderBy(asc(warningPhrase.id));
}

export type PhraseAdded =
  { ok: true; phrase: string } | { ok: false; reason: "taken"; kind: WarningKind };

/** Adds a phrase under `kind`; a phrase already on the list (under any kind) is refused. */
export async function addWarningPhrase(
  db: Db,
  actor: AuditActor,
  input: { kind: WarningKind; phrase: string },
): Promise<PhraseAdded> {
  const phrase = normalPhrase(input.phrase);
  const added = await db.transaction(async (tx): Promise<PhraseAdded> => {
    const [row] = await tx
      .insert(warningPhrase)
      .values({ kind: input.kind, phrase })
      .onConflictDoNothing()
      .returning({ id: warningPhrase.id });
    if (!row) {
      const [taken] = await tx
        .select({ kind: warningPhrase.kind })
        .from(warningPhrase)
        .where(eq(warningPhrase.phrase, phrase));
      return { ok: false, reason: "taken", kind: taken?.kind ?? input.kind };
    }
    await recordAudit(tx, {
      actor,
      action: "add_warning_phrase",
      subjectType: "warning_phrase",
      subjectId: row.id,
      subjectName: phrase,
      details: { kind: input.kind },
    });
    return { ok: true, phrase };
  });
  if (added.ok) forgetWarningRules(db);
  return added;
}

/** Removes one phrase; null when it is no longer on the list. */
export async function removeWarningPhrase(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<{ phrase: string } | null> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(warningPhrase)
      .where(eq(warningPhrase.id, id))
      .returning({ kind: warningPhrase.kind, phrase: warningPhrase.phrase });
    if (!row) return null;
    await recordAudit(tx, {
      actor,
      action: "remove_warning_phrase",
      subjectType: "warning_phrase",
      subjectId: id,
      subjectName: row.phrase,
      details: { kind: row.kind },
    });
    return { phrase: row.phrase };
  });
  if (removed) forgetWarningRules(db);
  return removed;
}

/** Writes back the built-in phrases that are missing; returns how many. */
export async function restoreWarningPhrases(db: Db, actor: AuditActor): Promise<number> {
  const restored = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(warningPhrase)
      .values(defaultWarningRows())
      .onConflictDoNothing()
      .returning({ phrase: warningPhrase.phrase });
    if (rows.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "restore_warning_phrases",
        subjectType: "warning_phrase",
        subjectId: "built-in",
        subjectName: rows.map((row) => row.phrase).join(", "),
        details: { count: rows.length },
      });
    }
    return rows.length;
  });
  if (restored > 0) forgetWarningRules(db);
  return restored;
}
