// The makes and models of public cars, for the search's make → model selects.
import { and, isNotNull, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { listing } from "#app/db/schema.ts";
import { availableAndFresh, publicRules } from "#app/models/listing.server.ts";
import type { MakeModels } from "#app/models/search.ts";
import { cached } from "#app/services/cache.server.ts";

/**
 * Makes and models of public listings, for the make → model selects and for
 * checking `make`/`model` parameters. Spelled as most listings spell them;
 * kept a minute per process (one grouped scan of listing_make_model_idx).
 */
export function findMakeModels(db: Db, now: Date = new Date()): Promise<MakeModels> {
  return cached(db, "search:make-models", 60_000, async () => {
    const rows = await db
      .select({
        make: sql<string>`mode() within group (order by ${listing.make})`,
        model: sql<string>`mode() within group (order by ${listing.model})`,
      })
      .from(listing)
      .where(
        and(
          availableAndFresh(await publicRules(db, now)),
          isNotNull(listing.make),
          isNotNull(listing.model),
        ),
      )
      .groupBy(sql`lower(${listing.make})`, sql`lower(${listing.model})`);
    const byMake = new Map<string, { make: string; models: Set<string> }>();
    for (const row of rows) {
      const key = row.make.toLowerCase();
      const entry = byMake.get(key) ?? { make: row.make, models: new Set<string>() };
      entry.models.add(row.model);
      byMake.set(key, entry);
    }
    const collator = new Intl.Collator("en", { sensitivity: "base" });
    return [...byMake.values()]
      .map(({ make, models }) => ({ make, models: [...models].sort(collator.compare) }))
      .sort((a, b) => collator.compare(a.make, b.make));
  });
}
