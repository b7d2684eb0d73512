// Saved searches and saved cars become emails (issue 28): the hidden walk of the issue
// (save ?make=Toyota&maxPrice=20000, publish a matching and a non-matching car, run the job:
// exactly one email, naming the matching car; its unsubscribe link works signed out), price
// cuts announced once as "was X, now Y", rises never, and a job run twice or on two "nodes"
// at once sends nothing twice.
import fs from "node:fs/promises";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { alert, listing, savedSearch, user } from "#app/db/schema.ts";
import { linkToken, readLinkToken } from "#app/models/alert-links.server.ts";
import { ALERT_JOB_KEY, matchEvents, runAlerts } from "#app/models/alert-job.server.ts";
import { passesFilters } from "#app/models/alert-match.server.ts";
import { createSavedSearch, savedSearchFilters } from "#app/models/saved-search.server.ts";
import { saveToWishlist } from "#app/models/wishlist.server.ts";
import { publicRules } from "#app/models/listing.server.ts";
import { searchWhere } from "#app/models/search-where.server.ts";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "#app/routes/public/unsubscribe/route.tsx";
import { loader as feedLoader } from "#app/routes/resources/alert-feed/route.tsx";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { callAction, callLoader, thrownStatus } from "#tests/integration/helpers.ts";

let t: TestEnv;
let categoryId: number;
let seller: { id: string };

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  categoryId = sedan!.id;
  seller = await createUser(t.db, { role: "seller" });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // What earlier tests published is matched and mailed before each test starts.
  await runAlerts(t.services);
  await fs.rm(t.outbox, { recursive: true, force: true });
});

type Mail = { to: string; subject: string; text: string; head: string };

async function outbox(): Promise<Mail[]> {
  const names = (await fs.readdir(t.outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await fs.readFile(path.join(t.outbox, name), "utf8");
      const at = raw.indexOf("\n\n");
      const head = raw.slice(0, at).replace(/\n[ \t]+/g, " ");
      const header = (field: string) => new RegExp(`^${field}: (.*)$`, "mi").exec(head)?.[1] ?? "";
      const body = raw.slice(at + 2);
      const text = /quoted-printable/i.test(header("Content-Transfer-Encoding"))
        ? Buffer.from(
            body
              .replace(/=\n/g, "")
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8")
        : body;
      return { to: header("To"), subject: header("Subject"), text, head };
    }),
  );
}

const buyer = (name: string) =>
  createUser(t.db, { role: "buyer", name, emailVerified: true, carAlerts: "instant" });

describe("a saved search's alert", () => {
  test("exactly one email, naming the matching car; its link unsubscribes signed out", async () => {
    const person = await buyer("Maya Search");
    const saved = await createSavedSearch(t.db, person.id, {
      name: "Toyota, up to 20,000$",
      categoryId: null,
      query: "make=Toyota&maxPrice=20000",
      frequency: "instant",
    });
    expect(saved.ok).toBe(true);
    const match = await createListing(t.db, {
      sellerId: seller.id,
      categoryId,
      title: "Matching Toyota Yaris",
      make: "Toyota",
      model: "Yaris",
      resalePrice: 1_900_000,
    });
    await createListing(t.db, {
      sellerId: seller.id,
      categoryId,
      title: "Pricey Toyota Supra",
      make: "Toyota",
      model: "Supra",
      resalePrice: 4_500_000,
    });
    await createListing(t.db, {
      sellerId: seller.id,
      categoryId,
      title: "Cheap Honda Fit",
      make: "Honda",
      model: "Fit",
      resalePrice: 900_000,
    });

    const run = await runAlerts(t.services);
    expect(run.emails).toBe(1);
    const mails = (await outbox()).filter((mail) => mail.to.includes(person.email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain("Matching Toyota Yaris");
    expect(mail!.text).toContain(`/dashboard/productDetails/${match.id}`);
    expect(mail!.text).not.toContain("Supra");
    expect(mail!.text).not.toContain("Honda");
    expect(mail!.head).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/alerts\/unsubscribe\?token=/m,
    );
    expect(mail!.head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // A second run finds nothing new: no email twice.
    expect((await runAlerts(t.services)).emails).toBe(0);

    // The link, opened signed out, asks; the button (or the mail client's POST) stops it.
    const link = /^(http:\/\/localhost:3000\/alerts\/unsubscribe\?token=\S+)$/m.exec(
      mail!.text,
    )![1]!;
    const asked = await callLoader(unsubscribeLoader, { path: link, context: t.context() });
    expect(asked.described).toMatchObject({ kind: "search", paused: false });
    const done = await callAction(unsubscribeAction, {
      path: link,
      form: { "List-Unsubscribe": "One-Click" },
      context: t.context(),
    });
    expect(done.done).toBe(true);
    const [row] = await t.db
      .select({ paused: savedSearch.paused })
      .from(savedSearch)
      .where(eq(savedSearch.id, (saved as { id: number }).id));
    expect(row!.paused).toBe(true);

    // Paused: a new match is recorded but mailed to nobody.
    await createListing(t.db, {
      sellerId: seller.id,
      categoryId,
      title: "Another Toyota",
      make: "Toyota",
      resalePrice: 1_000_000,
    });
    expect((await runAlerts(t.services)).emails).toBe(0);
  });

  test("keyword and location words are matched as the results page matches them", async () => {
    const person = await buyer("Words Wanda");
    await createSavedSearch(t.db, person.id, {
      name: "Sunroof Volvo in Denver",
      categoryId: null,
      query: "q=sunroof&make=Volvo&location=Denver",
      frequency: "instant",
    });
    const car = (title: string, description: string, location: string) =>
      createListing(t.db, {
        sellerId: seller.id,
        categoryId,
        make: "Volvo",
        title,
        description,
        location,
      });
    await car("Volvo with the roof", "Panoramic sunroof, new tyres.", "Denver, CO");
    await car("Volvo without", "Cloth seats, new tyres.", "Denver, CO");
    await car("Volvo far away", "Electric sunroof.", "Austin, TX");
    expect((await runAlerts(t.services)).emails).toBe(1);
    const [mail] = (await outbox()).filter((each) => each.to.includes(person.email));
    expect(mail!.text).toContain("Volvo with the roof");
    expect(mail!.text).not.toContain("Volvo without");
    expect(mail!.text).not.toContain("Volvo far away");
  });

  test("a saved search's feed: its newest cars for the right token, nothing for another", async () => {
    const person = await buyer("Feed Fiona");
    const saved = await createSavedSearch(t.db, person.id, {
      name: "Feed <Peugeot> & co",
      categoryId: null,
      query: "make=Peugeot",
      frequency: "weekly",
    });
    const id = (saved as { id: number }).id;
    await createListing(t.db, {
      sellerId: seller.id,
      categoryId,
      make: "Peugeot",
      title: "Peugeot 208 <GT>",
    });
    const secret = t.services.config.secret;
    const token = linkToken(secret, "feed", { search: id });
    const feed = (await callLoader(feedLoader, {
      path: `/alerts/feed?token=${token}`,
      context: t.context(),
    })) as Response;
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await feed.text();
    expect(xml).toContain("<title>Peugeot 208 &#60;GT&#62; — ");
    expect(xml).toContain("<title>Feed &#60;Peugeot&#62; &#38; co — Carlot</title>");
    for (const wrong of [linkToken(secret, "unsubscribe", { search: id }), "s.1.x", ""]) {
      const refused = (await callLoader(feedLoader, {
        path: `/alerts/feed?token=${wrong}`,
        context: t.context(),
      })) as Response;
      expect(refused.status).toBe(404);
    }
  });

  test("an unsubscribe link works only for what it was made for", async () => {
    const a = await buyer("Owner A");
    const b = await buyer("Owner B");
    const mine = await createSavedSearch(t.db, a.id, {
      name: "Mine",
      categoryId: null,
      query: "make=Honda",
      frequency: "daily",
    });
    const theirs = await createSavedSearch(t.db, b.id, {
      name: "Theirs",
      categoryId: null,
      query: "make=Honda",
      frequency: "daily",
    });
    const secret = t.services.config.secret;
    const token = linkToken(secret, "unsubscribe", { search: (mine as { id: number }).id });
    // The same signature does not name another search, and a feed token does not unsubscribe.
    const forged = token.replace(/^s\.\d+\./, `s.${(theirs as { id: number }).id}.`);
    expect(readLinkToken(secret, "unsubscribe", forged)).toBeNull();
    const feed = linkToken(secret, "feed", { search: (mine as { id: number }).id });
    expect(readLinkToken(secret, "unsubscribe", feed)).toBeNull();
    expect(
      await thrownStatus(() =>
        callAction(unsubscribeAction, {
          path: `/alerts/unsubscribe?token=${forged}`,
          form: {},
          context: t.context(),
        }),
      ),
    ).toBe(404);
    const paused = await t.db
      .select({ paused: savedSearch.paused })
      .from(savedSearch)
      .where(eq(savedSearch.userId, b.id));
    expect(paused.map((row) => row.paused)).toEqual([false]);
  });

  test("a daily search waits a day, then sends one digest", async () => {
    const person = await buyer("Daily Dan");
    await createSavedSearch(t.db, person.id, {
      name: "Any Mazda",
      categoryId: null,
      query: "make=Mazda",
      frequency: "daily",
    });
    for (const model of ["2", "3"]) {
      await createListing(t.db, { sellerId: seller.id, categoryId, make: "Mazda", model });
    }
    expect((await runAlerts(t.services)).emails).toBe(0);
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect((await runAlerts(t.services, later)).emails).toBe(1);
    const [mail] = (await outbox()).filter((each) => each.to.includes(person.email));
    expect(mail!.subject).toMatch(/^=\?UTF-8\?Q\?2_new_cars_for/);
    expect(mail!.text).toContain("2 new cars match your saved search “Any Mazda”:");
  });
});

describe("saved cars", () => {
  test("a price cut sends one 'was X, now Y' email; a rise is recorded, never announced", async () => {
    const person = await buyer("Wendy Wish");
    const car = await createListing(t.db, {
      sellerId: seller.id,
      categoryId,
      title: "Saved Skoda Octavia",
      make: "Skoda",
      resalePrice: 1_500_000,
    });
    await saveToWishlist(t.db, person.id, car.id);
    await runAlerts(t.services);
    await fs.rm(t.outbox, { recursive: true, force: true });

    await t.db.update(listing).set({ resalePrice: 1_400_000 }).where(eq(listing.id, car.id));
    expect((await runAlerts(t.services)).emails).toBe(1);
    const [mail] = (await outbox()).filter((each) => each.to.includes(person.email));
    expect(mail!.text).toContain("Saved Skoda Octavia: was 15,000$, now 14,000$.");
    const [cut] = await t.db
      .select({ priceCut: listing.priceCut })
      .from(listing)
      .where(eq(listing.id, car.id));
    expect(cut!.priceCut).toBe(100_000);

    await fs.rm(t.outbox, { recursive: true, force: true });
    await t.db.update(listing).set({ resalePrice: 1_600_000 }).where(eq(listing.id, car.id));
    expect((await runAlerts(t.services)).emails).toBe(0);
    const [risen] = await t.db
      .select({ priceCut: listing.priceCut })
      .from(listing)
      .where(eq(listing.id, car.id));
    expect(risen!.priceCut).toBeNull();

    // Sold, back on sale, removed: each told once.
    await t.db.update(listing).set({ status: "sold" }).where(eq(listing.id, car.id));
    await t.db.update(listing).set({ status: "available" }).where(eq(listing.id, car.id));
    await t.db.delete(listing).where(eq(listing.id, car.id));
    expect((await runAlerts(t.services)).emails).toBe(1);
    const [news] = (await outbox()).filter((each) => each.to.includes(person.email));
    expect(news!.text).toContain("Saved Skoda Octavia has been sold.");
    expect(news!.text).toContain("Saved Skoda Octavia is for sale again");
    expect(news!.text).toContain("Saved Skoda Octavia was removed from Carlot.");
  });

  test("saved-car emails off: nothing is sent", async () => {
    const person = await buyer("Quiet Quinn");
    await t.db.update(user).set({ carAlerts: "off" }).where(eq(user.id, person.id));
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    await saveToWishlist(t.db, person.id, car.id);
    await t.db.update(listing).set({ resalePrice: 100 }).where(eq(listing.id, car.id));
    expect((await runAlerts(t.services)).emails).toBe(0);
  });
});

describe("the job runs once", () => {
  test("two runs at once record each alert once", async () => {
    const person = await buyer("Twice Tina");
    await createSavedSearch(t.db, person.id, {
      name: "Kia",
      categoryId: null,
      query: "make=Kia",
      frequency: "instant",
    });
    for (let i = 0; i < 5; i++) {
      await createListing(t.db, { sellerId: seller.id, categoryId, make: "Kia", model: `K${i}` });
    }
    await Promise.all([matchEvents(t.db), matchEvents(t.db), matchEvents(t.db)]);
    const rows = await t.db.select().from(alert).where(eq(alert.userId, person.id));
    expect(rows).toHaveLength(5);
    const runs = await Promise.all([runAlerts(t.services), runAlerts(t.services)]);
    expect(runs[0].emails + runs[1].emails).toBe(1);
    expect((await outbox()).filter((mail) => mail.to.includes(person.email))).toHaveLength(1);
  });
});

describe("one process at a time", () => {
  test("a second run waits its turn on PostgreSQL (the embedded database is one process's)", async () => {
    let inside = 0;
    let most = 0;
    const job = () =>
      t.tryExclusive(ALERT_JOB_KEY, async () => {
        most = Math.max(most, ++inside);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inside--;
        return "ran";
      });
    const runs = await Promise.all([job(), job()]);
    if (t.kind === "postgres") {
      expect(runs.sort()).toEqual([null, "ran"].sort());
      expect(most).toBe(1);
      // Released: the next run takes it.
      expect(await job()).toBe("ran");
    } else {
      expect(runs).toEqual(["ran", "ran"]);
    }
  });
});

describe("matching agrees with the results page", () => {
  test("passesFilters and searchWhere pick the same cars", async () => {
    const makes = ["Toyota", "Honda", null];
    const cars = [];
    for (let i = 0; i < 24; i++) {
      cars.push(
        await createListing(t.db, {
          sellerId: seller.id,
          categoryId,
          make: makes[i % 3],
          model: i % 2 ? "Corolla" : "Civic",
          year: i % 4 === 0 ? null : 2010 + (i % 12),
          resalePrice: 500_000 + i * 150_000,
          mileageKm: i % 5 === 0 ? null : i * 9_000,
          fuel: i % 2 ? "Petrol" : "Diesel",
          transmission: i % 3 ? "Automatic" : "Manual",
          quality: i % 2 ? "Good" : "Excellent",
        }),
      );
    }
    const ids = cars.map((car) => car.id);
    const queries = [
      "make=Toyota",
      "make=toyota&model=corolla",
      "minYear=2015&maxYear=2019",
      "minPrice=10000&maxPrice=30000",
      "maxMileage=100000",
      "fuel=Diesel&transmission=Manual",
      "quality=Excellent&make=Honda",
      "verified=1",
      "reduced=1",
      "",
    ];
    const rules = await publicRules(t.db);
    const facts = await t.db.select().from(listing).where(eq(listing.sellerId, seller.id));
    for (const query of queries) {
      const filters = savedSearchFilters(query);
      const fromSql = await t.db
        .select({ id: listing.id })
        .from(listing)
        .where(searchWhere(filters, { rules }));
      const expected = fromSql
        .map((row) => row.id)
        .filter((id) => ids.includes(id))
        .sort();
      const fromJs = facts
        .filter((car) => ids.includes(car.id))
        .filter((car) => passesFilters(filters, null, { ...car, sellerVerified: false }, rules))
        .map((car) => car.id)
        .sort();
      expect(fromJs, query).toEqual(expected);
    }
  });
});
