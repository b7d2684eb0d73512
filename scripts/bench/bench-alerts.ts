// `npm run bench:alerts [-- --listings 100000 --searches 50000 --new 1000 --data-dir DIR]`
// How long the alert job takes to match new cars against saved searches (issue 28): the
// bench's listings (seeded once, as `npm run bench` seeds them), people with saved searches
// spread over the bench's makes, prices, years, fuels, categories and a few keywords, then
// `--new` cars published at once (copies of existing ones, through the listing triggers),
// then one matching run, timed. On the embedded database by default; with DATABASE_URL on
// PostgreSQL. Targets: 60 s embedded, 20 s PostgreSQL. Then the emails are written (held
// mail) and that is timed too; sending them is the mailer's business and is not measured.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { count, isNull, sql } from "drizzle-orm";

import { openDatabase } from "#app/db/client.server.ts";
import { alert, heldMail, listingEvent, savedSearch } from "#app/db/schema.ts";
import { matchEvents, runAlerts } from "#app/models/alert-job.server.ts";
import { createMailer } from "#app/services/mail.server.ts";

import { MODELS, seed } from "./lib/bench-seed.ts";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    searches: { type: "string", default: "50000" },
    new: { type: "string", default: "1000" },
    "data-dir": { type: "string" },
  },
});
const LISTINGS = Number(values.listings);
const SEARCHES = Number(values.searches);
const NEW_CARS = Number(values.new);
for (const [name, value] of [
  ["--listings", LISTINGS],
  ["--searches", SEARCHES],
  ["--new", NEW_CARS],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a positive whole number.`);
    process.exit(1);
  }
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const TARGET_S = databaseUrl ? 20 : 60;
const dataDir =
  values["data-dir"] ?? fs.mkdtempSync(path.join(os.tmpdir(), "carlot-bench-alerts-"));

/**
 * The saved searches: 10 per person, each a query as a results page would keep it, as people
 * who wait for one kind of car save them: a make (95%) and mostly its model (85% of those), a
 * price cap (80%) and floor (50%), a first year (60%), a mileage cap (50%), a fuel (25%); some a
 * category or a keyword; 5% any make at all.
 */
function searchesSql(people: number, perPerson: number) {
  const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const makeList = `array[${MODELS.map(([make]) => quoted(make)).join(", ")}]`;
  const modelList = `array[${MODELS.map(([, model]) => quoted(model)).join(", ")}]`;
  return `
with person as (
  insert into "user" (id, name, email, email_verified, role, car_alerts, created_at, updated_at)
  select gen_random_uuid()::text, 'Alert Buyer ' || n, 'alert.buyer' || n || '@example.com', true,
    'buyer', 'off', now(), now()
  from generate_series(1, ${people}) as n
  returning id
), numbered as (
  select id, row_number() over () as p from person
)
insert into saved_search (user_id, name, category_id, query, frequency)
select numbered.id, 'Search ' || numbered.p || '-' || k,
  case when h % 7 = 0 then (select id from category order by id limit 1 offset (h / 7) % 4) end,
  concat_ws('&',
    case when h % 20 = 0 then 'q=' || (array['leather', 'sunroof', 'service', 'tyres'])[1 + (h / 20) % 4] end,
    case when h % 20 <> 1 then 'make=' || (${makeList})[1 + (h / 3) % ${MODELS.length}] end,
    case when h % 20 <> 1 and (h / 7) % 100 < 85 then 'model=' || (${modelList})[1 + (h / 3) % ${MODELS.length}] end,
    case when (h / 11) % 100 < 60 then 'minYear=' || (2008 + (h / 29) % 13) end,
    case when (h / 13) % 100 < 50 then 'minPrice=' || (3000 + ((h / 31) % 15) * 1000) end,
    case when (h / 17) % 100 < 80 then 'maxPrice=' || (10000 + ((h / 37) % 30) * 1000) end,
    case when (h / 19) % 100 < 50 then 'maxMileage=' || (40000 + ((h / 41) % 7) * 20000) end,
    case when (h / 23) % 100 < 25 then 'fuel=' || (array['Petrol', 'Diesel', 'Hybrid', 'Electric'])[1 + (h / 43) % 4] end
  ),
  (array['instant', 'daily', 'weekly'])[1 + h % 3]
from numbered, generate_series(1, ${perPerson}) as k,
  lateral (select abs(hashint8(numbered.p * 100 + k)) % 1000003 as h) as pick`;
}

async function main() {
  await seed({ databaseUrl, dataDir }, { listings: LISTINGS, signedIn: false });
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    const db = database.db;
    // Start clean: no earlier run's searches, alerts, events or emails.
    await db.execute(sql`truncate ${alert}, ${heldMail}`);
    await db.delete(savedSearch);
    await db.execute(sql`delete from "user" where email like 'alert.buyer%'`);
    await db.execute(sql`delete from listing where title like 'Alert bench %'`);
    await db.update(listingEvent).set({ doneAt: new Date() }).where(isNull(listingEvent.doneAt));

    let started = performance.now();
    await db.execute(sql.raw(searchesSql(Math.ceil(SEARCHES / 10), 10)));
    const [searches] = await db.select({ n: count() }).from(savedSearch);
    console.log(
      `Saved ${searches!.n.toLocaleString("en-US")} searches in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );

    // New cars, published at once: copies of the newest ones, through the triggers.
    started = performance.now();
    await db.execute(sql`
      insert into listing (seller_id, category_id, title, description, location, years_used,
        quality, original_price, resale_price, status, make, model, year, mileage_km, fuel,
        transmission, colour)
      select seller_id, category_id, 'Alert bench ' || title, description, location, years_used,
        quality, original_price, resale_price, 'available', make, model, year, mileage_km, fuel,
        transmission, colour
      from listing where status = 'available' order by id desc limit ${NEW_CARS}`);
    const [events] = await db
      .select({ n: count() })
      .from(listingEvent)
      .where(isNull(listingEvent.doneAt));
    console.log(
      `Published ${NEW_CARS.toLocaleString("en-US")} cars (${events!.n} events) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );

    started = performance.now();
    const matched = await matchEvents(db);
    const matchSeconds = (performance.now() - started) / 1000;
    const rate = (100 * matched.alerts) / (NEW_CARS * searches!.n);
    console.log(
      `Matching: ${matched.events.toLocaleString("en-US")} events, ${matched.alerts.toLocaleString("en-US")} alerts recorded (${rate.toFixed(2)}% of car × search pairs) in ${matchSeconds.toFixed(1)} s (target ≤ ${TARGET_S} s on ${databaseUrl ? "PostgreSQL" : "the embedded database"}): ${matchSeconds <= TARGET_S ? "met" : "NOT met"}.`,
    );

    // The "at once" searches' emails, written to held mail (not sent: the outbox is a folder).
    started = performance.now();
    const mailer = createMailer({ from: "Carlot <bench@carlot.invalid>", dataDir });
    const noSend = { ...mailer, send: async () => {} };
    const mailed = await runAlerts({
      db,
      mailer: noSend,
      config: {
        secret: "bench-secret-bench-secret-bench-secret-01",
        publicUrl: "http://localhost:3000",
        secureCookies: false,
        oidc: null,
      },
    });
    console.log(
      `Emails: ${mailed.emails.toLocaleString("en-US")} written in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (matchSeconds > TARGET_S) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
