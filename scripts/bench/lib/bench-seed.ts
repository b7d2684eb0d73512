// The bench's data, seeded once into its own database (kept with --data-dir): many
// listings made by the database itself from generate_series, with a cover photo
// each, and, for the signed-in pages, people, orders, saved cars and reports.
import path from "node:path";

import { count, sql } from "drizzle-orm";

import { openDatabase, type Database, type Db } from "#app/db/client.server.ts";
import { category, listing } from "#app/db/schema.ts";
import { carPhotoSvg } from "#app/demo/artwork.server.ts";
import { DEMO_LISTINGS } from "#app/demo/data.ts";
import { ensureCategories, render } from "#app/demo/seed.server.ts";
import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";
import { storePhoto, type StoredPhoto } from "#app/services/images.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";

import {
  CONVERSATIONS,
  ensureConversations,
  ensureSignedInData,
  type SignedInAccounts,
} from "./bench-signed-in.ts";

/** Where the bench's data is: PostgreSQL at `databaseUrl`, or PGlite in `dataDir`. */
export type BenchData = { databaseUrl: string | undefined; dataDir: string };

// Makes and models the generated cars are spread over (search scenarios use them).
export const MODELS: [string, string][] = [
  ["Toyota", "Corolla"],
  ["Toyota", "Camry"],
  ["Toyota", "RAV4"],
  ["Toyota", "Land Cruiser"],
  ["Honda", "Civic"],
  ["Honda", "Accord"],
  ["Honda", "CR-V"],
  ["Ford", "Mustang"],
  ["Ford", "F-150"],
  ["Ford", "Focus"],
  ["BMW", "320i"],
  ["BMW", "X5"],
  ["Audi", "A4"],
  ["Audi", "Q5"],
  ["Volkswagen", "Golf"],
  ["Volkswagen", "Passat"],
  ["Hyundai", "Tucson"],
  ["Hyundai", "Sonata"],
  ["Nissan", "Patrol"],
  ["Nissan", "Qashqai"],
  ["Chevrolet", "Camaro"],
  ["Jeep", "Wrangler"],
  ["Mazda", "CX-5"],
  ["Kia", "Sportage"],
  ["Citroën", "C4"],
  ["Škoda", "Octavia"],
  ["Mercedes-Benz", "C 200"],
  ["Subaru", "Outback"],
];
const CITIES = [
  "Austin, TX",
  "Dallas, TX",
  "Houston, TX",
  "Denver, CO",
  "Seattle, WA",
  "Portland, OR",
  "Chicago, IL",
  "Detroit, MI",
  "Miami, FL",
  "Atlanta, GA",
  "Phoenix, AZ",
  "Boston, MA",
  "San Diego, CA",
  "Las Vegas, NV",
  "Charlotte, NC",
  "Nashville, TN",
];

const sqlArray = (items: readonly string[]) =>
  `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(", ")}]::text[]`;

/** One seller per 50 cars (at least 50); the first is a dealer with a twentieth of all cars. */
const sellerCount = (listings: number) => Math.max(50, Math.round(listings / 50));

/**
 * The sellers: "Bench Seller n", bench.sellerN@example.com, every third verified,
 * Bench Seller 1 (the dealer) the newest account, so the admin's lists start with it.
 */
function insertSellersSql(count: number) {
  return `
insert into "user" (id, name, email, email_verified, role, verified, created_at, updated_at)
select gen_random_uuid()::text, 'Bench Seller ' || n, 'bench.seller' || n || '@example.com', true,
  'seller', n % 3 = 1, now() - n * interval '1 hour', now() - n * interval '1 hour'
from generate_series(1, ${count}) as n`;
}

/**
 * Listings n = from … to in one INSERT … SELECT generate_series: the database makes
 * the rows (and their search vectors) itself, so a million take minutes, not hours.
 * Each fact comes from its own hash of n (independent spreads; the same n always
 * gives the same car). A twentieth of the cars belong to the dealer (seller 1), the
 * rest are spread evenly over the other sellers.
 */
function insertListingsSql(from: number, to: number, sellers: number, categoryIds: number[]) {
  const descriptions = DEMO_LISTINGS.map((demo) => demo.description);
  return `
with bench_sellers as (
  select array_agg(id order by substring(email from 'bench\\.seller([0-9]+)@')::int) as ids
  from "user" where role = 'seller' and email like 'bench.seller%@example.com'
)
insert into listing (seller_id, category_id, title, description, location, years_used, quality,
  original_price, resale_price, status, advertised_at, make, model, year, mileage_km, fuel,
  transmission, colour, confirmed_at, created_at, updated_at)
select
  bench_sellers.ids[case when pick.h1 % 20 = 0 then 1 else 2 + pick.h1 % ${sellers - 1} end],
  (array[${categoryIds.join(", ")}]::int[])[1 + pick.h2 % ${categoryIds.length}],
  (${sqlArray(MODELS.map(([make]) => make))})[1 + m] || ' ' ||
    (${sqlArray(MODELS.map(([, model]) => model))})[1 + m] || ' #' || n,
  (${sqlArray(descriptions)})[1 + pick.h3 % ${descriptions.length}],
  (${sqlArray(CITIES)})[1 + pick.h4 % ${CITIES.length}],
  (1 + n % 10)::text,
  (${sqlArray(QUALITIES)})[1 + pick.h5 % ${QUALITIES.length}],
  price * 14 / 10,
  price,
  case when n % 5 = 0 then 'sold' else 'available' end,
  case when n % 40 = 1 then now() - n * interval '1 minute' end,
  (${sqlArray(MODELS.map(([make]) => make))})[1 + m],
  (${sqlArray(MODELS.map(([, model]) => model))})[1 + m],
  2000 + pick.h6 % 26,
  (pick.h7 % 300) * 1000 + n % 997,
  (${sqlArray(FUELS)})[1 + pick.h8 % ${FUELS.length}],
  (${sqlArray(TRANSMISSIONS)})[1 + pick.h9 % ${TRANSMISSIONS.length}],
  (array['White', 'Black', 'Silver', 'Red', 'Blue', 'Grey']::text[])[1 + pick.h1 % 6],
  now() - (n % 45) * interval '1 day',
  now() - n * interval '1 minute',
  now() - n * interval '1 minute'
from bench_sellers, generate_series(${from}, ${to}) as n,
  lateral (select ${Array.from({ length: 10 }, (_, k) => `abs(hashint8(n::bigint * 16 + ${k}) % 1000003)::int as h${k}`).join(", ")}) as pick,
  lateral (select pick.h0 % ${MODELS.length} as m, (2000 + ((pick.h0 / 29) % 600) * 100) * 100 as price) as car`;
}

/**
 * Seeds the listings (once) and, for the signed-in pages, the people, orders, saved
 * cars and reports (once). Returns the first listing's id and whom to sign in as.
 */
export async function seed(
  data: BenchData,
  options: { listings: number; signedIn: boolean },
): Promise<{ firstId: number; listingCount: number; accounts: SignedInAccounts | null }> {
  const database = await openDatabase(data);
  try {
    await database.migrate();
    const { firstId, listingCount } = await seedListings(database, data.dataDir, options.listings);
    let accounts: SignedInAccounts | null = null;
    if (options.signedIn) {
      const prepared = await ensureSignedInData(database);
      accounts = prepared.accounts;
      if (prepared.seconds !== null) {
        console.log(
          `Added the signed-in people, orders, saved cars and reports in ${prepared.seconds.toFixed(1)} s.`,
        );
      }
      const talked = await ensureConversations(database);
      if (talked !== null) {
        console.log(
          `Added ${CONVERSATIONS.toLocaleString("en")} conversations in ${talked.toFixed(1)} s.`,
        );
      }
    }
    return { firstId, listingCount, accounts };
  } finally {
    await database.close();
  }
}

/** Seeds `listings` listings unless some are there; their first id and how many there are. */
async function seedListings(
  database: Database,
  dataDir: string,
  listings: number,
): Promise<{ firstId: number; listingCount: number }> {
  const started = Date.now();
  const [existing] = await database.db
    .select({ id: listing.id })
    .from(listing)
    .orderBy(listing.id)
    .limit(1);
  if (existing) {
    const [total] = await database.db.select({ n: count() }).from(listing);
    const listingCount = total?.n ?? 0;
    console.log(`Reusing the ${listingCount.toLocaleString("en-US")} listings already there.`);
    return { firstId: existing.id, listingCount };
  }
  const storage = localDiskStorage(path.join(dataDir, "media"));
  const db = database.db;
  await ensureCategories(db, storage);
  const categories = await db.select({ id: category.id }).from(category);

  const sellers = sellerCount(listings);
  await db.execute(sql.raw(insertSellersSql(sellers)));

  // A handful of real photos, shared by every listing: the bench measures pages, not encoding.
  const photos: StoredPhoto[] = [];
  for (let i = 0; i < 4; i++) {
    const svg = carPhotoSvg({
      body: "sedan",
      paint: "#1e3a8a",
      scene: "city",
      variant: i % 3,
      seed: i + 1,
    });
    photos.push(await storePhoto(storage, "listings", await render(svg)));
  }

  // No page-change notifications for the bulk load: no server is running on this
  // database yet, and a hundred thousand queued row events only slow the load down.
  const triggers = async (action: "disable" | "enable") => {
    for (const table of ["listing", "listing_photo"]) {
      await db.execute(sql.raw(`alter table ${table} ${action} trigger user`));
    }
  };
  await triggers("disable");
  try {
    await insertListingsAndPhotos(db, listings, sellers, categories, photos);
  } finally {
    await triggers("enable");
  }
  // What the triggers would have counted (seller_listing_count, migration 0011).
  await db.execute(sql`select carlot_recount_seller_listings()`);
  const vacuumStarted = Date.now();
  // As after any bulk load: statistics for the planner, and the visibility map that
  // lets index-only scans skip the table (PostgreSQL's autovacuum keeps it up; on
  // PGlite only a VACUUM does).
  await db.execute(sql`vacuum analyze`);
  const [first] = await db.select({ id: listing.id }).from(listing).orderBy(listing.id).limit(1);
  console.log(
    `\rSeeded ${listings.toLocaleString("en-US")} listings in ${((Date.now() - started) / 1000).toFixed(1)} s (VACUUM ANALYZE ${((Date.now() - vacuumStarted) / 1000).toFixed(1)} s of it).`,
  );
  return { firstId: first!.id, listingCount: listings };
}

async function insertListingsAndPhotos(
  db: Db,
  listings: number,
  sellers: number,
  categories: { id: number }[],
  photos: StoredPhoto[],
) {
  const batch = 100_000;
  for (let from = 1; from <= listings; from += batch) {
    const to = Math.min(listings, from + batch - 1);
    await db.execute(
      sql.raw(
        insertListingsSql(
          from,
          to,
          sellers,
          categories.map((c) => c.id),
        ),
      ),
    );
    process.stdout.write(`\rSeeded ${to.toLocaleString("en-US")} listings…`);
  }
  // A cover photo each, also generated by the database.
  const keys = photos.map((photo) =>
    [photo.smallKey, photo.mediumKey, photo.largeKey].map((key) => `'${key}'`),
  );
  const pickKey = (index: number) =>
    `(array[${keys.map((k) => k[index]).join(", ")}]::text[])[1 + id % ${keys.length}]`;
  await db.execute(
    sql.raw(`
insert into listing_photo (listing_id, position, small_key, medium_key, large_key, width, height)
select id, 0, ${pickKey(0)}, ${pickKey(1)}, ${pickKey(2)}, ${photos[0]!.width}, ${photos[0]!.height}
from listing`),
  );
}
