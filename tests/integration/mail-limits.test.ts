// Nobody can turn Carlot into a mail cannon (issue 23): the flood sequences of the
// hostile-client probe, with the emails counted in the outbox. The clock is a
// parameter, so windows pass without sleeping.
import fs from "node:fs/promises";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { sellerNotification } from "#app/db/schema.ts";
import { requestPasswordReset } from "#app/models/account.server.ts";
import { cancelOrder, placeOrder } from "#app/models/order.server.ts";
import {
  pruneSellerNotifications,
  sendNotificationDigests,
} from "#app/models/seller-notification.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import * as forgotPassword from "#app/routes/auth/forgot-password/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import { clientAddressContext } from "#app/services/app-context.server.ts";
import { LIMITS, passRetryAfter } from "#app/services/rate-limit.server.ts";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, dataOf } from "./helpers.ts";
import { signIn } from "./listing-helpers.ts";

let t: TestEnv;
let categoryId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  categoryId = sedan!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await fs.rm(t.outbox, { recursive: true, force: true });
});

async function mails(): Promise<{ to: string; subject: string }[]> {
  const files = await fs.readdir(t.outbox).catch(() => []);
  return Promise.all(
    files.map(async (file) => {
      const head = (await fs.readFile(path.join(t.outbox, file), "utf8")).split("\n\n")[0] ?? "";
      const header = (name: string) =>
        new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
      return { to: header("To"), subject: header("Subject") };
    }),
  );
}

const to = async (email: string) => (await mails()).filter((mail) => mail.to.includes(email));

// Accounts older than the requests' clocks: the young-account limit has its own test
// (conversations.test.ts).
async function person(role: "buyer" | "seller") {
  const row = await createUser(t.db, { role, createdAt: new Date("2025-01-01T00:00:00Z") });
  return { ...row, role } as unknown as SessionUser & { email: string };
}

const request = {
  buyerName: "Liam Carter",
  buyerPhone: "+1 512 555 0100",
  meetingLocation: "Main St",
};
const form = { intent: "order", ...request };
const MINUTE = 60_000;

describe("contact requests", () => {
  test("a burst of 60 requests: the per-minute limit succeeds, the rest answer 429", async () => {
    const seller = await person("seller");
    const buyer = await signIn(t, "buyer");
    const cars = await Promise.all(
      Array.from({ length: 60 }, () => createListing(t.db, { sellerId: seller.id, categoryId })),
    );
    const answers = await Promise.all(
      cars.map((car) =>
        callAction(detail.action, {
          path: `/dashboard/productDetails/${car.id}?contact`,
          params: { id: String(car.id) },
          form,
          context: t.context(),
          cookie: buyer.cookie,
        }),
      ),
    );
    const placed = answers.filter((answer) => answer instanceof Response && answer.status === 302);
    expect(placed).toHaveLength(LIMITS.ordersPerBuyerPerMinute.max);
    const refused = answers.filter((answer) => !(answer instanceof Response));
    expect(refused).toHaveLength(60 - LIMITS.ordersPerBuyerPerMinute.max);
    for (const answer of refused) {
      const { status, data } = dataOf<{
        result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
      }>(answer);
      expect(status).toBe(429);
      const init = (answer as { init: { headers: Record<string, string> } }).init;
      expect(Number(init.headers["Retry-After"])).toBeGreaterThan(0);
      expect(Number(init.headers["Retry-After"])).toBeLessThanOrEqual(60);
      expect(data.result.error?.[""]?.[0]).toMatch(/try again in a minute/);
      // Nothing typed is lost.
      expect(data.result.initialValue).toEqual(form);
    }
    expect(await to(seller.email)).toHaveLength(LIMITS.ordersPerBuyerPerMinute.max);
  });

  test("the model names the refusal and when to try again, not an HTTP status", async () => {
    const seller = await person("seller");
    const buyer = await person("buyer");
    const now = new Date("2026-03-01T08:00:00Z");
    let last;
    for (let n = 0; n <= LIMITS.ordersPerBuyerPerMinute.max; n++) {
      const car = await createListing(t.db, { sellerId: seller.id, categoryId });
      last = await placeOrder(t.services, buyer, car.id, request, now);
    }
    expect(last).toMatchObject({ ok: false, code: "rate-limited" });
    expect(last).not.toHaveProperty("status");
    if (last?.ok === false && last.code === "rate-limited") {
      expect(last.retryAfterSeconds).toBeGreaterThan(0);
      expect(last.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  test("the route passes Retry-After on to the answer", () => {
    const headers = passRetryAfter({
      actionHeaders: new Headers({ "Retry-After": "42" }),
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
    });
    expect(headers.get("Retry-After")).toBe("42");
    expect(detail.headers).toBe(passRetryAfter);
    expect(forgotPassword.headers).toBe(passRetryAfter);
  });

  test("cancelling and contacting one car again 25 times mails its seller once that day", async () => {
    const seller = await person("seller");
    const buyer = await person("buyer");
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    const start = new Date("2026-03-02T08:00:00Z").getTime();
    for (let round = 0; round < 25; round++) {
      // 4 a minute: under the buyer's limit, so every request is placed.
      const placed = await placeOrder(
        t.services,
        buyer,
        car.id,
        request,
        new Date(start + round * 15_000),
      );
      expect(placed.ok).toBe(true);
      if (placed.ok) expect(await cancelOrder(t.db, buyer.id, placed.orderId)).toBe(true);
    }
    expect(await to(seller.email)).toHaveLength(1);
    // The next day, a new request is news again.
    const nextDay = await placeOrder(
      t.services,
      buyer,
      car.id,
      request,
      new Date(start + 24 * 60 * MINUTE),
    );
    expect(nextDay.ok).toBe(true);
    expect(await to(seller.email)).toHaveLength(2);
  });

  test("many buyers to one seller: capped, then one digest, sent once by concurrent runs", async () => {
    const seller = await person("seller");
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    const cap = LIMITS.sellerNotificationsPerHour.max;
    const now = new Date("2026-03-03T08:00:00Z");
    for (let n = 0; n < cap + 5; n++) {
      const placed = await placeOrder(t.services, await person("buyer"), car.id, request, now);
      expect(placed.ok).toBe(true);
    }
    expect(await to(seller.email)).toHaveLength(cap);
    // Not due before the seller's hour is over.
    expect(await sendNotificationDigests(t.services, new Date(now.getTime() + 30 * MINUTE))).toBe(
      0,
    );
    const later = new Date(now.getTime() + 61 * MINUTE);
    const runs = await Promise.all([
      sendNotificationDigests(t.services, later),
      sendNotificationDigests(t.services, later),
    ]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const digests = (await to(seller.email)).filter((mail) =>
      mail.subject.includes("5 more people"),
    );
    expect(digests).toHaveLength(1);
    expect(await to(seller.email)).toHaveLength(cap + 1);
    // Nothing is left waiting.
    expect(await sendNotificationDigests(t.services, later)).toBe(0);
    const rows = await t.db.select().from(sellerNotification);
    expect(rows.filter((row) => row.sellerId === seller.id && row.sentAt === null)).toHaveLength(0);
    // Two days on, the sent rows are forgotten.
    await pruneSellerNotifications(t.db, new Date(now.getTime() + 3 * 24 * 60 * MINUTE));
    const left = await t.db.select().from(sellerNotification);
    expect(left.filter((row) => row.sellerId === seller.id)).toHaveLength(0);
  });
});

describe("password reset", () => {
  test("strangers asking ten times cannot hold the owner's reset off", async () => {
    const owner = await createUser(t.db, { email: `owner-${Date.now()}@reset.example` });
    const start = Date.now();
    for (let n = 0; n < 10; n++) {
      const outcome = await requestPasswordReset(t.services, {
        email: owner.email,
        clientAddress: `203.0.113.${n + 1}`,
        now: start + n * 1000,
      });
      expect(outcome.ok).toBe(true);
    }
    // One email reached the owner: the first stranger's.
    expect(await to(owner.email)).toHaveLength(1);
    const own = await requestPasswordReset(t.services, {
      email: owner.email,
      clientAddress: "198.51.100.7",
      now: start + 11_000,
    });
    expect(own).toEqual({ ok: true });
    // Once the short window has passed, the owner's request brings an email.
    const later = await requestPasswordReset(t.services, {
      email: owner.email,
      clientAddress: "198.51.100.7",
      now: start + 5 * MINUTE + 12_000,
    });
    expect(later).toEqual({ ok: true });
    expect(await to(owner.email)).toHaveLength(2);
  });

  test("the page limits one address, with Retry-After", async () => {
    const answers = [];
    for (let n = 0; n < LIMITS.resetPerAddress.max + 1; n++) {
      const context = t.context();
      context.set(clientAddressContext, "192.0.2.99");
      answers.push(
        await callAction(forgotPassword.action, {
          path: "/forgot-password",
          form: { email: `someone-${n}@reset.example` },
          context,
        }),
      );
    }
    const last = answers.at(-1) as { init: { status: number; headers: Record<string, string> } };
    expect(last.init.status).toBe(429);
    expect(Number(last.init.headers["Retry-After"])).toBeGreaterThan(0);
  });
});
