// Marks a statement that looks rows up by a key (a car's id, a list of ids, a session's
// token): its best plan is the same whatever the value, so the embedded database plans it
// once and keeps the plan (pglite-statements.ts) instead of planning every execution.
// Only for conditions on a unique key or a key with a handful of rows each: a search or a
// date range is planned for its values. A seller's cars may share one plan where it is the
// plan every seller gets anyway: one index read in the page's order up to the page (My
// Products, listing-manage.server.ts), or one range of one index (its waiting cars); a
// plan for "any seller" that sorted all their cars would be slow for the dealer with 5,000.
// PostgreSQL servers see a comment and nothing else.
import { sql, type SQL } from "drizzle-orm";

import { ONE_PLAN } from "./pglite-statements.ts";

/** `fragment` (a condition, or any part of the statement), marking its statement a lookup. */
export function onePlan<T = unknown>(fragment: SQL<T> | undefined): SQL<T> {
  return sql<T>`${fragment} ${sql.raw(ONE_PLAN)}`;
}
