// Viewings at safe places (issue 27, decision 023) at the loader/action boundary: the buyer
// proposes up to three times, the seller accepts one (the others are declined), both get an
// email with a calendar file; cancelling sends one that removes it; the reminder a day ahead
// is written once however many runs; afterwards each side says whether it happened. Only the
// two people change a viewing, and only while the conversation is open.
import fs from "node:fs/promises";
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { heldMail, rateLimit, safePlace, user, viewing } from "#app/db/schema.ts";
import { cancelOrder, placeOrder } from "#app/models/order.server.ts";
import { TEXT_MESSAGES } from "#app/models/text.ts";
import type { SessionUser } from "#app/models/user.ts";
import { remindViewings } from "#app/models/viewing-mail.server.ts";
import { proposeViewing } from "#app/models/viewing.server.ts";
import { VIEWING_MESSAGES, zonedTime } from "#app/models/viewing.ts";
import * as page from "#app/routes/dashboard/conversation/route.tsx";
import { createCategories, createListing } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { callAction, callLoaderAs, dataOf, responseOf } from "./helpers.ts";
import { signIn } from "./listing-helpers.ts";

let t: TestEnv;
let sedanId: number;
type Person = { id: string; cookie: string };
let seller: Person;
let buyer: Person;
let stranger: Person;
let placeId: number;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A time `ms` from now as a datetime-local field writes it (UTC: no tz cookie). */
const local = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  seller = await signIn(t, "seller");
  buyer = await signIn(t, "buyer");
  stranger = await signIn(t, "buyer");
  await t.db.update(user).set({ emailVerified: true });
  const [place] = await t.db
    .insert(safePlace)
    .values({
      name: "Central Police Station",
      address: "1 Station Road",
      hours: "Every day, 8:00–20:00",
      note: "Car park, camera-covered",
    })
    .returning();
  placeId = place!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(rateLimit);
  await fs.rm(t.outbox, { recursive: true, force: true });
});

async function sessionUser(person: Person): Promise<SessionUser> {
  const [row] = await t.db.select().from(user).where(eq(user.id, person.id));
  return { ...row!, role: row!.role, language: null } as SessionUser;
}

async function newConversation(): Promise<number> {
  const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
  const placed = await placeOrder(t.services, await sessionUser(buyer), car.id, {
    buyerName: "Liam Carter",
    buyerPhone: "+1 512 555 0100",
    meetingLocation: "Central Station car park",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.orderId;
}

const act = (who: Person, id: number, form: Record<string, string>) =>
  callAction(page.action, {
    path: `/dashboard/conversations/${id}`,
    params: { id: String(id) },
    form,
    cookie: who.cookie,
    context: t.context(),
  });

const open = (who: Person, id: number) =>
  callLoaderAs(page.loader, {
    path: `/dashboard/conversations/${id}`,
    params: { id: String(id) },
    cookie: who.cookie,
    context: t.context(),
  });

const propose = (who: Person, id: number, fields: Record<string, string>) =>
  act(who, id, { intent: "propose", proposalKey: crypto.randomUUID(), ...fields });

type Reply = { result?: { error?: Record<string, string[] | null> }; error?: string };
const errorsOf = (value: unknown) => dataOf<Reply>(value).data.result?.error ?? {};

/** The raw emails in the outbox, with their calendar parts. */
async function rawMails(): Promise<string[]> {
  const names = (await fs.readdir(t.outbox).catch(() => [] as string[])).filter((name) =>
    name.endsWith(".eml"),
  );
  return Promise.all(names.map((name) => fs.readFile(path.join(t.outbox, name), "utf8")));
}

const rowsOf = (id: number) =>
  t.db.select().from(viewing).where(eq(viewing.orderId, id)).orderBy(asc(viewing.id));

describe("times in the proposer's zone", () => {
  test("a wall-clock time is read in its zone, across a clock change", () => {
    expect(zonedTime("2026-12-05T10:30", "Europe/Madrid")?.toISOString()).toBe(
      "2026-12-05T09:30:00.000Z",
    );
    expect(zonedTime("2026-07-05T10:30", "Europe/Madrid")?.toISOString()).toBe(
      "2026-07-05T08:30:00.000Z",
    );
    expect(zonedTime("2026-12-05T10:30", "UTC")?.toISOString()).toBe("2026-12-05T10:30:00.000Z");
    // The hour clocks skip reads as the hour after, west of UTC as east of it.
    expect(zonedTime("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(zonedTime("2026-03-29T02:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(zonedTime("2026-02-30T10:30", "UTC")).toBeNull();
    expect(zonedTime("tomorrow", "UTC")).toBeNull();
  });
});

describe("proposing and agreeing", () => {
  test("the buyer proposes three times; the seller accepts one; both get a calendar file", async () => {
    const id = await newConversation();
    const sent = await responseOf(() =>
      propose(buyer, id, {
        at1: local(2 * DAY),
        place1: String(placeId),
        at2: local(3 * DAY),
        place2: "address",
        address2: "Plaza Mayor 3, by the fountain",
        at3: local(4 * DAY),
        place3: String(placeId),
      }),
    );
    expect(sent.status).toBe(302);
    const seen = await open(seller, id);
    const times = seen.viewing.viewings;
    expect(times.map((item) => [item.status, item.mine, item.placeName, item.address])).toEqual([
      ["proposed", false, "Central Police Station", "1 Station Road"],
      ["proposed", false, null, "Plaza Mayor 3, by the fountain"],
      ["proposed", false, "Central Police Station", "1 Station Road"],
    ]);
    expect(times[0]?.placeNote).toBe("Car park, camera-covered");
    expect(seen.viewing.places.map((place) => place.name)).toEqual(["Central Police Station"]);
    // The seller heard of the proposal.
    const proposalMail = (await rawMails()).find((raw) => /proposed times to see/.test(raw));
    expect(proposalMail).toBeDefined();
    expect(proposalMail).not.toContain("BEGIN:VCALENDAR");
    await fs.rm(t.outbox, { recursive: true, force: true });

    // The proposer cannot accept their own time.
    const own = await act(buyer, id, { intent: "accept", viewingId: String(times[1]!.id) });
    expect(dataOf(own).status).toBe(409);

    const accepted = await responseOf(() =>
      act(seller, id, { intent: "accept", viewingId: String(times[1]!.id) }),
    );
    expect(accepted.status).toBe(302);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.status).sort()).toEqual(["accepted", "declined", "declined"]);
    const mails = await rawMails();
    expect(mails).toHaveLength(2);
    for (const raw of mails) {
      expect(raw).toContain("Viewing agreed");
      expect(raw).toContain("BEGIN:VCALENDAR");
      expect(raw).toContain("METHOD:PUBLISH");
      expect(raw).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      expect(raw).toContain("Plaza Mayor 3");
    }
    // Accepting again changes nothing; proposing while agreed is refused.
    const again = await responseOf(() =>
      act(seller, id, { intent: "accept", viewingId: String(times[1]!.id) }),
    );
    expect(again.status).toBe(302);
    expect((await rawMails()).length).toBe(2);
    const refused = await propose(buyer, id, { at1: local(5 * DAY), place1: String(placeId) });
    expect(dataOf(refused).status).toBe(409);
    expect(JSON.stringify(errorsOf(refused))).toContain(VIEWING_MESSAGES.alreadyAgreed);
  });

  test("a counter-proposal declines the other side's times", async () => {
    const id = await newConversation();
    await responseOf(() => propose(buyer, id, { at1: local(2 * DAY), place1: String(placeId) }));
    await responseOf(() => propose(seller, id, { at1: local(3 * DAY), place1: String(placeId) }));
    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.proposedBy, row.status])).toEqual([
      ["buyer", "declined"],
      ["seller", "proposed"],
    ]);
    const page = await open(buyer, id);
    expect(page.viewing.viewings.map((item) => item.mine)).toEqual([false]);
  });

  test("the same proposal sent twice is stored once", async () => {
    const id = await newConversation();
    const form = {
      intent: "propose",
      proposalKey: crypto.randomUUID(),
      at1: local(2 * DAY),
      place1: String(placeId),
    };
    await Promise.all([
      responseOf(() => act(buyer, id, form)),
      responseOf(() => act(buyer, id, form)),
    ]);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  test("field errors: too soon, too late, no place, no address, an address beside a place, a gone place, NUL", async () => {
    const id = await newConversation();
    const cases: [Record<string, string>, string, string][] = [
      [{ at1: local(10 * 60_000), place1: String(placeId) }, "at1", VIEWING_MESSAGES.timeTooSoon],
      [{ at1: local(61 * DAY), place1: String(placeId) }, "at1", VIEWING_MESSAGES.timeTooLate],
      [{ at1: local(2 * DAY) }, "place1", VIEWING_MESSAGES.placeRequired],
      [{ at1: local(2 * DAY), place1: "address" }, "address1", VIEWING_MESSAGES.addressRequired],
      [{ at1: local(2 * DAY), place1: "99999" }, "place1", VIEWING_MESSAGES.placeMissing],
      [
        { at1: local(2 * DAY), place1: String(placeId), address1: "Behind the station" },
        "address1",
        VIEWING_MESSAGES.addressBesidePlace,
      ],
      [{ at1: "someday", place1: String(placeId) }, "at1", VIEWING_MESSAGES.timeInvalid],
      [
        { at1: local(2 * DAY), place1: "address", address1: "Main\u0000Street" },
        "address1",
        TEXT_MESSAGES.control,
      ],
      [
        { at1: local(2 * DAY), place1: String(placeId), at2: local(2 * DAY), place2: "address" },
        "at2",
        VIEWING_MESSAGES.sameTime,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await propose(buyer, id, fields);
      expect(dataOf(answer).status, JSON.stringify(fields)).toBe(400);
      expect(errorsOf(answer)[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await rowsOf(id)).toHaveLength(0);
  });

  test("a stranger changes nothing; a closed conversation takes no proposals", async () => {
    const id = await newConversation();
    await responseOf(() => propose(buyer, id, { at1: local(2 * DAY), place1: String(placeId) }));
    const [row] = await rowsOf(id);
    const forms: Record<string, string>[] = [
      { intent: "accept", viewingId: String(row!.id) },
      { intent: "cancel-viewing", viewingId: String(row!.id) },
      { intent: "outcome", viewingId: String(row!.id), outcome: "met" },
    ];
    for (const form of forms) {
      expect(dataOf(await act(stranger, id, form)).status).toBe(404);
    }
    const theirs = await propose(stranger, id, { at1: local(2 * DAY), place1: String(placeId) });
    expect(dataOf(theirs).status).toBe(404);
    expect((await rowsOf(id)).map((item) => item.status)).toEqual(["proposed"]);

    await cancelOrder(t.db, buyer.id, id);
    const closed = await propose(buyer, id, { at1: local(3 * DAY), place1: String(placeId) });
    expect(dataOf(closed).status).toBe(409);
    const accept = await act(seller, id, { intent: "accept", viewingId: String(row!.id) });
    expect(dataOf(accept).status).toBe(409);
  });

  test("the eleventh proposal in an hour answers 429 with Retry-After", async () => {
    const id = await newConversation();
    for (let n = 0; n < 10; n++) {
      const done = await proposeViewing(t.services, buyer.id, id, {
        proposalKey: crypto.randomUUID(),
        slots: [{ slot: 1, at: local((2 + n) * DAY), placeId, address: null }],
        timeZone: "UTC",
      });
      expect(done.ok).toBe(true);
    }
    const over = await propose(buyer, id, { at1: local(20 * DAY), place1: String(placeId) });
    expect(dataOf(over).status).toBe(429);
  });
});

describe("cancelling, reminding, and afterwards", () => {
  async function agreed(ahead: number) {
    const id = await newConversation();
    await responseOf(() => propose(buyer, id, { at1: local(ahead), place1: String(placeId) }));
    const [row] = await rowsOf(id);
    await responseOf(() => act(seller, id, { intent: "accept", viewingId: String(row!.id) }));
    await fs.rm(t.outbox, { recursive: true, force: true });
    return { id, viewingId: row!.id };
  }

  test("cancelling sends both a file that takes it out of their calendars", async () => {
    const { id, viewingId } = await agreed(2 * DAY);
    const done = await responseOf(() =>
      act(buyer, id, { intent: "cancel-viewing", viewingId: String(viewingId) }),
    );
    expect(done.status).toBe(302);
    const mails = await rawMails();
    expect(mails).toHaveLength(2);
    for (const raw of mails) {
      expect(raw).toContain("METHOD:CANCEL");
      expect(raw).toContain(`UID:viewing-${viewingId}@`);
    }
    expect(mails.filter((raw) => raw.includes("You cancelled the viewing"))).toHaveLength(1);
    expect(mails.filter((raw) => raw.includes("Liam Carter cancelled the viewing"))).toHaveLength(
      1,
    );
    const [row] = await rowsOf(id);
    expect(row?.status).toBe("cancelled");
  });

  test("the reminder a day ahead is written once, however many runs at once", async () => {
    const { id } = await agreed(2 * DAY);
    expect(await remindViewings(t.services)).toBe(0);
    const later = new Date(Date.now() + DAY + HOUR);
    const runs = await Promise.all([
      remindViewings(t.services, later),
      remindViewings(t.services, later),
      remindViewings(t.services, later),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindViewings(t.services, later)).toBe(0);
    const reminders = (await rawMails()).filter((raw) => raw.includes("Reminder: viewing"));
    expect(reminders).toHaveLength(2);
    expect(await t.db.select().from(heldMail)).toHaveLength(0);
    const [row] = await rowsOf(id);
    expect(row?.remindedAt).not.toBeNull();
  });

  test("a closed conversation gets no reminder, and its viewing can still be cancelled", async () => {
    const { id, viewingId } = await agreed(2 * DAY);
    await cancelOrder(t.db, buyer.id, id);
    expect(await remindViewings(t.services, new Date(Date.now() + DAY + HOUR))).toBe(0);
    const done = await responseOf(() =>
      act(seller, id, { intent: "cancel-viewing", viewingId: String(viewingId) }),
    );
    expect(done.status).toBe(302);
    const [row] = await rowsOf(id);
    expect(row?.status).toBe("cancelled");
  });

  test("agreed less than a day ahead, no reminder follows", async () => {
    await agreed(3 * HOUR);
    expect(await remindViewings(t.services, new Date(Date.now() + HOUR))).toBe(0);
  });

  test("after the time each side says whether it happened; not before", async () => {
    const { id, viewingId } = await agreed(2 * DAY);
    const early = await act(buyer, id, {
      intent: "outcome",
      viewingId: String(viewingId),
      outcome: "met",
    });
    expect(dataOf(early).status).toBe(409);
    await t.db
      .update(viewing)
      .set({ startsAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(viewing.id, viewingId));
    for (const [who, outcome] of [
      [buyer, "met"],
      [seller, "missed"],
    ] as const) {
      const done = await responseOf(() =>
        act(who, id, { intent: "outcome", viewingId: String(viewingId), outcome }),
      );
      expect(done.status).toBe(302);
    }
    const [row] = await rowsOf(id);
    expect([row?.buyerOutcome, row?.sellerOutcome]).toEqual(["met", "missed"]);
    const page = await open(buyer, id);
    const item = page.viewing.viewings.find((entry) => entry.id === viewingId);
    expect([item?.past, item?.myOutcome, item?.theirOutcome]).toEqual([true, "met", "missed"]);
    const bad = await act(buyer, id, {
      intent: "outcome",
      viewingId: String(viewingId),
      outcome: "maybe",
    });
    expect(dataOf(bad).status).toBe(400);
  });
});
