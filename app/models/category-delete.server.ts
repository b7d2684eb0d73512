// Deleting a category (decision 019): an empty one, or one whose cars all move to
// another category in the same transaction ("Move N cars and delete"). Both rows are
// locked FOR UPDATE; the cars moved must be the number the admin confirmed, or the
// whole change rolls back; the old addresses follow the cars; the listing's foreign
// key stays `restrict` as a backstop. The picture file goes after the commit.
import { asc, count, eq, inArray } from "drizzle-orm";

import { category, categorySlugHistory, listing } from "#app/db/schema.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import {
  change,
  otherVisible,
  Refused,
  removeUnusedPictures,
  type CategoryRefusal,
  type Services,
} from "#app/models/category-admin.server.ts";

export type CategoryDeleted = {
  ok: true;
  name: string;
  moved: number;
  /** Where the cars and the old addresses went, or null for an empty category. */
  target: { id: number; name: string; slug: string } | null;
};

/**
 * Deletes a category. `expectedCars` is the number the confirm named: with cars, they
 * all move to `moveTo` in the same transaction (and the addresses follow them, as old
 * addresses of the target); if the number is not the one confirmed, nothing is done.
 */
export async function deleteCategory(
  services: Services,
  actor: AuditActor,
  id: number,
  { expectedCars, moveTo }: { expectedCars: number; moveTo: number | null },
): Promise<CategoryDeleted | CategoryRefusal> {
  let imageKey: string | null = null;
  const result = await change(services.db, async (tx) => {
    // Both rows, in id order (so two of these never wait for each other in a circle):
    // a seller's save that puts a car in either waits, or is waited for.
    const ids = moveTo !== null && moveTo !== id ? [id, moveTo].sort((a, b) => a - b) : [id];
    const locked = await tx
      .select()
      .from(category)
      .where(inArray(category.id, ids))
      .orderBy(asc(category.id))
      .for("update");
    const doomed = locked.find((row) => row.id === id);
    if (!doomed) throw new Refused({ ok: false, reason: "missing" });
    const target = moveTo === null ? null : (locked.find((row) => row.id === moveTo) ?? null);
    if (moveTo !== null && (!target || target.id === id)) {
      throw new Refused({ ok: false, reason: "target missing", field: "moveTo" });
    }
    if (!doomed.hidden && (await otherVisible(tx, id)) === 0) {
      throw new Refused({ ok: false, reason: "last visible" });
    }
    let moved = 0;
    if (target) {
      const cars = await tx
        .update(listing)
        .set({ categoryId: target.id })
        .where(eq(listing.categoryId, id))
        .returning({ id: listing.id });
      moved = cars.length;
      // The old addresses now lead to the cars' new category.
      await tx
        .update(categorySlugHistory)
        .set({ categoryId: target.id })
        .where(eq(categorySlugHistory.categoryId, id));
      await tx.insert(categorySlugHistory).values({ slug: doomed.slug, categoryId: target.id });
    } else {
      const [row] = await tx.select({ n: count() }).from(listing).where(eq(listing.categoryId, id));
      moved = row?.n ?? 0;
    }
    if (moved !== expectedCars || (!target && moved > 0)) {
      throw new Refused({
        ok: false,
        reason: "cars changed",
        name: doomed.name,
        expected: expectedCars,
        actual: moved,
      });
    }
    await tx.delete(category).where(eq(category.id, id));
    imageKey = doomed.imageKey;
    const into = target ? { id: target.id, name: target.name, slug: target.slug } : null;
    await recordAudit(tx, {
      actor,
      action: "delete_category",
      subjectType: "category",
      subjectId: id,
      subjectName: doomed.name,
      details: { slug: doomed.slug, cars: moved, movedTo: into },
    });
    return { ok: true as const, name: doomed.name, moved, target: into };
  });
  if (result.ok) await removeUnusedPictures(services, [imageKey]);
  return result;
}
