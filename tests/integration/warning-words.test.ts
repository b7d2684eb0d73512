// The admins' warning words (issue 27): the migration writes the built-in phrases; an admin
// adds one (a message written after it gets the warning, one written before keeps what it
// had), removes one (no warning any more), is told when a phrase is already on the list or
// is empty, too long or holds a NUL, and writes back the built-in ones. Each change is one
// audit row; nobody else is let in.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { auditLog, message, user, warningPhrase } from "#app/db/schema.ts";
import { sendMessage } from "#app/models/conversation.server.ts";
import { DEFAULT_WARNING_PATTERNS } from "#app/models/message-warnings.server.ts";
import { placeOrder } from "#app/models/order.server.ts";
import { TEXT_MESSAGES } from "#app/models/text.ts";
import type { SessionUser } from "#app/models/user.ts";
import { WARNING_PHRASE_MESSAGES } from "#app/models/warning-phrase.ts";
import * as page from "#app/routes/dashboard/admin/warning-words/route.tsx";
import { createCategories, createListing } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callLoaderAs } from "./helpers.ts";
import { person, post, toastOf, type Person } from "./moderation-helpers.ts";

vi.setConfig({ testTimeout: 30_000 });

const PAGE = "/dashboard/warningWords";
let t: TestEnv;
let admin: Person;
let buyer: Person;
let seller: Person;
let orderId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await person(t, "admin", "Ada Admin");
  buyer = await person(t, "buyer", "Bea Buyer");
  seller = await person(t, "seller", "Sam Seller");
  const [sedan] = await createCategories(t.db);
  const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedan!.id });
  const [row] = await t.db.select().from(user).where(eq(user.id, buyer.id));
  const placed = await placeOrder(t.services, { ...row!, language: null } as SessionUser, car.id, {
    buyerName: "Bea Buyer",
    buyerPhone: "+1 512 555 0100",
    meetingLocation: "Town square",
  });
  if (!placed.ok) throw new Error(placed.message);
  orderId = placed.orderId;
});
afterAll(async () => {
  await t.close();
});

const send = (form: Record<string, string>, who: Person = admin) =>
  post(t, page.action, { path: PAGE, form, who });
const fieldErrors = (data: unknown) =>
  (data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {};
const phrases = () => t.db.select().from(warningPhrase).orderBy(asc(warningPhrase.id));

/** Sends a message from the seller; the warnings it was stored with. */
async function warningsOfNew(body: string) {
  const sent = await sendMessage(
    t.db,
    seller.id,
    orderId,
    { body, composeKey: crypto.randomUUID() },
    { limits: false },
  );
  if (!sent.ok) throw new Error(sent.message);
  const [row] = await t.db.select().from(message).where(eq(message.id, sent.messageId));
  return row!.warnings;
}

describe("the admins' warning words", () => {
  test("the built-in phrases are the list to begin with", async () => {
    const rows = await phrases();
    const builtIn = Object.values(DEFAULT_WARNING_PATTERNS).flat();
    expect(rows.map((row) => row.phrase).sort()).toEqual([...new Set(builtIn)].sort());
    const shown = await callLoaderAs(page.loader, {
      path: PAGE,
      cookie: admin.cookie,
      context: t.context(),
    });
    expect(shown.phrases).toHaveLength(rows.length);
  });

  test("an added phrase warns on messages written after it, not before", async () => {
    const before = await warningsOfNew("Pay with Zelle before you come");
    expect(before).toEqual([]);
    const answer = await send({ intent: "add", kind: "transfer", phrase: "  ZELLE " });
    expect(await toastOf(t, answer.response)).toMatchObject({ message: "“zelle” added" });
    expect(await warningsOfNew("Pay with Zelle before you come")).toEqual(["transfer"]);
    const [first] = await t.db
      .select()
      .from(message)
      .where(eq(message.orderId, orderId))
      .orderBy(asc(message.id));
    expect(first?.warnings).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "add_warning_phrase"));
    expect(entry?.subjectType).toBe("warning_phrase");
  });

  test("a removed phrase warns no more", async () => {
    expect(await warningsOfNew("Only bitcoin, please")).toEqual(["transfer"]);
    const [row] = await t.db
      .select()
      .from(warningPhrase)
      .where(eq(warningPhrase.phrase, "bitcoin"));
    const answer = await send({ intent: "remove", id: String(row!.id) });
    expect(await toastOf(t, answer.response)).toMatchObject({ message: "“bitcoin” removed" });
    expect(await warningsOfNew("Only bitcoin, please")).toEqual([]);
    // Removed twice: it is gone (404), nothing else changes.
    const again = await send({ intent: "remove", id: String(row!.id) });
    expect(again.status).toBe(404);
    const restored = await send({ intent: "restore" });
    expect(await toastOf(t, restored.response)).toMatchObject({
      message: "1 built-in phrase restored",
    });
    expect(await warningsOfNew("Only bitcoin, please")).toEqual(["transfer"]);
    const none = await send({ intent: "restore" });
    expect(await toastOf(t, none.response)).toMatchObject({
      message: WARNING_PHRASE_MESSAGES.nothingToRestore,
    });
  });

  test("bad phrases are refused next to the field, and nothing is written", async () => {
    const count = (await phrases()).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ kind: "transfer", phrase: "x" }, "phrase", WARNING_PHRASE_MESSAGES.phraseRequired],
      // Two characters typed, one kept ("é" as "e" and an accent): measured as kept.
      [{ kind: "transfer", phrase: "e\u0301" }, "phrase", WARNING_PHRASE_MESSAGES.phraseRequired],
      [
        { kind: "transfer", phrase: "a".repeat(61) },
        "phrase",
        WARNING_PHRASE_MESSAGES.phraseTooLong,
      ],
      [{ kind: "transfer", phrase: "wire\u0000money" }, "phrase", TEXT_MESSAGES.control],
      [{ kind: "nonsense", phrase: "zelle pay" }, "kind", WARNING_PHRASE_MESSAGES.kindRequired],
      [
        { kind: "code", phrase: "Western  Union" },
        "phrase",
        "“western union” is already on the list, under “Wire transfers, money-transfer services, crypto”.",
      ],
    ];
    for (const [form, field, text] of cases) {
      const answer = await send({ intent: "add", ...form });
      expect(answer.status, JSON.stringify(form)).toBe(400);
      expect(fieldErrors(answer.data)[field], JSON.stringify(form)).toEqual([text]);
    }
    expect((await phrases()).length).toBe(count);
  });

  test("only admins reach the page and its buttons", async () => {
    for (const who of [buyer, seller]) {
      const answer = await send({ intent: "add", kind: "code", phrase: "pin number" }, who);
      expect(answer.status).toBe(403);
    }
    expect(
      await t.db.select().from(warningPhrase).where(eq(warningPhrase.phrase, "pin number")),
    ).toEqual([]);
  });
});
