// Fair, labelled featuring (DESIGN decision 20): when more cars are advertised
// than the home table shows, they take turns day by day.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { listing, listingPhoto } from "#app/db/schema.ts";
import { DAY_MS } from "#app/models/freshness.ts";
import {
  ADVERTISED_LIMIT,
  findAdvertisedListings,
  rotationDay,
} from "#app/models/listing.server.ts";
import * as home from "#app/routes/public/home/route.tsx";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoader } from "./helpers.ts";

let t: TestEnv;
let categoryId: number;
let sellerId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  categoryId = sedan!.id;
  sellerId = (await createUser(t.db)).id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(listingPhoto);
  await t.db.delete(listing);
});

/** `count` advertised cars, advertised one minute apart (the last one newest). */
async function advertise(count: number, start = new Date()) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const car = await createListing(t.db, {
      sellerId,
      categoryId,
      advertisedAt: new Date(start.getTime() - (count - i) * 60_000),
    });
    ids.push(car.id);
  }
  return ids;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1, 10) + n * DAY_MS);
const shown = async (when: Date) =>
  (await findAdvertisedListings(t.db, t.storage, when)).map((row) => row.id);

describe("rotation", () => {
  test("over a few days every advertised car appears, each day a full table", async () => {
    const total = ADVERTISED_LIMIT * 2 + 5;
    const ids = await advertise(total, day(0));
    const seen = new Set<number>();
    const days = Math.ceil(total / ADVERTISED_LIMIT);
    for (let n = 0; n < days; n++) {
      const today = await shown(day(n));
      expect(today).toHaveLength(ADVERTISED_LIMIT);
      expect(new Set(today).size).toBe(ADVERTISED_LIMIT);
      for (const id of today) seen.add(id);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  test("over a longer run each car's share of days is fair", async () => {
    const total = ADVERTISED_LIMIT + 7;
    const ids = await advertise(total, day(0));
    const days = total * 2;
    const appearances = new Map(ids.map((id) => [id, 0]));
    const topSpots = new Map(ids.map((id) => [id, 0]));
    for (let n = 0; n < days; n++) {
      const today = await shown(day(n));
      for (const id of today) appearances.set(id, appearances.get(id)! + 1);
      topSpots.set(today[0]!, topSpots.get(today[0]!)! + 1);
    }
    // Exactly fair over whole cycles: ADVERTISED_LIMIT of every `total` days.
    for (const count of appearances.values()) {
      expect(count).toBe((days * ADVERTISED_LIMIT) / total);
    }
    // The newest advertiser does not hold the top row.
    const newest = ids.at(-1)!;
    expect(topSpots.get(newest)).toBeLessThan(days / 2);
    expect([...topSpots.values()].filter((n) => n > 0).length).toBeGreaterThan(total / 2);
  });

  test("the order is fixed within a day and changes from one day to the next", async () => {
    await advertise(ADVERTISED_LIMIT + 3, day(0));
    const morning = new Date(Date.UTC(2026, 0, 5, 0, 0, 1));
    const evening = new Date(Date.UTC(2026, 0, 5, 23, 59, 59));
    expect(rotationDay(morning)).toBe(rotationDay(evening));
    expect(await shown(morning)).toEqual(await shown(evening));
    expect(await shown(evening)).not.toEqual(await shown(day(5)));
  });

  test("each day's table is the ring turned by the day's number times the table's size", async () => {
    const total = ADVERTISED_LIMIT + 5;
    // The ring: most recently advertised first.
    const ring = (await advertise(total, day(0))).reverse();
    for (let n = 0; n < 6; n++) {
      const turn = (rotationDay(day(n)) * ADVERTISED_LIMIT) % total;
      const expected = Array.from(
        { length: ADVERTISED_LIMIT },
        (_, place) => ring[(turn + place) % total],
      );
      expect(await shown(day(n))).toEqual(expected);
    }
  });

  test("with room for all, every car shows, most recently advertised first", async () => {
    const ids = await advertise(3, day(0));
    for (let n = 0; n < 4; n++) expect(await shown(day(n))).toEqual([...ids].reverse());
  });

  test("sold, stale and unadvertised cars take no turn", async () => {
    const ids = await advertise(ADVERTISED_LIMIT, day(0));
    const sold = await createListing(t.db, {
      sellerId,
      categoryId,
      status: "sold",
      advertisedAt: day(0),
    });
    const stale = await createListing(t.db, {
      sellerId,
      categoryId,
      advertisedAt: day(0),
      confirmedAt: new Date(day(0).getTime() - 61 * DAY_MS),
    });
    const plain = await createListing(t.db, { sellerId, categoryId });
    for (let n = 0; n < 3; n++) {
      const today = await shown(day(n));
      expect(today.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(today).not.toContain(sold.id);
      expect(today).not.toContain(stale.id);
      expect(today).not.toContain(plain.id);
    }
  });

  test("the home page uses today's rotation", async () => {
    await advertise(ADVERTISED_LIMIT + 4);
    const data = await callLoader(home.loader, { path: "/", context: t.context() });
    expect(data.advertised.map((row) => row.id)).toEqual(await shown(new Date()));
  });
});
