// Start-up data. The four categories are product data and go into any empty
// database; the demo marketplace goes into an empty database only when asked
// (SEED_DEMO), which is the default for the embedded database alone.
import { count, eq } from "drizzle-orm";

import type { Database, Db } from "#app/db/client.server.ts";
import { passwordAccountRow, photoRows, userRow } from "#app/db/rows.ts";
import {
  account,
  category,
  listing,
  listingPhoto,
  safePlace,
  sellerVerification,
  user,
} from "#app/db/schema.ts";
import { avatarSvg, carPhotoSvg, categorySvg, type BodyStyle } from "#app/demo/artwork.server.ts";
import {
  DEMO_CATEGORIES,
  DEMO_LISTINGS,
  DEMO_PASSWORD,
  DEMO_SAFE_PLACES,
  DEMO_USERS,
} from "#app/demo/data.ts";
import { categorySlug } from "#app/models/category.ts";
import { hashPassword } from "#app/services/auth.server.ts";
import type { Env } from "#app/services/env.server.ts";
import { loadSharp, storeImage, storePhoto, type RawImage } from "#app/services/images.server.ts";
import { MEDIA_ROUTE, type Storage } from "#app/services/storage.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const PHOTOS_PER_LISTING = 3;

/** Draws an SVG once into pixels that every rendition then reuses. */
export async function render(svg: string): Promise<RawImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping order. */
async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

async function isEmpty(db: Db, table: typeof category | typeof user): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** Demo data goes only into a database nobody has used yet. */
export function isEmptyOfUsers(db: Db): Promise<boolean> {
  return isEmpty(db, user);
}

/** Inserts Sedan, Off Road, Muscle and SUV with their pictures when there are no categories. */
export async function ensureCategories(db: Db, storage: Storage): Promise<void> {
  if (!(await isEmpty(db, category))) return;
  const rows = await mapLimit(DEMO_CATEGORIES, 2, async (entry, position) => ({
    slug: categorySlug(entry.name),
    name: entry.name,
    imageKey: await storeImage(storage, "categories", await render(categorySvg(entry.body)), 800),
    position,
  }));
  await db.insert(category).values(rows).onConflictDoNothing();
}

export async function seedDemo(db: Db, storage: Storage): Promise<{ listings: number }> {
  const categories = await db.select({ id: category.id, name: category.name }).from(category);
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const bodyOf = new Map<string, BodyStyle>(DEMO_CATEGORIES.map((c) => [c.name, c.body]));

  // Pictures first (slow, outside any transaction), then every row in one transaction.
  const avatars = await mapLimit(DEMO_USERS, 2, async (person, index) => {
    const initials = person.name
      .split(" ")
      .map((part) => part[0])
      .join("");
    const svg = avatarSvg({ initials, seed: index + 1 });
    // Accounts keep our own /media path, as uploaded profile photos do (any storage).
    return `${MEDIA_ROUTE}/${await storeImage(storage, "avatars", await render(svg), 256)}`;
  });
  const photoJobs = DEMO_LISTINGS.flatMap((car, carIndex) =>
    Array.from({ length: PHOTOS_PER_LISTING }, (_, variant) => ({ car, carIndex, variant })),
  );
  const photos = await mapLimit(photoJobs, 2, async ({ car, carIndex, variant }) => {
    const svg = carPhotoSvg({
      body: bodyOf.get(car.category) ?? "sedan",
      paint: car.paint,
      scene: car.scenes[variant === 1 ? 1 : 0],
      variant,
      seed: carIndex * 7 + variant + 1,
    });
    return storePhoto(storage, "listings", await render(svg));
  });

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const userIds = new Map<string, string>();
    await tx.insert(user).values(
      DEMO_USERS.map((person, index) => {
        const row = userRow({
          name: person.name,
          email: person.email,
          emailVerified: true,
          image: avatars[index] ?? null,
          role: person.role,
          verified: Boolean(person.verified),
          createdAt: new Date(now - (120 - index * 9) * DAY_MS),
        });
        userIds.set(person.key, row.id);
        return row;
      }),
    );
    // What the demo admin checked, so the badges explain themselves.
    const admin = DEMO_USERS.find((person) => person.role === "admin");
    await tx.insert(sellerVerification).values(
      DEMO_USERS.flatMap((person, index) =>
        person.verified
          ? [
              {
                userId: userIds.get(person.key) ?? "",
                checks: [...person.verified],
                verifiedBy: admin ? (userIds.get(admin.key) ?? null) : null,
                verifiedAt: new Date(now - (118 - index * 9) * DAY_MS),
              },
            ]
          : [],
      ),
    );
    await tx
      .insert(account)
      .values([...userIds.values()].map((id) => passwordAccountRow(id, passwordHash)));
    const inserted = await tx
      .insert(listing)
      .values(
        DEMO_LISTINGS.map((car, index) => {
          // Interleave categories in time, so "newest first" mixes them.
          const age = ((index * 7) % DEMO_LISTINGS.length) + 1;
          const createdAt = new Date(now - age * 1.7 * DAY_MS);
          return {
            sellerId: userIds.get(car.seller) ?? "",
            categoryId: categoryId.get(car.category) ?? 0,
            title: car.title,
            description: car.description,
            location: car.location,
            yearsUsed: car.yearsUsed,
            periodAmount: car.period?.amount ?? null,
            periodUnit: car.period?.unit ?? null,
            quality: car.quality,
            originalPrice: car.originalPrice * 100,
            resalePrice: car.resalePrice * 100,
            status: car.sold ? ("sold" as const) : ("available" as const),
            advertisedAt: car.advertised ? new Date(createdAt.getTime() + DAY_MS / 2) : null,
            make: car.make,
            model: car.model,
            year: car.year,
            mileageKm: car.mileageKm,
            fuel: car.fuel,
            transmission: car.transmission,
            colour: car.colour,
            // Each demo seller last confirmed their car when they listed it.
            confirmedAt: createdAt,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: listing.id });
    await tx.insert(safePlace).values(DEMO_SAFE_PLACES);
    await tx
      .insert(listingPhoto)
      .values(
        inserted.flatMap(({ id }, carIndex) =>
          photoRows(
            id,
            photos.slice(carIndex * PHOTOS_PER_LISTING, (carIndex + 1) * PHOTOS_PER_LISTING),
          ),
        ),
      );
  });
  return { listings: DEMO_LISTINGS.length };
}

/** Whether start-up should seed the demo marketplace into an empty database. */
export function wantsDemo(env: Pick<Env, "SEED_DEMO" | "DATABASE_URL">): boolean {
  return env.SEED_DEMO ?? !env.DATABASE_URL;
}

export async function seedOnStart(options: {
  database: Database;
  storage: Storage;
  env: Pick<Env, "SEED_DEMO" | "DATABASE_URL">;
  log: { info(message: string): void };
}): Promise<void> {
  const { database, storage, env, log } = options;
  await ensureCategories(database.db, storage);
  if (!wantsDemo(env)) return;
  if (await isEmptyOfUsers(database.db)) {
    log.info("Empty database: adding the demo marketplace (first start only)…");
    const started = Date.now();
    const { listings } = await seedDemo(database.db, storage);
    log.info(`Demo marketplace ready: ${listings} listings in ${Date.now() - started} ms.`);
  }
  const [demoAdmin] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_USERS[0]?.email ?? ""))
    .limit(1);
  if (demoAdmin) printDemoAccounts();
}

/** Demo mode only: who to sign in as. */
function printDemoAccounts(): void {
  const width = Math.max(...DEMO_USERS.map((person) => person.email.length));
  const lines = DEMO_USERS.map((person) => `  ${person.email.padEnd(width)}  ${person.role}`);
  console.log(
    [
      "",
      `Demo accounts (password for each: ${DEMO_PASSWORD}):`,
      ...lines,
      "Demo mode is on because SEED_DEMO is true or the embedded database is used; set SEED_DEMO=false to hide this.",
      "",
    ].join("\n"),
  );
}
