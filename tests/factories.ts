// Factories: insert real rows with sensible defaults; tests override what matters.
// The row builders they share with the demo seed are in app/db/rows.ts.
import { randomUUID } from "node:crypto";

import type { Db } from "#app/db/client.server.ts";
import { photoRows, userRow } from "#app/db/rows.ts";
import { category, listing, listingPhoto, order, user } from "#app/db/schema.ts";
import { CATEGORY_NAMES, categorySlug } from "#app/models/category.ts";
import { getSiteSettings, saveSiteSettings } from "#app/models/site.server.ts";
import type { SiteSettings } from "#app/models/site.ts";

let sequence = 0;
const next = () => ++sequence;

export async function createCategories(db: Db) {
  return db
    .insert(category)
    .values(
      CATEGORY_NAMES.map((name, position) => ({
        name,
        slug: categorySlug(name),
        imageKey: `categories/test/${categorySlug(name)}.webp`,
        position,
      })),
    )
    .returning();
}

export async function createUser(db: Db, overrides: Partial<typeof user.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(user)
    .values(
      userRow({
        name: `Test Person ${n}`,
        email: `person${n}-${randomUUID().slice(0, 8)}@example.com`,
        role: "seller",
        image: `/media/avatars/test/${n}.webp`,
        ...overrides,
      }),
    )
    .returning();
  if (!row) throw new Error("user not created");
  return row;
}

export async function createListing(
  db: Db,
  overrides: Partial<typeof listing.$inferInsert> & { sellerId: string; categoryId: number },
  options: { photos?: number } = {},
) {
  const n = next();
  const [row] = await db
    .insert(listing)
    .values({
      title: `Test Car ${n}`,
      description: `A well-kept test car number ${n}.`,
      location: "Austin, TX",
      yearsUsed: "3",
      quality: "Good",
      originalPrice: 3_000_000,
      resalePrice: 2_000_000,
      make: "Toyota",
      model: "Corolla",
      year: 2022,
      mileageKm: 40_000,
      fuel: "Petrol",
      transmission: "Automatic",
      colour: "White",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("listing not created");
  const photos = options.photos ?? 1;
  if (photos > 0) {
    await db.insert(listingPhoto).values(
      photoRows(
        row.id,
        Array.from({ length: photos }, (_, position) => ({
          smallKey: `listings/test/${row.id}-${position}-s.webp`,
          mediumKey: `listings/test/${row.id}-${position}-m.webp`,
          largeKey: `listings/test/${row.id}-${position}-l.webp`,
          width: 1600,
          height: 1000,
        })),
      ),
    );
  }
  return row;
}

/**
 * An open contact request from `buyerId` for `car`, naming the car and its seller as
 * placeOrder does; tests override the status, time and buyer's details.
 */
export async function createOrder(
  db: Db,
  car: { id: number; title: string; sellerId: string },
  buyerId: string,
  overrides: Partial<typeof order.$inferInsert> = {},
) {
  const [row] = await db
    .insert(order)
    .values({
      listingId: car.id,
      listingTitle: car.title,
      sellerId: car.sellerId,
      buyerId,
      buyerName: "Test Buyer",
      buyerPhone: "+1 512 555 0100",
      meetingLocation: "Austin, TX",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("order not created");
  return row;
}

/** Changes some site settings the way an admin saves them (one audited save). */
export async function changeSiteSettings(db: Db, changes: Partial<SiteSettings>) {
  const admin = await createUser(db, { role: "admin" });
  const current = await getSiteSettings(db);
  return saveSiteSettings(db, admin, { ...current, ...changes });
}
