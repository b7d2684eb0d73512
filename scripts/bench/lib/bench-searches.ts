// The search scenarios of npm run bench, measured server-side: what the car-list
// loader asks the database (count, page of ids, rows), p50/p95, and the query plans
// each relies on.
import path from "node:path";

import { sql } from "drizzle-orm";

import { openDatabase, type Db } from "#app/db/client.server.ts";
import { category, listing } from "#app/db/schema.ts";
import { publicRules } from "#app/models/listing.server.ts";
import { findMakeModels } from "#app/models/make-models.server.ts";
import { pageIds, rankedPageQuery, searchListings } from "#app/models/search.server.ts";
import { searchOrder, searchWhere } from "#app/models/search-where.server.ts";
import { parseSearch } from "#app/models/search-parse.ts";
import { COUNT_CAP } from "#app/models/search.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";

import type { BenchData } from "./bench-seed.ts";

/** The search scenarios: the URLs a car list is asked for. */
const SEARCHES = [
  ["keyword", "/products/allProducts?q=hybrid"],
  ["keyword, best match", "/products/allProducts?q=toyota+service&sort=relevance"],
  ["three filters", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
  ["make + model, year", "/products/allProducts?make=BMW&model=X5&minYear=2015"],
  ["location", "/products/sedan?location=austin"],
  ["sort by price", "/products/allProducts?sort=price-asc"],
  ["sort by mileage, filters", "/products/suv?maxMileage=50000&transmission=Manual&sort=mileage"],
  ["deep page (the last)", "/products/allProducts?page=50"],
  ["everything, sold too", "/products/allProducts?sold=1&sort=year"],
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Plan lines of EXPLAIN ANALYZE (costs and timing left out, so they read as shapes). */
async function plan(db: Db, query: { getSQL(): unknown }): Promise<string> {
  const result = (await db.execute(
    sql`explain (analyze, costs off, timing off, summary off) ${query as never}`,
  )) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => `    ${Object.values(row)[0]}`).join("\n");
}

/**
 * Server-side time of each search scenario: what the car-list loader asks the
 * database (count, page of ids, rows), measured in this process, p50/p95.
 */
export async function measureSearches(data: BenchData, runs: number) {
  const database = await openDatabase({ ...data, poolMax: 4 });
  const storage = localDiskStorage(path.join(data.dataDir, "media"));
  const db = database.db;
  try {
    const categories = await db.select({ id: category.id, slug: category.slug }).from(category);
    const makeModels = await findMakeModels(db);
    const results = [];
    const plans: string[] = [];
    for (const [name, url] of SEARCHES) {
      const parsed = new URL(url, "http://bench");
      const slug = parsed.pathname.split("/")[2];
      const categoryId = categories.find((c) => c.slug === slug)?.id;
      const { filters } = parseSearch(parsed.searchParams, makeModels);
      const run = () => searchListings(db, storage, filters, { categoryId });
      for (let i = 0; i < 5; i++) await run();
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof run>> | undefined;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        last = await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({
        scenario: name,
        url,
        found: `${last!.total.toLocaleString("en-US")}${last!.capped ? "+" : ""}`,
        "p50 ms": Number(percentile(times, 50).toFixed(1)),
        "p95 ms": Number(percentile(times, 95).toFixed(1)),
        "max ms": Number(times[times.length - 1]!.toFixed(1)),
      });
      const where = searchWhere(filters, { categoryId, rules: await publicRules(db) });
      const page =
        filters.sort === "relevance"
          ? rankedPageQuery(db, where, filters.q ?? "", last!.page)
          : pageIds(db, where, searchOrder(filters), last!.page);
      plans.push(`\n${name} — ${url}\n  page of ids:\n${await plan(db, page)}`);
      if (filters.sort !== "relevance") {
        // The page's count (capped) is a subquery of it; its plan on its own, for a page
        // past the end. Best match counts in its page query.
        const counted = db
          .select({ one: sql`1` })
          .from(listing)
          .where(where)
          .limit(COUNT_CAP + 1);
        plans.push(`  count (stops at ${COUNT_CAP + 1}):\n${await plan(db, counted)}`);
      }
    }
    return { results, plans };
  } finally {
    await database.close();
  }
}
