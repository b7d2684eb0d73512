// The admins' list of safe meeting places (issue 27, decision 023): add, change, delete.
// Each change is one transaction with its audit row (old → new), so the log and the list
// never disagree. A viewing copies its place's name, address and note when it is proposed,
// and its place_id becomes null when the place is deleted: changing or deleting a place
// never changes a viewing already proposed or agreed.
import { eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { safePlace } from "#app/db/schema.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import type { Problem } from "#app/models/problem.ts";
import type { SafePlaceInput } from "#app/models/viewing.ts";
import { forgetSafePlaces } from "#app/models/viewing-list.server.ts";

export type SafePlaceField = keyof SafePlaceInput;

/** What changed, for the audit log (old → new; null is an empty note). */
export type SafePlaceChange = { field: SafePlaceField; from: string | null; to: string | null };

export type SafePlaceSaved = { ok: true; id: number; name: string; changes: SafePlaceChange[] };
/** The place is not on the list (deleted meanwhile, or an id no form of ours sent). */
export type SafePlaceRefusal = { ok: false; problem: Problem<"not-found"> };

const FIELDS = ["name", "address", "hours", "note"] as const satisfies SafePlaceField[];
const GONE: SafePlaceRefusal = { ok: false, problem: { code: "not-found" } };

/** Adds a place to the list. */
export async function createSafePlace(
  db: Db,
  actor: AuditActor,
  value: SafePlaceInput,
): Promise<SafePlaceSaved> {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(safePlace)
      .values(value)
      .returning({ id: safePlace.id, name: safePlace.name });
    const changes = FIELDS.filter((field) => value[field] !== null).map(
      (field): SafePlaceChange => ({ field, from: null, to: value[field] }),
    );
    await recordAudit(tx, {
      actor,
      action: "create_safe_place",
      subjectType: "safe_place",
      subjectId: row!.id,
      subjectName: row!.name,
      details: { changes },
    });
    return { ok: true as const, id: row!.id, name: row!.name, changes };
  });
  forgetSafePlaces(db);
  return saved;
}

/** Changes a place; the same values again change nothing and write no audit row. */
export async function updateSafePlace(
  db: Db,
  actor: AuditActor,
  id: number,
  value: SafePlaceInput,
): Promise<SafePlaceSaved | SafePlaceRefusal> {
  const saved = await db.transaction(async (tx): Promise<SafePlaceSaved | SafePlaceRefusal> => {
    // Held until the commit: two admins saving at once are written one after the other,
    // each audit row naming what the other left.
    const [before] = await tx.select().from(safePlace).where(eq(safePlace.id, id)).for("update");
    if (!before) return GONE;
    const changes = FIELDS.filter((field) => before[field] !== value[field]).map(
      (field): SafePlaceChange => ({ field, from: before[field], to: value[field] }),
    );
    if (changes.length === 0) return { ok: true, id, name: before.name, changes };
    await tx.update(safePlace).set(value).where(eq(safePlace.id, id));
    await recordAudit(tx, {
      actor,
      action: "update_safe_place",
      subjectType: "safe_place",
      subjectId: id,
      subjectName: value.name,
      details: { changes },
    });
    return { ok: true, id, name: value.name, changes };
  });
  if (saved.ok) forgetSafePlaces(db);
  return saved;
}

/** Deletes a place; the log keeps what it was. Viewings there keep their copy of it. */
export async function deleteSafePlace(
  db: Db,
  actor: AuditActor,
  id: number,
): Promise<SafePlaceSaved | SafePlaceRefusal> {
  const saved = await db.transaction(async (tx): Promise<SafePlaceSaved | SafePlaceRefusal> => {
    const [gone] = await tx.delete(safePlace).where(eq(safePlace.id, id)).returning();
    if (!gone) return GONE;
    const changes = FIELDS.filter((field) => gone[field] !== null).map(
      (field): SafePlaceChange => ({ field, from: gone[field], to: null }),
    );
    await recordAudit(tx, {
      actor,
      action: "delete_safe_place",
      subjectType: "safe_place",
      subjectId: id,
      subjectName: gone.name,
      details: { changes },
    });
    return { ok: true, id, name: gone.name, changes };
  });
  if (saved.ok) forgetSafePlaces(db);
  return saved;
}
