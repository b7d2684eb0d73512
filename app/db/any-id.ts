// A list of ids as one parameter: `column = any($1::int[])`. Drizzle's inArray writes one
// parameter per id, and PostgreSQL plans each execution for its values (pglite-worker.ts
// sets plan_cache_mode = force_custom_plan): planning a page's 20 rows by 20 parameters
// cost the embedded database's thread 8.6 ms a page, by one array 3.4 ms (issue 29).
// Rows looked up by their ids are found the same way whatever the ids: the statement is
// marked for one plan (one-plan.ts): a category page's 20 rows took 1.3 ms instead of 2.6.
import { sql, type Column, type Placeholder, type SQL } from "drizzle-orm";

import { onePlan } from "./one-plan.ts";

/**
 * `column` is one of `ids` (integer ids; an empty list matches nothing), or of the list a
 * statement built once is given for a placeholder (built-once.ts). A bigint column
 * (message ids) takes `"bigint"`: its ids may pass what an int holds; a text column (people's
 * ids) takes `"text"`.
 */
export function anyId(
  column: Column,
  ids: readonly number[] | readonly string[] | Placeholder,
  type: "int" | "bigint" | "text" = "int",
): SQL {
  const list = Array.isArray(ids) ? sql.param([...ids]) : ids;
  return onePlan(sql`${column} = any(${list}::${sql.raw(type)}[])`);
}
