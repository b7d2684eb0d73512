// The categories visitors see, read from each process's memory at most once a second.
// Every change (the admins' page, decision 019) also empties every process's copy at
// once: the category table's trigger announces it on the page-change feed.
import { and, asc, eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { category, categorySlugHistory, listing } from "#app/db/schema.ts";
import { cached, invalidate } from "#app/services/cache.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type CategoryCard = { id: number; slug: string; name: string; imageUrl: string };

const CATEGORIES_CACHE_KEY = "categories";
const CATEGORY_REFS_CACHE_KEY = "category-refs";
/** Bounds how stale a copy can be while the change feed reconnects (as the site settings). */
const CATEGORY_CACHE_MS = 1_000;

/** The visible categories, in the admins' order: home cards, /products, the sitemap, forms. */
export function findCategories(db: Db, storage: Storage): Promise<CategoryCard[]> {
  return cached(db, CATEGORIES_CACHE_KEY, CATEGORY_CACHE_MS, () => loadCategories(db, storage));
}

async function loadCategories(db: Db, storage: Storage): Promise<CategoryCard[]> {
  const rows = await db
    .select({
      id: category.id,
      slug: category.slug,
      name: category.name,
      imageKey: category.imageKey,
    })
    .from(category)
    .where(eq(category.hidden, false))
    .orderBy(asc(category.position), asc(category.id));
  return rows.map(({ imageKey, ...row }) => ({ ...row, imageUrl: storage.url(imageKey) }));
}

export type CategoryRef = { id: number; slug: string; name: string; hidden: boolean };

const refColumns = {
  id: category.id,
  slug: category.slug,
  name: category.name,
  hidden: category.hidden,
};

/** Every category (hidden ones too) by its address, kept as long as the visible list. */
function categoriesBySlug(db: Db): Promise<Map<string, CategoryRef>> {
  return cached(db, CATEGORY_REFS_CACHE_KEY, CATEGORY_CACHE_MS, async () => {
    const rows = await db.select(refColumns).from(category);
    return new Map(rows.map((row) => [row.slug, row]));
  });
}

/** The category with this address now, hidden or not (a category page's first question). */
export async function getCategoryBySlug(db: Db, slug: string): Promise<CategoryRef | null> {
  return (await categoriesBySlug(db)).get(slug) ?? null;
}

/** Forgets this process's copies after an admin changed the categories. */
export function forgetCategories(db: Db): void {
  invalidate(db, CATEGORIES_CACHE_KEY);
  invalidate(db, CATEGORY_REFS_CACHE_KEY);
}

/** The category an old address (before a rename or a merge) belongs to now. */
export async function getCategoryByOldSlug(db: Db, slug: string): Promise<CategoryRef | null> {
  const [row] = await db
    .select(refColumns)
    .from(categorySlugHistory)
    .innerJoin(category, eq(category.id, categorySlugHistory.categoryId))
    .where(eq(categorySlugHistory.slug, slug))
    .limit(1);
  return row ?? null;
}

/**
 * Inside a car's save: whether it may go in category `id`, which then cannot be
 * deleted (or its cars moved) until the save commits. A hidden category takes no new
 * cars; a car already in it keeps it (`listingId`, when editing).
 */
export async function lockCategoryForCar(
  tx: Tx,
  id: number,
  listingId: number | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ hidden: category.hidden })
    .from(category)
    .where(eq(category.id, id))
    .for("key share");
  if (!row) return false;
  if (!row.hidden) return true;
  if (listingId === null) return false;
  const [already] = await tx
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), eq(listing.categoryId, id)));
  return already !== undefined;
}
