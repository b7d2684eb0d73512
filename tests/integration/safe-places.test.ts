// The admins' safe places (issue 27), through the page's loader and action as an admin
// posts them: add, refuse bad fields next to the field (NUL included) with no row written,
// edit, "Nothing changed", delete (a viewing there keeps its copy of the place), a place
// that is gone answered 404, one audit row per change, and nobody else let in.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { auditLog, safePlace, viewing } from "#app/db/schema.ts";
import { findAuditEntries } from "#app/models/audit.server.ts";
import { parseAuditFilters } from "#app/models/audit.ts";
import { TEXT_MESSAGES } from "#app/models/text.ts";
import { VIEWING_MESSAGES } from "#app/models/viewing.ts";
import * as safePlaces from "#app/routes/dashboard/admin/safe-places/route.tsx";
import { createCategories, createListing, createOrder } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoaderAs } from "./helpers.ts";
import { person, post, toastOf, type Person } from "./moderation-helpers.ts";

vi.setConfig({ testTimeout: 30_000 });

const PAGE = "/dashboard/safePlaces";

let t: TestEnv;
let admin: Person;
let buyer: Person;
let seller: Person;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await person(t, "admin", "Ada Admin");
  buyer = await person(t, "buyer", "Bea Buyer");
  seller = await person(t, "seller", "Sam Seller");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(viewing);
  await t.db.delete(safePlace);
  await t.db.delete(auditLog);
});

const station = {
  name: "Central Police Station",
  address: "1 Main Street, Springfield",
  hours: "Every day, 8:00–20:00",
  note: "Police station car park, camera-covered",
};

const send = (form: Record<string, string>, who: Person = admin) =>
  post(t, safePlaces.action, { path: PAGE, form, who });

const places = () => t.db.select().from(safePlace).orderBy(asc(safePlace.id));
const audits = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));
const fieldErrors = (data: unknown) =>
  (data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {};

async function added(values: Partial<typeof station> = {}) {
  const answer = await send({ intent: "add", ...station, ...values });
  expect(answer.status).toBe(302);
  const [row] = await t.db
    .select()
    .from(safePlace)
    .where(eq(safePlace.name, values.name ?? station.name));
  return row!;
}

describe("adding", () => {
  test("adds the place, says so and writes one audit row", async () => {
    const answer = await send({ intent: "add", ...station, name: "  Central Police Station " });
    expect((await toastOf(t, answer.response))?.message).toBe("Central Police Station added");
    expect(await places()).toMatchObject([station]);
    const [row] = await audits();
    expect(row).toMatchObject({
      action: "create_safe_place",
      subjectType: "safe_place",
      subjectId: String((await places())[0]!.id),
      actorId: admin.id,
    });
    expect(row!.details).toMatchObject({
      actorName: "Ada Admin",
      subjectName: station.name,
      changes: [
        { field: "name", from: null, to: station.name },
        { field: "address", from: null, to: station.address },
        { field: "hours", from: null, to: station.hours },
        { field: "note", from: null, to: station.note },
      ],
    });
  });

  test("an empty note is no note", async () => {
    expect((await added({ note: "   " })).note).toBeNull();
  });

  test.each([
    ["name", "", VIEWING_MESSAGES.nameRequired],
    ["name", "   ", VIEWING_MESSAGES.nameRequired],
    ["name", "x".repeat(81), VIEWING_MESSAGES.nameTooLong],
    ["address", "", VIEWING_MESSAGES.placeAddressRequired],
    ["address", "x".repeat(201), VIEWING_MESSAGES.addressTooLong],
    ["hours", "", VIEWING_MESSAGES.hoursRequired],
    ["hours", "x".repeat(121), VIEWING_MESSAGES.hoursTooLong],
    ["note", "x".repeat(201), VIEWING_MESSAGES.noteTooLong],
    ["name", "Police\u0000Station", TEXT_MESSAGES.control],
    ["address", "1 Main\u0000Street", TEXT_MESSAGES.control],
    ["hours", "8:00\u0000", TEXT_MESSAGES.control],
    ["note", "\u0000", TEXT_MESSAGES.control],
    ["note", "Two\nlines", TEXT_MESSAGES.control],
  ])("%s %j: 400 with the field's message, nothing written", async (field, value, message) => {
    const answer = await send({ intent: "add", ...station, [field]: value });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.data)[field]).toEqual([message]);
    expect(await places()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  test("the longest values fit", async () => {
    const longest = {
      name: "n".repeat(80),
      address: "a".repeat(200),
      hours: "h".repeat(120),
      note: "é".repeat(200),
    };
    await added(longest);
    expect(await places()).toMatchObject([longest]);
  });
});

describe("editing", () => {
  test("saves the changed fields, with old → new in the audit row", async () => {
    const place = await added();
    const answer = await send({
      intent: "edit",
      id: String(place.id),
      ...station,
      hours: "Weekdays, 9:00–17:00",
      note: "",
    });
    expect((await toastOf(t, answer.response))?.message).toBe("Central Police Station saved");
    expect(await places()).toMatchObject([
      { ...station, hours: "Weekdays, 9:00–17:00", note: null },
    ]);
    const row = (await audits()).at(-1)!;
    expect(row).toMatchObject({ action: "update_safe_place", subjectId: String(place.id) });
    expect((row.details as { changes: unknown }).changes).toEqual([
      { field: "hours", from: station.hours, to: "Weekdays, 9:00–17:00" },
      { field: "note", from: station.note, to: null },
    ]);
  });

  test("the same values again: “Nothing changed”, and no audit row", async () => {
    const place = await added();
    const before = await places();
    const answer = await send({
      intent: "edit",
      id: String(place.id),
      ...station,
      name: ` ${station.name}  `,
    });
    expect((await toastOf(t, answer.response))?.message).toBe("Nothing changed");
    expect(await places()).toEqual(before);
    expect((await audits()).map((row) => row.action)).toEqual(["create_safe_place"]);
  });

  test("bad fields come back next to the field; the place is unchanged", async () => {
    const place = await added();
    const answer = await send({ intent: "edit", id: String(place.id), ...station, name: "" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ intent: "edit", id: place.id });
    expect(fieldErrors(answer.data).name).toEqual([VIEWING_MESSAGES.nameRequired]);
    expect(await places()).toMatchObject([station]);
  });

  test.each(["999999", "abc", "a\u0000b", "", "-1", "99999999999"])(
    "a place that is not on the list (id %j): 404 in words, nothing written",
    async (id) => {
      await added();
      const answer = await send({ intent: "edit", id, ...station, name: "Renamed" });
      expect(answer.status).toBe(404);
      expect(answer.data).toMatchObject({ intent: "edit", error: VIEWING_MESSAGES.placeGone });
      expect(await places()).toMatchObject([station]);
    },
  );
});

describe("deleting", () => {
  test("deletes the place, with what it was in the audit row; again is a 404", async () => {
    const place = await added();
    const answer = await send({ intent: "delete", id: String(place.id) });
    expect((await toastOf(t, answer.response))?.message).toBe("Central Police Station deleted");
    expect(await places()).toEqual([]);
    const row = (await audits()).at(-1)!;
    expect(row).toMatchObject({ action: "delete_safe_place", subjectId: String(place.id) });
    expect(row.details).toMatchObject({
      subjectName: station.name,
      changes: [
        { field: "name", from: station.name, to: null },
        { field: "address", from: station.address, to: null },
        { field: "hours", from: station.hours, to: null },
        { field: "note", from: station.note, to: null },
      ],
    });
    const again = await send({ intent: "delete", id: String(place.id) });
    expect(again.status).toBe(404);
    expect(again.data).toMatchObject({ error: VIEWING_MESSAGES.placeGone });
    expect(await audits()).toHaveLength(2);
  });

  test("a viewing at the place keeps its copy of it", async () => {
    const place = await added();
    const [sedan] = await createCategories(t.db);
    const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedan!.id });
    const request = await createOrder(t.db, car, buyer.id);
    const [proposed] = await t.db
      .insert(viewing)
      .values({
        orderId: request.id,
        proposedBy: "buyer",
        proposalKey: "safe-places-test",
        slot: 1,
        startsAt: new Date(Date.now() + 3 * 24 * 3600_000),
        timeZone: "Europe/Madrid",
        placeId: place.id,
        placeName: place.name,
        address: place.address,
        placeNote: place.note,
      })
      .returning();
    expect((await send({ intent: "delete", id: String(place.id) })).status).toBe(302);
    const [kept] = await t.db.select().from(viewing).where(eq(viewing.id, proposed!.id));
    expect(kept).toMatchObject({
      placeId: null,
      placeName: station.name,
      address: station.address,
      placeNote: station.note,
      status: "proposed",
    });
  });
});

test("an unknown intent is a 400 in words", async () => {
  const answer = await send({ intent: "move", id: "1" });
  expect(answer.status).toBe(400);
  expect((answer.data as { error: string }).error).toMatch(/not known here/);
});

test("the page lists every place by name, with the place ?edit= and ?delete= name", async () => {
  const b = await added({ name: "Bus station" });
  await added({ name: "Airport car park", note: "" });
  const page = (await callLoaderAs(safePlaces.loader, {
    path: `${PAGE}?edit=${b.id}&delete=%00`,
    cookie: admin.cookie,
    context: t.context(),
  })) as Awaited<ReturnType<typeof safePlaces.loader>>;
  expect(page.places.map((place) => [place.name, place.note])).toEqual([
    ["Airport car park", null],
    ["Bus station", station.note],
  ]);
  expect([page.editId, page.deleteId]).toEqual([b.id, null]);
});

test("the audit log's filter finds each safe place action", async () => {
  const place = await added();
  await send({ intent: "edit", id: String(place.id), ...station, hours: "Always" });
  await send({ intent: "delete", id: String(place.id) });
  for (const action of ["create_safe_place", "update_safe_place", "delete_safe_place"]) {
    const filters = parseAuditFilters(new URLSearchParams({ action }));
    expect(filters.action).toBe(action);
    const { entries } = await findAuditEntries(t.db, filters, 1);
    expect(entries.map((entry) => [entry.action, entry.subjectName])).toEqual([
      [action, station.name],
    ]);
  }
});

describe("only admins", () => {
  test.each(["buyer", "seller"] as const)(
    "a %s is refused (403), and nothing changes",
    async (role) => {
      const who = role === "buyer" ? buyer : seller;
      const place = await added();
      const before = await places();
      const forms: Record<string, string>[] = [
        { intent: "add", ...station, name: "Sneaky" },
        { intent: "edit", id: String(place.id), ...station, name: "Sneaky" },
        { intent: "delete", id: String(place.id) },
      ];
      for (const form of forms) {
        expect((await send(form, who)).status).toBe(403);
      }
      expect(await places()).toEqual(before);
      expect(await audits()).toHaveLength(1);
    },
  );

  test("a visitor is sent to log in", async () => {
    const answer = await post(t, safePlaces.action, {
      path: PAGE,
      form: { intent: "add", ...station },
    });
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(PAGE)}`,
    );
    expect(await places()).toEqual([]);
  });
});
