// A list of ids as one parameter: `column = any($1::int[])`. Drizzle's inArray writes one
// parameter per id, and PostgreSQL plans each execution for its values (pglite-worker.ts
// sets plan_cache_mode = force_custom_plan): planning a page's 20 rows by 20 parameters
// cost the embedded database's thread 8.6 ms a page, by one array 3.4 ms (issue 29).
import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * `column` is one of `ids` (integer ids; an empty list matches nothing). A bigint column
 * (message ids) takes `"bigint"`: its ids may pass what an int holds.
 */
export function anyId(column: Column, ids: readonly number[], type: "int" | "bigint" = "int"): SQL {
  const list = sql.param([...ids]);
  return type === "int"
    ? sql`${column} = any(${list}::int[])`
    : sql`${column} = any(${list}::bigint[])`;
}
