// Conversations on contact requests (issue 27) at the loader/action boundary: only the
// buyer and the seller read or write one; a compose sent 20 times at once is one message;
// unread counts and "Seen"; closed conversations take nothing; the minute's limit answers
// 429 with what was typed; warnings beside scam-like messages; the unread-message email
// after 10 minutes, at most once an hour; and the young-account limit on new requests.
import fs from "node:fs/promises";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { auditLog, listing, message, order, rateLimit, user } from "#app/db/schema.ts";
import { markSeen } from "#app/models/conversation-read.server.ts";
import { sendMessage } from "#app/models/conversation.server.ts";
import { countUnread } from "#app/models/inbox.server.ts";
import { CONVERSATION_MESSAGES, MESSAGE_MAX_CHARS, textParts } from "#app/models/conversation.ts";
import { mailUnreadMessages } from "#app/models/message-mail.server.ts";
import { warningRules, warningsFor } from "#app/models/message-warnings.server.ts";
import { placeOrder } from "#app/models/order.server.ts";
import { cancelOrder } from "#app/models/order.server.ts";
import { TEXT_MESSAGES } from "#app/models/text.ts";
import type { SessionUser } from "#app/models/user.ts";
import * as page from "#app/routes/dashboard/conversation/route.tsx";
import * as inbox from "#app/routes/dashboard/conversations/route.tsx";
import * as events from "#app/routes/resources/conversation-events/route.tsx";
import * as reported from "#app/routes/dashboard/admin/reported-conversation/route.tsx";
import * as reportedItems from "#app/routes/dashboard/admin/reported-items/route.tsx";
import { readOutbox } from "#scripts/test/lib/outbox.ts";
import { createCategories, createListing, createOrder } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { callAction, callLoaderAs, dataOf, responseOf, thrownStatus } from "./helpers.ts";
import { signIn } from "./listing-helpers.ts";

let t: TestEnv;
let sedanId: number;
type Person = { id: string; cookie: string };
let seller: Person;
let buyer: Person;
let stranger: Person;
let otherSeller: Person;

const request = {
  buyerName: "Liam Carter",
  buyerPhone: "+1 512 555 0100",
  meetingLocation: "Central Station car park",
};
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  seller = await signIn(t, "seller");
  buyer = await signIn(t, "buyer");
  stranger = await signIn(t, "buyer");
  otherSeller = await signIn(t, "seller");
  await t.db.update(user).set({ emailVerified: true });
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

/** A new car of `seller` and the buyer's request for it: its id. */
async function newConversation(): Promise<number> {
  const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
  const placed = await placeOrder(t.services, await sessionUser(buyer), car.id, request);
  if (!placed.ok) throw new Error(placed.message);
  return placed.orderId;
}

const open = (who: Person, id: number) =>
  callLoaderAs(page.loader, {
    path: `/dashboard/conversations/${id}`,
    params: { id: String(id) },
    cookie: who.cookie,
    context: t.context(),
  });

const send = (who: Person, id: number, body: string, composeKey: string = crypto.randomUUID()) =>
  callAction(page.action, {
    path: `/dashboard/conversations/${id}`,
    params: { id: String(id) },
    form: { intent: "send", body, composeKey },
    cookie: who.cookie,
    context: t.context(),
  });

const bodies = async (id: number) =>
  (await t.db.select({ body: message.body }).from(message).where(eq(message.orderId, id))).map(
    (row) => row.body,
  );

describe("who may read and write", () => {
  test("the buyer and the seller talk; the seller sees the buyer's contact while open", async () => {
    const id = await newConversation();
    const sent = await responseOf(() => send(buyer, id, "Hello! Is the car still available?"));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/dashboard/conversations/${id}`);
    const seen = await open(seller, id);
    expect(seen.conversation.side).toBe("seller");
    // Each side sees the other: the seller the name the buyer gave, the buyer the seller's.
    expect(seen.conversation.other.name).toBe(request.buyerName);
    const [sellerRow] = await t.db.select().from(user).where(eq(user.id, seller.id));
    expect((await open(buyer, id)).conversation.other).toEqual({
      name: sellerRow!.name,
      image: sellerRow!.image,
    });
    expect(seen.conversation.messages.map((item) => [item.mine, item.body])).toEqual([
      [false, "Hello! Is the car still available?"],
    ]);
    expect(seen.conversation.contact).toEqual({
      phone: request.buyerPhone,
      meetingLocation: request.meetingLocation,
    });
    const mine = await open(buyer, id);
    expect(mine.conversation.side).toBe("buyer");
    expect(mine.conversation.contact).toBeNull();
    expect(mine.conversation.messages[0]?.mine).toBe(true);
  });

  test("a third person can neither read, write nor listen: answered as missing", async () => {
    const id = await newConversation();
    for (const other of [stranger, otherSeller]) {
      expect(await thrownStatus(() => open(other, id))).toBe(404);
      const refused = await send(other, id, "Let me in");
      expect(dataOf(refused).status).toBe(404);
      expect(
        await thrownStatus(() =>
          callLoaderAs(events.loader, {
            path: `/dashboard/conversations/${id}/events`,
            params: { id: String(id) },
            cookie: other.cookie,
            context: t.context(),
          }),
        ),
      ).toBe(404);
    }
    expect(await bodies(id)).toEqual([]);
    // Signed out: to the login page.
    const signedOut = await responseOf(() =>
      callLoaderAs(page.loader, {
        path: `/dashboard/conversations/${id}`,
        params: { id: String(id) },
        context: t.context(),
      }),
    );
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  test("the event stream opens for a participant", async () => {
    const id = await newConversation();
    const controller = new AbortController();
    const url = new URL(`http://localhost:3000/dashboard/conversations/${id}/events`);
    const response = (await events.loader({
      request: new Request(url, { headers: { cookie: buyer.cookie }, signal: controller.signal }),
      url,
      params: { id: String(id) },
      context: t.context(),
      pattern: "",
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toContain("no-transform");
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("retry:");
    controller.abort();
  });
});

describe("messages", () => {
  test("20 identical sends at once are one message; 20 different ones are 20", async () => {
    const id = await newConversation();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => responseOf(() => send(buyer, id, "Once only", key))),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    expect(await bodies(id)).toEqual(["Once only"]);
    await Promise.all(
      Array.from({ length: 19 }, (_, n) => responseOf(() => send(buyer, id, `Message ${n}`))),
    );
    expect(await bodies(id)).toHaveLength(20);
    const [row] = await t.db.select().from(order).where(eq(order.id, id));
    expect(row!.sellerUnread).toBe(20);
  });

  test("unread counts go to zero when opened, and the sender sees Seen", async () => {
    const id = await newConversation();
    const before = await countUnread(t.db, seller.id);
    await responseOf(() => send(buyer, id, "First"));
    await responseOf(() => send(buyer, id, "Second"));
    expect(await countUnread(t.db, seller.id)).toBe(before + 2);
    expect((await open(buyer, id)).conversation.seenLastMine).toBe(false);
    await markSeen(t.db, seller.id, id);
    expect(await countUnread(t.db, seller.id)).toBe(before);
    expect((await open(buyer, id)).conversation.seenLastMine).toBe(true);
    // The seller answers: the buyer has one unread, and the seller's own is still zero.
    await responseOf(() => send(seller, id, "Yes, come on Saturday"));
    expect(await countUnread(t.db, buyer.id)).toBeGreaterThanOrEqual(1);
    expect(await countUnread(t.db, seller.id)).toBe(before);
  });

  test("bad messages get a clear message next to the field, and nothing is stored", async () => {
    const id = await newConversation();
    const cases: [string, string][] = [
      ["   ", CONVERSATION_MESSAGES.bodyRequired],
      ["x".repeat(MESSAGE_MAX_CHARS + 1), CONVERSATION_MESSAGES.bodyTooLong],
      ["nul\u0000byte", TEXT_MESSAGES.control],
    ];
    for (const [body, expected] of cases) {
      const { status, data } = dataOf<{ result: { error?: Record<string, string[]> } }>(
        await send(buyer, id, body),
      );
      expect(status).toBe(400);
      expect(data.result.error?.body?.[0]).toBe(expected);
    }
    const badKey = dataOf<{ result: { error?: Record<string, string[]> } }>(
      await send(buyer, id, "Hello", "<script>"),
    );
    expect(badKey.status).toBe(400);
    expect(await bodies(id)).toEqual([]);
  });

  test("a closed conversation keeps its messages and takes no more", async () => {
    const sold = await newConversation();
    await responseOf(() => send(buyer, sold, "Before the sale"));
    const [row] = await t.db.select().from(order).where(eq(order.id, sold));
    await t.db
      .update(order)
      .set({ status: "closed", closedReason: "sold" })
      .where(eq(order.id, sold));
    await t.db.update(listing).set({ status: "sold" }).where(eq(listing.id, row!.listingId!));
    const refused = dataOf<{ result: { error?: Record<string, string[]> } }>(
      await send(seller, sold, "After the sale"),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.result.error?.[""]?.[0]).toBe(CONVERSATION_MESSAGES.closed);
    const view = await open(buyer, sold);
    expect(view.conversation.closed).toBe("sold");
    expect(view.conversation.messages.map((item) => item.body)).toEqual(["Before the sale"]);

    const cancelled = await newConversation();
    expect(await cancelOrder(t.db, buyer.id, cancelled)).toBe(true);
    expect((await open(seller, cancelled)).conversation.closed).toBe("cancelled");
    expect((await open(seller, cancelled)).conversation.contact).toBeNull();
  });

  test("past 20 a minute: 429 with Retry-After, and the typed message comes back", async () => {
    const id = await newConversation();
    for (let n = 0; n < 20; n++) await responseOf(() => send(buyer, id, `Quick ${n}`));
    const limited = await send(buyer, id, "One too many");
    const { status, data } = dataOf<{
      result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    }>(limited);
    expect(status).toBe(429);
    const init = (limited as { init: { headers: Record<string, string> } }).init;
    expect(Number(init.headers["Retry-After"])).toBeGreaterThan(0);
    expect(data.result.error?.[""]?.[0]).toBe(CONVERSATION_MESSAGES.tooMany);
    expect(data.result.initialValue?.body).toBe("One too many");
    expect(await bodies(id)).toHaveLength(20);
  });

  test("scam-like messages carry warnings for their reader only", async () => {
    // The built-in phrases, as the migration wrote them into the admins' list.
    const rules = await warningRules(t.db);
    const warningsOf = (body: string) => warningsFor(body, rules);
    expect(warningsOf("Please pay a deposit by Western Union first")).toEqual([
      "deposit",
      "transfer",
    ]);
    expect(warningsOf("Send me the code you got by SMS")).toEqual(["code"]);
    expect(warningsOf("Puedo pagar con tarjeta regalo")).toEqual(["gift-card", "pay-link"]);
    expect(warningsOf("أرسل العربون أولاً")).toEqual(["deposit"]);
    expect(warningsOf("Is the car still available? I can come on Saturday.")).toEqual([]);
    // Inside a longer word it is not the word.
    expect(warningsOf("The redeposited paint")).toEqual([]);
    const id = await newConversation();
    await responseOf(() => send(seller, id, "Pay the courier a deposit and he brings the car"));
    const buyerView = await open(buyer, id);
    expect(buyerView.conversation.messages[0]?.warnings).toEqual(["deposit", "shipping"]);
    const sellerView = await open(seller, id);
    expect(sellerView.conversation.messages[0]?.warnings).toEqual([]);
  });

  test("a long conversation shows its latest 50 messages, and the earlier ones by a link", async () => {
    const id = await newConversation();
    for (let n = 0; n < 60; n++) {
      const sent = await sendMessage(
        t.db,
        n % 2 ? seller.id : buyer.id,
        id,
        { body: `Message ${n}`, composeKey: `long-compose-${n}` },
        { limits: false },
      );
      expect(sent.ok).toBe(true);
    }
    const latest = (await open(buyer, id)).conversation;
    expect(latest.messages.map((item) => item.body)).toEqual(
      Array.from({ length: 50 }, (_, n) => `Message ${n + 10}`),
    );
    expect(latest.earlierBefore).toBe(latest.messages[0]!.id);
    const earlier = await callLoaderAs(page.loader, {
      path: `/dashboard/conversations/${id}?before=${latest.earlierBefore}`,
      params: { id: String(id) },
      cookie: buyer.cookie,
      context: t.context(),
    });
    expect(earlier.conversation.messages.map((item) => item.body)).toEqual(
      Array.from({ length: 10 }, (_, n) => `Message ${n}`),
    );
    expect(earlier.conversation.earlierBefore).toBeNull();
  });

  test("addresses in messages are text, cut from the sentence around them", () => {
    expect(textParts("See https://example.com/pay. Thanks")).toEqual([
      { text: "See ", url: false },
      { text: "https://example.com/pay", url: true },
      { text: ". Thanks", url: false },
    ]);
    expect(textParts("javascript:alert(1)")).toEqual([{ text: "javascript:alert(1)", url: false }]);
  });

  test("the inbox lists both sides' conversations with their unread counts", async () => {
    const id = await newConversation();
    await responseOf(() => send(buyer, id, "Inbox check"));
    const list = await callLoaderAs(inbox.loader, {
      path: "/dashboard/conversations",
      cookie: seller.cookie,
      context: t.context(),
    });
    const row = list.rows.find((item) => item.id === id);
    expect(row).toMatchObject({ side: "seller", unread: 1, last: "Inbox check" });
    expect(row?.with).toBe(request.buyerName);
  });

  test("the inbox pages through both sides by latest activity and leaves cancelled requests out", async () => {
    // A person who sells and buys: 22 requests for their cars (more than a page), 10 of
    // theirs for others' cars and one they cancelled, active at interleaved times.
    const dealer = await signIn(t, "seller");
    const expected: { id: number; side: string }[] = [];
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 33; i++) {
      const selling = i % 3 !== 0;
      const car = await createListing(t.db, {
        sellerId: selling ? dealer.id : seller.id,
        categoryId: sedanId,
      });
      const row = await createOrder(t.db, car, selling ? buyer.id : dealer.id, {
        activeAt: new Date(base + i * MINUTE),
        ...(i === 3 ? { status: "cancelled" as const } : {}),
      });
      if (i !== 3) expected.unshift({ id: row.id, side: selling ? "seller" : "buyer" });
    }
    const inboxPage = (n: number) =>
      callLoaderAs(inbox.loader, {
        path: `/dashboard/conversations?page=${n}`,
        cookie: dealer.cookie,
        context: t.context(),
      });
    const first = await inboxPage(1);
    const second = await inboxPage(2);
    expect(first.pageCount).toBe(2);
    const seen = [...first.rows, ...second.rows].map(({ id, side }) => ({ id, side }));
    expect(first.rows).toHaveLength(20);
    expect(seen).toEqual(expected);
    expect(first.total).toBe(32);
    expect(first.rows[0]).not.toHaveProperty("total");
    // Past the end: the last page, counted on its own.
    const beyond = await inboxPage(7);
    expect([beyond.page, beyond.pageCount, beyond.total]).toEqual([2, 2, 32]);
    expect(beyond.rows.map(({ id }) => id)).toEqual(second.rows.map(({ id }) => id));
  });
});

describe("emails about unread messages", () => {
  // Only this block's conversations wait unread.
  beforeEach(async () => {
    await t.db.update(order).set({ buyerUnread: 0, sellerUnread: 0 });
  });

  test("after 10 minutes unread, once; again only after an hour and something new", async () => {
    const id = await newConversation();
    const start = new Date();
    await sendMessage(
      t.db,
      buyer.id,
      id,
      { body: "Are you there?", composeKey: "first-compose" },
      { now: start },
    );
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(await mailUnreadMessages(t.services, at(5))).toBe(0);
    expect(await mailUnreadMessages(t.services, at(11))).toBe(1);
    expect(await mailUnreadMessages(t.services, at(12))).toBe(0);
    const [sellerRow] = await t.db.select().from(user).where(eq(user.id, seller.id));
    const mails = (await readOutbox(t.outbox)).filter(
      (mail) => mail.to.includes(sellerRow!.email) && mail.subject.startsWith("New message"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^New message about the /);
    expect(mails[0]!.body).toContain("> Are you there?");
    expect(mails[0]!.body).toContain(`/dashboard/conversations/${id}`);
    // Another message within the hour: no second email until the hour is over.
    await sendMessage(
      t.db,
      buyer.id,
      id,
      { body: "Hello?", composeKey: "second-compose" },
      { now: at(20) },
    );
    expect(await mailUnreadMessages(t.services, at(40))).toBe(0);
    expect(await mailUnreadMessages(t.services, at(75))).toBe(1);
    // Opened: nothing more.
    await markSeen(t.db, seller.id, id);
    expect(await mailUnreadMessages(t.services, at(200))).toBe(0);
  });

  test("one run writes every due email, each to its own person about its own car", async () => {
    const ids = [await newConversation(), await newConversation(), await newConversation()];
    const start = new Date();
    for (const [n, id] of ids.entries()) {
      const from = n === 1 ? seller : buyer;
      const body = `Batch message ${n}`;
      await sendMessage(
        t.db,
        from.id,
        id,
        { body, composeKey: crypto.randomUUID() },
        { now: start },
      );
    }
    const later = new Date(start.getTime() + 11 * MINUTE);
    expect(await mailUnreadMessages(t.services, later)).toBe(3);
    expect(await mailUnreadMessages(t.services, later)).toBe(0);
    const emails = new Map(
      (await t.db.select().from(user)).map((row) => [row.id, row.email] as const),
    );
    const mails = (await readOutbox(t.outbox)).filter((mail) =>
      mail.body.includes("Batch message"),
    );
    expect(mails).toHaveLength(3);
    for (const [n, id] of ids.entries()) {
      const to = emails.get(n === 1 ? buyer.id : seller.id)!;
      const mail = mails.find((one) => one.body.includes(`> Batch message ${n}`));
      expect(mail?.to).toContain(to);
      expect(mail?.body).toContain(`/dashboard/conversations/${id}`);
    }
  });

  test("a run writes more due emails than one transaction takes, each once", async () => {
    const start = new Date();
    for (let n = 0; n < 55; n++) {
      const car = await createListing(t.db, { sellerId: otherSeller.id, categoryId: sedanId });
      await createOrder(t.db, car, buyer.id, {
        sellerUnread: 1,
        sellerUnreadSince: start,
        lastMessageAt: start,
      });
    }
    const later = new Date(start.getTime() + 11 * MINUTE);
    expect(await mailUnreadMessages(t.services, later)).toBe(55);
    expect(await mailUnreadMessages(t.services, later)).toBe(0);
  });

  test("two runs at once write each email once; turned off, none", async () => {
    const id = await newConversation();
    const start = new Date();
    await sendMessage(
      t.db,
      seller.id,
      id,
      { body: "Still keen?", composeKey: "keen-compose" },
      { now: start },
    );
    const later = new Date(start.getTime() + 11 * MINUTE);
    const runs = await Promise.all([
      mailUnreadMessages(t.services, later),
      mailUnreadMessages(t.services, later),
    ]);
    expect(runs[0] + runs[1]).toBe(1);

    const quiet = await newConversation();
    const answer = await responseOf(() =>
      callAction(inbox.action, {
        path: "/dashboard/conversations",
        form: { intent: "emails" },
        cookie: seller.cookie,
        context: t.context(),
      }),
    );
    expect(answer.status).toBe(302);
    await sendMessage(
      t.db,
      buyer.id,
      quiet,
      { body: "Hi", composeKey: "quiet-compose" },
      { now: start },
    );
    expect(await mailUnreadMessages(t.services, later)).toBe(0);
    await t.db.update(user).set({ messageEmails: true }).where(eq(user.id, seller.id));
  });
});

test("an account younger than a day starts at most 5 conversations an hour", async () => {
  const young = await signIn(t, "buyer");
  const person = await sessionUser(young);
  const now = new Date();
  const results = [];
  for (let n = 0; n < 6; n++) {
    const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
    // A minute apart: the per-minute limit is not what refuses.
    results.push(
      await placeOrder(t.services, person, car.id, request, new Date(now.getTime() + n * MINUTE)),
    );
  }
  expect(results.slice(0, 5).every((result) => result.ok)).toBe(true);
  expect(results[5]).toMatchObject({ ok: false, code: "rate-limited" });
  // A day later the account is no longer young.
  await t.db
    .update(user)
    .set({ createdAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE) })
    .where(eq(user.id, young.id));
  const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
  expect(
    (await placeOrder(t.services, person, car.id, request, new Date(now.getTime() + 7 * MINUTE)))
      .ok,
  ).toBe(true);
});

describe("report and block", () => {
  const post = (who: Person, id: number, form: Record<string, string>) =>
    callAction(page.action, {
      path: `/dashboard/conversations/${id}`,
      params: { id: String(id) },
      form,
      cookie: who.cookie,
      context: t.context(),
    });

  test("a block closes the conversation; the other side is told only that it is closed", async () => {
    const id = await newConversation();
    expect((await responseOf(() => post(seller, id, { intent: "block" }))).status).toBe(302);
    expect((await open(seller, id)).conversation).toMatchObject({
      closed: "blocked",
      blockedByMe: true,
    });
    expect((await open(buyer, id)).conversation).toMatchObject({
      closed: "closed",
      blockedByMe: false,
    });
    const refused = dataOf<{ result: { error?: Record<string, string[]> } }>(
      await send(buyer, id, "Let me explain"),
    );
    expect(refused.status).toBe(409);
    // The buyer cannot lift the seller's block; the seller can.
    await responseOf(() => post(buyer, id, { intent: "unblock" }));
    expect((await open(buyer, id)).conversation.closed).toBe("closed");
    await responseOf(() => post(seller, id, { intent: "unblock" }));
    expect((await open(buyer, id)).conversation.closed).toBeNull();
    expect((await responseOf(() => send(buyer, id, "Thanks"))).status).toBe(302);
    // A stranger can neither block nor report it.
    expect(dataOf(await post(stranger, id, { intent: "block" })).status).toBe(404);
    expect(dataOf(await post(stranger, id, { intent: "report", reason: "scam" })).status).toBe(404);
  });

  test("a report reaches the admins, who read the conversation only while it is open", async () => {
    const id = await newConversation();
    await responseOf(() => send(seller, id, "Pay the deposit by gift card"));
    expect((await open(buyer, id)).conversation.reported).toBe(false);
    const bad = dataOf<{ result: { error?: Record<string, string[]> } }>(
      await post(buyer, id, { intent: "report", reason: "nonsense" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.reason?.[0]).toBe(CONVERSATION_MESSAGES.reasonRequired);
    const made = await responseOf(() =>
      post(buyer, id, { intent: "report", reason: "scam", details: "Asked for gift cards" }),
    );
    expect(made.status).toBe(302);
    expect((await open(buyer, id)).conversation.reported).toBe(true);
    // Only the one who reported it sees it as reported.
    expect((await open(seller, id)).conversation.reported).toBe(false);

    const admin = await signIn(t, "admin");
    const items = await callLoaderAs(reportedItems.loader, {
      path: "/dashboard/reportedItems",
      cookie: admin.cookie,
      context: t.context(),
    });
    const listed = items.conversations.find((row) => row.id === id);
    expect(listed?.reports).toMatchObject([{ reason: "scam", details: "Asked for gift cards" }]);

    const readAs = (who: Person) =>
      callLoaderAs(reported.loader, {
        path: `/dashboard/reportedItems/conversations/${id}`,
        params: { id: String(id) },
        cookie: who.cookie,
        context: t.context(),
      });
    const read = await readAs(admin);
    expect(read.conversation.messages.map((item) => [item.side, item.body])).toEqual([
      ["seller", "Pay the deposit by gift card"],
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "read_conversation"));
    expect(audited.filter((row) => row.subjectId === String(id))).toHaveLength(1);
    // Not admins: no.
    expect(await thrownStatus(() => readAs(buyer))).toBe(403);

    // An unreported conversation is not readable, even by an admin.
    const other = await newConversation();
    expect(
      await thrownStatus(() =>
        callLoaderAs(reported.loader, {
          path: `/dashboard/reportedItems/conversations/${other}`,
          params: { id: String(other) },
          cookie: admin.cookie,
          context: t.context(),
        }),
      ),
    ).toBe(404);

    // Dismissed: gone from the list and no longer readable; both audited.
    const dismissed = await responseOf(() =>
      callAction(reported.action, {
        path: `/dashboard/reportedItems/conversations/${id}`,
        params: { id: String(id) },
        form: { intent: "dismiss" },
        cookie: admin.cookie,
        context: t.context(),
      }),
    );
    expect(dismissed.status).toBe(302);
    expect(await thrownStatus(() => readAs(admin))).toBe(404);
    const dismissals = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "dismiss_conversation_reports"));
    expect(dismissals.filter((row) => row.subjectId === String(id))).toHaveLength(1);
  });
});
