// The demo marketplace a first start adds: every demo person can sign in with the
// demo password, and every car has its photos in order.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { CREDENTIAL_PROVIDER } from "#app/db/rows.ts";
import { account, listing, listingPhoto, user } from "#app/db/schema.ts";
import { DEMO_LISTINGS, DEMO_PASSWORD, DEMO_USERS } from "#app/demo/data.ts";
import { ensureCategories, isEmptyOfUsers, seedDemo } from "#app/demo/seed.server.ts";
import { verify } from "@node-rs/argon2";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

let t: TestEnv;

beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t.close();
});

test("an empty database gets the demo people, their sign-ins and the cars with photos", async () => {
  await ensureCategories(t.db, t.storage);
  expect(await isEmptyOfUsers(t.db)).toBe(true);
  const { listings } = await seedDemo(t.db, t.storage);
  expect(listings).toBe(DEMO_LISTINGS.length);

  const people = await t.db.select({ id: user.id, email: user.email }).from(user);
  expect(people.map((person) => person.email).sort()).toEqual(
    DEMO_USERS.map((person) => person.email).sort(),
  );
  const sample = people[0]!;
  const [signIn] = await t.db
    .select({ providerId: account.providerId, password: account.password })
    .from(account)
    .where(eq(account.userId, sample.id));
  expect(signIn?.providerId).toBe(CREDENTIAL_PROVIDER);
  expect(await verify(signIn!.password!, DEMO_PASSWORD)).toBe(true);

  const [cars] = await t.db.select({ n: count() }).from(listing);
  expect(cars?.n).toBe(DEMO_LISTINGS.length);
  const positions = await t.db
    .select({ listingId: listingPhoto.listingId, position: listingPhoto.position })
    .from(listingPhoto);
  const perCar = Map.groupBy(positions, (photo) => photo.listingId);
  expect(perCar.size).toBe(DEMO_LISTINGS.length);
  for (const photos of perCar.values()) {
    expect(photos.map((photo) => photo.position).sort()).toEqual([0, 1, 2]);
  }
}, 120_000);
