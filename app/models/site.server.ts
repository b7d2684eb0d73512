import { eq } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "#app/db/client.server.ts";
import { siteSetting } from "#app/db/schema.ts";
import { DEFAULT_SITE_STATS, type SiteStats } from "#app/models/site.ts";
import { cached, invalidate } from "#app/services/cache.server.ts";

const STATS_KEY = "home.stats";
const statsSchema = z.object({
  likes: z.string().min(1).max(12),
  carsDelivered: z.string().min(1).max(12),
  tasksDone: z.string().min(1).max(12),
});

const STATS_CACHE_MS = 30_000;

/** The banner figures an operator set, or the spec's defaults. */
export function getSiteStats(db: Db): Promise<SiteStats> {
  return cached(db, STATS_KEY, STATS_CACHE_MS, () => loadSiteStats(db));
}

async function loadSiteStats(db: Db): Promise<SiteStats> {
  const [row] = await db
    .select({ value: siteSetting.value })
    .from(siteSetting)
    .where(eq(siteSetting.key, STATS_KEY))
    .limit(1);
  const parsed = statsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SITE_STATS;
}

export async function setSiteStats(db: Db, stats: SiteStats): Promise<void> {
  const value = statsSchema.parse(stats);
  await db
    .insert(siteSetting)
    .values({ key: STATS_KEY, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value } });
  invalidate(db, STATS_KEY);
}
