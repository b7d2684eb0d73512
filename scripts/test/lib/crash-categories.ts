// The crash test's category work (decision 019, step 8): once the sellers have
// published (every fourth car in Muscle), the admin adds a category and moves all of
// Muscle's cars into it, deleting Muscle ("move N cars and delete"); then again from
// that category into a new one, a few times, while the killer keeps killing. After
// the run every one of those cars must be in the last category (all moved or none,
// each time), no merged category may remain, and each acknowledged merge must be in
// the audit log exactly once with its number of cars.
import type { Query } from "#scripts/ops/lib/fingerprint.ts";

import type { Client } from "./crash-client.ts";
import { photo, redirectTo } from "./crash-client.ts";

/** One acknowledged "move N cars and delete". */
export type CategoryMerge = { from: string; to: string; cars: number };

/** How many merges the admin makes, one after another. */
const MERGES = 4;
const PAGE = "/dashboard/categories";

/** Which category a crash car is published in (by its number). */
export const crashCategoryOf = (n: number) => (n % 4 === 3 ? "muscle" : "sedan");

const unescape = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The categories page's ids by name (from each category's Edit link). */
function idsByName(html: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [tag] of html.matchAll(/<a [^>]*aria-label="Edit [^"]*"[^>]*>/g)) {
    const id = /[?&;]edit=(\d+)/.exec(tag)?.[1];
    const name = /aria-label="Edit ([^"]*)"/.exec(tag)?.[1];
    if (id && name !== undefined) ids.set(unescape(name), id);
  }
  return ids;
}

/** Adds a category; a retry that finds it made before its answer was lost counts too. */
async function addCategory(client: Client, name: string, n: number) {
  const picture = await photo(1000 + n);
  await client.write(
    "category",
    PAGE,
    () => {
      const form = new FormData();
      form.append("intent", "add");
      form.append("name", name);
      form.append("photo", new File([new Uint8Array(picture)], "c.jpg", { type: "image/jpeg" }));
      return form;
    },
    (answer, retried) => {
      if (redirectTo(answer, PAGE)) return "acknowledged";
      if (retried && answer.status === 400 && answer.body.includes("There is already a category"))
        return "applied before";
      return "unexpected";
    },
  );
}

/** The admin's merges, after the sellers have published; each goes into the ledger. */
export async function mergeCategories(client: Client, runId: string, merges: CategoryMerge[]) {
  let from = "Muscle";
  for (let m = 0; m < MERGES; m++) {
    const to = `Crash ${runId} ${m}`;
    await addCategory(client, to, m);
    const ids = idsByName(await client.page(PAGE));
    const fromId = ids.get(from);
    const toId = ids.get(to);
    if (!fromId || !toId) throw new Error(`${from} or ${to} is not on the categories page`);
    // The number of cars, as the confirm names it.
    const panel = await client.page(`${PAGE}?delete=${fromId}`);
    const cars = new RegExp(
      `name="id" value="${fromId}"/><input type="hidden" name="cars" value="(\\d+)"`,
    ).exec(panel)?.[1];
    if (cars === undefined) throw new Error(`The delete panel of ${from} names no number of cars`);
    await client.write(
      "category",
      PAGE,
      () => new URLSearchParams({ intent: "delete", id: fromId, cars, moveTo: toId }),
      (answer, retried) => {
        if (redirectTo(answer, PAGE)) return "acknowledged";
        // Merged before the crash cut off the answer: the category is gone.
        if (retried && answer.status === 404) return "applied before";
        return "unexpected";
      },
    );
    merges.push({ from, to, cars: Number(cars) });
    from = to;
  }
}

/** Violations of the merges' promises in the database after the run. */
export async function checkCategories(
  query: Query,
  merges: CategoryMerge[],
  publishes: string[],
): Promise<{ violations: string[]; audited: number }> {
  const violations: string[] = [];
  const cars = (await query(
    `select l.title, c.name from listing l join category c on c.id = l.category_id`,
  )) as { title: string; name: string }[];
  const names = new Set(
    ((await query(`select name from category`)) as { name: string }[]).map((row) => row.name),
  );
  const audits = (await query(
    `select details->>'subjectName' as name, (details->>'cars')::int as cars
       from audit_log where action = 'delete_category'`,
  )) as { name: string; cars: number }[];
  const last = merges.at(-1)?.to ?? "Muscle";
  const moved = new Set(
    publishes.filter((marker) => crashCategoryOf(Number(/-(\d+)$/.exec(marker)?.[1])) === "muscle"),
  );
  for (const car of cars) {
    const marker = /^(crash-\S+-car-\d+) /.exec(car.title)?.[1];
    if (marker && moved.has(marker) && car.name !== last) {
      violations.push(`${car.title} is in ${car.name}, not ${last}: a merge left it behind`);
    }
  }
  const inLast = cars.filter((car) => car.name === last).length;
  if (merges.length > 0 && inLast !== moved.size) {
    violations.push(`${last} has ${inLast} cars, not the ${moved.size} Muscle had`);
  }
  for (const merge of merges) {
    if (names.has(merge.from)) violations.push(`merged category ${merge.from} still exists`);
    const entries = audits.filter((entry) => entry.name === merge.from);
    if (entries.length !== 1 || entries[0]!.cars !== merge.cars) {
      violations.push(
        `the merge of ${merge.from} (${merge.cars} cars) is in the audit log ${entries.length} times (${entries.map((e) => e.cars).join(", ")} cars)`,
      );
    }
  }
  return { violations, audited: audits.length };
}
