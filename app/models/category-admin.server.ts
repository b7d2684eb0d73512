// Categories managed by admins (/dashboard/categories, decision 019): add, rename,
// change the photo, reorder, hide, delete an empty one, or move its cars to another
// and delete it in one step. Each change is one transaction with its audit row (old
// → new). Every change transaction first takes the category table in SHARE ROW
// EXCLUSIVE mode: admins' changes run one at a time (slugs stay unique across live
// and old addresses; "the last visible one" stays true), while visitors' reads and
// sellers' saves (which take a row's KEY SHARE lock) go on. Photos are processed
// before the transaction; a file no category uses any more is removed after it.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { category, categorySlugHistory, listing } from "#app/db/schema.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import { forgetCategories } from "#app/models/category.server.ts";
import { categorySlug } from "#app/models/category.ts";
import type { AddCategoryValue, EditCategoryValue } from "#app/models/category-form.ts";
import { ImageRejectedError, renderUpload } from "#app/services/images.server.ts";
import { contentKey, removeStoredFiles, type Storage } from "#app/services/storage.server.ts";
import { english } from "#app/services/words.server.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Services = { db: Db; storage: Storage };

export type AdminCategory = {
  id: number;
  slug: string;
  name: string;
  imageUrl: string;
  hidden: boolean;
  /** Every car in it, sold and unconfirmed ones too: what a delete must move. */
  cars: number;
  /** Addresses it had before, each answering 301 to its address now. */
  oldSlugs: string[];
};

/** Every category, hidden ones too, in the order visitors see them. */
export async function findAdminCategories(db: Db, storage: Storage): Promise<AdminCategory[]> {
  const [rows, counts, history] = await Promise.all([
    db
      .select({
        id: category.id,
        slug: category.slug,
        name: category.name,
        imageKey: category.imageKey,
        hidden: category.hidden,
      })
      .from(category)
      .orderBy(asc(category.position), asc(category.id)),
    // listing_category_status_created_idx: one range per category.
    db
      .select({ categoryId: listing.categoryId, n: count() })
      .from(listing)
      .groupBy(listing.categoryId),
    db.select().from(categorySlugHistory).orderBy(asc(categorySlugHistory.slug)),
  ]);
  const carsOf = new Map(counts.map((row) => [row.categoryId, row.n]));
  return rows.map(({ imageKey, ...row }) => ({
    ...row,
    imageUrl: storage.url(imageKey),
    cars: carsOf.get(row.id) ?? 0,
    oldSlugs: history.filter((old) => old.categoryId === row.id).map((old) => old.slug),
  }));
}

/** What changed, for the audit log (old → new). */
export type CategoryChange = {
  field: "name" | "address" | "photo" | "hidden" | "position";
  from: string | number | boolean;
  to: string | number | boolean;
};

export type CategoryRefusal =
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "name taken"; field: "name"; other: string }
  | { ok: false; reason: "address taken"; field: "name"; slug: string; other: string; old: boolean }
  | { ok: false; reason: "photo"; field: "photo"; message: string }
  | { ok: false; reason: "last visible" }
  | { ok: false; reason: "target missing"; field: "moveTo" }
  | { ok: false; reason: "cars changed"; name: string; expected: number; actual: number };

export class Refused extends Error {
  readonly refusal: CategoryRefusal;
  constructor(refusal: CategoryRefusal) {
    super(refusal.reason);
    this.refusal = refusal;
  }
}

/** Runs `work` as one admin change: the table lock, then the caller's statements. */
export async function change<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
): Promise<T | CategoryRefusal> {
  try {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${category} in share row exclusive mode`);
      return work(tx);
    });
    forgetCategories(db);
    return result;
  } catch (error) {
    // Thrown to roll back whatever the transaction had written.
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

async function lockRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(category).where(eq(category.id, id)).for("update");
  if (!row) throw new Refused({ ok: false, reason: "missing" });
  return row;
}

/** Refuses a name another category has (in any case) or an address in use. */
async function checkNameAndSlug(tx: Tx, name: string, slug: string | null, self: number | null) {
  const [sameName] = await tx
    .select({ name: category.name })
    .from(category)
    .where(
      and(
        sql`lower(${category.name}) = lower(${name})`,
        self === null ? undefined : ne(category.id, self),
      ),
    );
  if (sameName) {
    throw new Refused({ ok: false, reason: "name taken", field: "name", other: sameName.name });
  }
  if (slug === null) return;
  const [live] = await tx
    .select({ id: category.id, name: category.name })
    .from(category)
    .where(eq(category.slug, slug));
  if (live && live.id !== self) {
    throw new Refused({
      ok: false,
      reason: "address taken",
      field: "name",
      slug,
      other: live.name,
      old: false,
    });
  }
  const [old] = await tx
    .select({ id: category.id, name: category.name })
    .from(categorySlugHistory)
    .innerJoin(category, eq(category.id, categorySlugHistory.categoryId))
    .where(eq(categorySlugHistory.slug, slug));
  if (old && old.id !== self) {
    throw new Refused({
      ok: false,
      reason: "address taken",
      field: "name",
      slug,
      other: old.name,
      old: true,
    });
  }
}

/**
 * Stores an uploaded photo as the cards show it (cropped to 3:2 at 800 × 533, WebP,
 * as the built-in ones), or refuses it with a message for the photo field.
 */
async function storePhoto(
  storage: Storage,
  photo: File,
  t: Translate,
): Promise<string | CategoryRefusal> {
  try {
    const body = await renderUpload(Buffer.from(await photo.arrayBuffer()), (image) =>
      image.resize(800, 533, { fit: "cover", position: "attention" }).webp({ quality: 80 }),
    );
    const key = contentKey("categories", body, "webp");
    await storage.put(key, body, "image/webp");
    return key;
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return { ok: false, reason: "photo", field: "photo", message: error.in(t) };
    }
    throw error;
  }
}

/** Removes picture files no category uses (keys are content addresses, so two may share one). */
export async function removeUnusedPictures(
  services: Services,
  keys: (string | null)[],
): Promise<void> {
  const unused: string[] = [];
  for (const key of new Set(keys)) {
    if (!key) continue;
    const [used] = await services.db
      .select({ id: category.id })
      .from(category)
      .where(eq(category.imageKey, key))
      .limit(1);
    if (!used) unused.push(key);
  }
  await removeStoredFiles(services.storage, unused);
}

export type CategorySaved = { ok: true; id: number; name: string; changes: CategoryChange[] };

/** Adds a category at the end of the list, visible. A refused photo is named in `t`'s words. */
export async function createCategory(
  services: Services,
  actor: AuditActor,
  value: AddCategoryValue,
  t: Translate = english,
): Promise<CategorySaved | CategoryRefusal> {
  const imageKey = await storePhoto(services.storage, value.photo!, t);
  if (typeof imageKey !== "string") return imageKey;
  const slug = categorySlug(value.name);
  const result = await change(services.db, async (tx) => {
    await checkNameAndSlug(tx, value.name, slug, null);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${category.position}) + 1, 0)` })
      .from(category);
    const [row] = await tx
      .insert(category)
      .values({ name: value.name, slug, imageKey, position: Number(last?.position ?? 0) })
      .returning({ id: category.id });
    const changes: CategoryChange[] = [
      { field: "name", from: "", to: value.name },
      { field: "address", from: "", to: slug },
    ];
    await recordAudit(tx, {
      actor,
      action: "create_category",
      subjectType: "category",
      subjectId: row!.id,
      subjectName: value.name,
      details: { changes },
    });
    return { ok: true as const, id: row!.id, name: value.name, changes };
  });
  // Refused: the photo stored for it is nobody's.
  if (!result.ok) await removeUnusedPictures(services, [imageKey]);
  return result;
}

/**
 * Renames a category and/or changes its photo. The address stays unless
 * `changeAddress`: then the old one goes into the history and answers 301. A refused
 * photo is named in `t`'s words.
 */
export async function updateCategory(
  services: Services,
  actor: AuditActor,
  value: EditCategoryValue,
  t: Translate = english,
): Promise<CategorySaved | CategoryRefusal> {
  const newKey = value.photo ? await storePhoto(services.storage, value.photo, t) : null;
  if (newKey !== null && typeof newKey !== "string") return newKey;
  let replaced: string | null = null;
  const result = await change(services.db, async (tx) => {
    const before = await lockRow(tx, value.id);
    const slug = value.changeAddress ? categorySlug(value.name) : before.slug;
    await checkNameAndSlug(tx, value.name, slug === before.slug ? null : slug, before.id);
    const changes: CategoryChange[] = [];
    if (value.name !== before.name)
      changes.push({ field: "name", from: before.name, to: value.name });
    if (slug !== before.slug) {
      changes.push({ field: "address", from: before.slug, to: slug });
      // Back to an address it had before: that one is live again, the current one old.
      await tx.delete(categorySlugHistory).where(eq(categorySlugHistory.slug, slug));
      await tx.insert(categorySlugHistory).values({ slug: before.slug, categoryId: before.id });
    }
    if (newKey !== null && newKey !== before.imageKey) {
      changes.push({ field: "photo", from: before.imageKey, to: newKey });
      replaced = before.imageKey;
    }
    if (changes.length === 0)
      return { ok: true as const, id: before.id, name: before.name, changes };
    await tx
      .update(category)
      .set({ name: value.name, slug, imageKey: newKey ?? before.imageKey })
      .where(eq(category.id, before.id));
    await recordAudit(tx, {
      actor,
      action: "update_category",
      subjectType: "category",
      subjectId: before.id,
      subjectName: value.name,
      details: { changes },
    });
    return { ok: true as const, id: before.id, name: value.name, changes };
  });
  // After the commit: the photo it replaced; refused or unchanged: the one just stored.
  await removeUnusedPictures(services, result.ok ? [replaced] : [newKey]);
  return result;
}

/** How many categories visitors see besides `id`. */
export async function otherVisible(tx: Tx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(category)
    .where(and(eq(category.hidden, false), ne(category.id, id)));
  return row?.n ?? 0;
}

/** Hides a category from visitors and new cars, or shows it again. The last visible one stays. */
export async function setCategoryHidden(
  db: Db,
  actor: AuditActor,
  id: number,
  hidden: boolean,
): Promise<CategorySaved | CategoryRefusal> {
  return change(db, async (tx) => {
    const before = await lockRow(tx, id);
    if (before.hidden === hidden) return { ok: true as const, id, name: before.name, changes: [] };
    if (hidden && (await otherVisible(tx, id)) === 0) {
      throw new Refused({ ok: false, reason: "last visible" });
    }
    await tx.update(category).set({ hidden }).where(eq(category.id, id));
    const changes: CategoryChange[] = [{ field: "hidden", from: before.hidden, to: hidden }];
    await recordAudit(tx, {
      actor,
      action: hidden ? "hide_category" : "show_category",
      subjectType: "category",
      subjectId: id,
      subjectName: before.name,
      details: { changes },
    });
    return { ok: true as const, id, name: before.name, changes };
  });
}

/**
 * Moves a category one place up or down (positions are renumbered 0, 1, 2… in the new
 * order, so equal positions never make a swap a no-op). At either end: nothing changes.
 */
export async function moveCategory(
  db: Db,
  actor: AuditActor,
  id: number,
  direction: "up" | "down",
): Promise<CategorySaved | CategoryRefusal> {
  return change(db, async (tx) => {
    const rows = await tx
      .select({ id: category.id, name: category.name, position: category.position })
      .from(category)
      .orderBy(asc(category.position), asc(category.id));
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw new Refused({ ok: false, reason: "missing" });
    const to = direction === "up" ? from - 1 : from + 1;
    const name = rows[from]!.name;
    if (to < 0 || to >= rows.length) return { ok: true as const, id, name, changes: [] };
    const order = [...rows];
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [position, row] of order.entries()) {
      if (row.position !== position) {
        await tx.update(category).set({ position }).where(eq(category.id, row.id));
      }
    }
    const changes: CategoryChange[] = [{ field: "position", from: from + 1, to: to + 1 }];
    await recordAudit(tx, {
      actor,
      action: "reorder_category",
      subjectType: "category",
      subjectId: id,
      subjectName: name,
      details: { changes },
    });
    return { ok: true as const, id, name, changes };
  });
}
