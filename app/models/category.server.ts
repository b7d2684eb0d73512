import { asc, eq } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { category } from "#app/db/schema.ts";
import { cached } from "#app/services/cache.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

export type CategoryCard = { id: number; slug: string; name: string; imageUrl: string };

/** Categories change only with a release; every public page shows them. */
const CATEGORY_CACHE_MS = 30_000;

export function findCategories(db: Db, storage: Storage): Promise<CategoryCard[]> {
  return cached(db, "categories", CATEGORY_CACHE_MS, () => loadCategories(db, storage));
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
    .orderBy(asc(category.position), asc(category.id));
  return rows.map(({ imageKey, ...row }) => ({ ...row, imageUrl: storage.url(imageKey) }));
}

export async function getCategoryBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: category.id, slug: category.slug, name: category.name })
    .from(category)
    .where(eq(category.slug, slug))
    .limit(1);
  return row ?? null;
}
