// A list of ids as one parameter: `column = any($1::int[])`. Drizzle's inArray writes one
// parameter per id, and PostgreSQL plans each execution for its values (pglite-worker.ts
// sets plan_cache_mode = force_custom_plan): planning a page's 20 rows by 20 parameters
// cost the embedded database's thread 8.6 ms a page, by one array 3.4 ms (issue 29).
// Rows looked up by their ids are found the same way whatever the ids: the statement is
// marked for one plan (one-plan.ts): a category page's 20 rows took 1.3 ms instead of 2.6.
import { sql, type Column, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";

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

/**
 * `column` is one of the ids `pick` (a subquery) chooses, chosen once: a page of ids read
 * from an index, then only their rows. Not `column in (pick)`: for that PostgreSQL may
 * join the whole table against the pick, and does when it cannot know the pick is small
 * (a plan made once for any value, with the pick's LIMIT a parameter: a role's page of
 * accounts read the whole user table), or pick again for every row (held mail's lease).
 * Not marked for one plan: the caller says whether its pick's plan fits every value.
 */
export function pickedIds(column: Column, pick: SQLWrapper): SQL {
  return sql`${column} = any(array(${pick}))`;
}
