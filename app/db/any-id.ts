// A list of ids as one parameter: `column = any($1::int[])`. Drizzle's inArray writes one
// parameter per id, and PostgreSQL plans each execution for its values (pglite-worker.ts
// sets plan_cache_mode = force_custom_plan): planning a page's 20 rows by 20 parameters
// cost the embedded database's thread 8.6 ms a page, by one array 3.4 ms (issue 29).
import { sql, type Column, type SQL } from "drizzle-orm";

/** `column` is one of `ids` (integer ids; an empty list matches nothing). */
export function anyId(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}
