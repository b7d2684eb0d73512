// `npm run bench:users`: how the admin's user lists perform on a large site. Seeds
// 50,000 accounts (flags: --users N --runs N) into a fresh in-memory PGlite,
// migrated like production, runs ANALYZE, then times the queries behind
// /dashboard/alluser, /dashboard/allseller and /dashboard/allbuyer (a page of 25
// rows with the total, car counts and verification details) and prints p50/p95.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";

import { PGlite } from "@electric-sql/pglite";

import { fromPglite } from "#app/db/client.server.ts";
import { user } from "#app/db/schema.ts";
import { findUsers } from "#app/models/admin-users.server.ts";
import { USERS_PAGE_SIZE } from "#app/models/admin-users.ts";
import type { Role } from "#app/models/user.ts";

const { values } = parseArgs({
  options: { users: { type: "string", default: "50000" }, runs: { type: "string", default: "40" } },
});
const USERS = Number(values.users);
const RUNS = Number(values.runs);

const FIRST = [
  "Maya",
  "Daniel",
  "Sofia",
  "Ethan",
  "Priya",
  "Liam",
  "Emma",
  "Noah",
  "Olivia",
  "Lucas",
  "Amara",
  "Kenji",
  "Fatima",
  "Mateo",
  "Chloe",
  "Ravi",
  "Ingrid",
  "Tariq",
  "Zoe",
  "Hugo",
];
const LAST = [
  "Thompson",
  "Okafor",
  "Marquez",
  "Brooks",
  "Raman",
  "Carter",
  "Nguyen",
  "Schmidt",
  "Rossi",
  "Kowalski",
  "Haddad",
  "Tanaka",
  "Silva",
  "Dubois",
  "Olsen",
  "Mensah",
  "Novak",
  "Ibrahim",
  "Walsh",
  "Park",
];

async function seed(database: ReturnType<typeof fromPglite>) {
  const started = Date.now();
  const batch = 2000;
  for (let offset = 0; offset < USERS; offset += batch) {
    const rows = Array.from({ length: Math.min(batch, USERS - offset) }, (_, i) => {
      const n = offset + i;
      const first = FIRST[n % FIRST.length]!;
      const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
      const role: Role = n % 500 === 0 ? "admin" : n % 10 === 0 ? "seller" : "buyer";
      return {
        id: randomUUID(),
        name: `${first} ${last} ${n}`,
        email: `${first}.${last}.${n}@bench.example`.toLowerCase(),
        role,
        verified: role === "seller" && n % 3 === 0,
        createdAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000),
      };
    });
    await database.db.insert(user).values(rows);
  }
  await database.analyze("hourly");
  return Date.now() - started;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const lastPage = Math.ceil((USERS * 0.89) / USERS_PAGE_SIZE);
const CASES: { label: string; role: Role | null; q: string; page: number }[] = [
  { label: "All Users, page 1", role: null, q: "", page: 1 },
  { label: "All Sellers, page 1", role: "seller", q: "", page: 1 },
  { label: "All Buyers, page 1", role: "buyer", q: "", page: 1 },
  { label: "All Buyers, page 100", role: "buyer", q: "", page: 100 },
  { label: `All Buyers, last page (${lastPage})`, role: "buyer", q: "", page: lastPage },
  { label: "Search 'thomp' (name word, ~2,500 hits)", role: null, q: "thomp", page: 1 },
  { label: "Search 'maya thompson 4' (all words)", role: null, q: "maya thompson 4", page: 1 },
  { label: "Search 'ravi.park.4' (email prefix)", role: null, q: "ravi.park.4", page: 1 },
  { label: "Search 'm' (one letter, ~7,500 hits)", role: null, q: "m", page: 1 },
  { label: "Sellers, search 'okafor'", role: "seller", q: "okafor", page: 1 },
  { label: "Search with no match", role: null, q: "zzzzqx", page: 1 },
];

async function main() {
  const client = await PGlite.create();
  const database = fromPglite(client);
  await database.migrate();
  const seeded = await seed(database);
  console.log(
    `\nCarlot user lists: ${USERS.toLocaleString("en-US")} accounts (seeded in ${(seeded / 1000).toFixed(1)} s), ${RUNS} runs per query, embedded PGlite, Node ${process.version}, ${os.cpus().length} cores\n`,
  );
  console.log(
    `${"Query".padEnd(44)} ${"rows".padStart(5)} ${"total".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`,
  );
  for (const item of CASES) {
    const times: number[] = [];
    let result: Awaited<ReturnType<typeof findUsers>> | null = null;
    // Two warm-up runs, then the measured ones.
    for (let run = 0; run < RUNS + 2; run++) {
      const started = performance.now();
      result = await findUsers(database.db, item);
      if (run >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${item.label.padEnd(44)} ${String(result!.rows.length).padStart(5)} ${String(result!.total).padStart(7)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}`,
    );
  }
  await database.close();
}

await main();
