import { eq } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "#app/db/client.server.ts";
import { siteSetting } from "#app/db/schema.ts";
import { DEFAULT_SITE_STATS, type SiteStats } from "#app/models/site.ts";

const STATS_KEY = "home.stats";
const statsSchema = z.object({
  likes: z.string().min(1).max(12),
  carsDelivered: z.string().min(1).max(12),
  tasksDone: z.string().min(1).max(12),
});

/** The banner figures an operator set, or the spec's defaults. */
export async function getSiteStats(db: Db): Promise<SiteStats> {
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
}
