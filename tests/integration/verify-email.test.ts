// Email verification (decision 018): the link at registration, the landing page's
// outcomes, "Send the link again" and its limit, and the buyer's copy of a contact
// request that waits for the verification and goes exactly once.
import fs from "node:fs/promises";
import path from "node:path";

import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { category, heldMail, order, rateLimit, user } from "#app/db/schema.ts";
import { deliverHeldMail, HELD_MAIL_LEASE_MS, holdMail } from "#app/models/held-mail.server.ts";
import { cancelOrder } from "#app/models/order.server.ts";
import { createOrPromoteAdmin } from "#app/models/user.server.ts";
import * as register from "#app/routes/auth/register/route.tsx";
import * as verifyEmail from "#app/routes/auth/verify-email/route.tsx";
import * as detail from "#app/routes/products/detail/route.tsx";
import { createAppContext } from "#app/services/app-context.server.ts";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, callLoaderAs, cookieFrom, dataOf, responseOf } from "./helpers.ts";

let t: TestEnv;
let photo: File;
let people = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  const jpeg = await sharp({
    create: { width: 200, height: 200, channels: 3, background: "#996633" },
  })
    .jpeg()
    .toBuffer();
  photo = new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await fs.rm(t.outbox, { recursive: true, force: true });
  await t.db.delete(rateLimit);
});

type Mail = { to: string; subject: string; text: string };

/** The messages in the outbox, oldest first, with quoted-printable undone. */
async function outbox(): Promise<Mail[]> {
  const files = (await fs.readdir(t.outbox).catch(() => [])).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(t.outbox, file), "utf8");
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      return {
        to: /^To: (.+)$/m.exec(text)?.[1] ?? "",
        subject: /^Subject: (.+)$/m.exec(text)?.[1] ?? "",
        text,
      };
    }),
  );
}

const linkIn = (mail: Mail) =>
  /http:\/\/localhost:3000(\/verify-email\?token=[\w.%-]+)/.exec(mail.text)?.[1] ?? null;

async function registerBuyer(): Promise<{ email: string; cookie: string; id: string }> {
  const email = `new-${++people}@verify.example`;
  const response = await responseOf(() =>
    callAction(register.action, {
      path: "/register",
      form: { name: `New Person ${people}`, email, password: "a-good-password", image: photo },
      context: createAppContext(t.services, { clientAddress: `198.51.100.${people}` }),
    }),
  );
  expect(response.status).toBe(302);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { email, cookie: cookieFrom(response), id: row!.id };
}

/** Opens a verification link; answers the result the landing page shows. */
async function open(link: string, cookie?: string): Promise<string | null> {
  const response = await responseOf(() =>
    callLoaderAs(verifyEmail.loader, { path: link, cookie, context: t.context() }),
  );
  expect(response.status).toBe(302);
  const landing = new URL(response.headers.get("Location")!, "http://localhost:3000");
  expect(landing.pathname).toBe("/verify-email");
  return landing.searchParams.get("result");
}

const isVerified = async (id: string) =>
  (await t.db.select({ v: user.emailVerified }).from(user).where(eq(user.id, id)))[0]?.v;

const secret = async () => (await t.services.auth.$context).secret;

describe("the link at registration", () => {
  test("registering sends exactly one verification email; the link verifies once", async () => {
    const person = await registerBuyer();
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: person.email,
      subject: "Confirm your email address for Carlot",
    });
    const link = linkIn(mails[0]!);
    expect(link).toBeTruthy();
    expect(await isVerified(person.id)).toBe(false);

    // The banner's data: the signed-in person is not verified yet.
    const before = await callLoaderAs(verifyEmail.loader, {
      path: "/verify-email",
      cookie: person.cookie,
      context: t.context(),
    });
    expect(before.viewer).toEqual({ email: person.email, emailVerified: false });

    expect(await open(link!)).toBe("verified");
    expect(await isVerified(person.id)).toBe(true);
    // Opening it again changes nothing and says so; opening it signs nobody in.
    expect(await open(link!)).toBe("used");
    const page = await callLoaderAs(verifyEmail.loader, {
      path: "/verify-email?result=used",
      context: t.context(),
    });
    expect(page).toEqual({ result: "used", viewer: null, words: expect.anything() });
    const after = await callLoaderAs(verifyEmail.loader, {
      path: "/verify-email",
      cookie: person.cookie,
      context: t.context(),
    });
    expect(after.viewer).toEqual({ email: person.email, emailVerified: true });
  });

  test("expired, forged and broken links answer clearly and verify nothing", async () => {
    const person = await registerBuyer();
    const expired = await createEmailVerificationToken(
      await secret(),
      person.email,
      undefined,
      -60,
    );
    expect(await open(`/verify-email?token=${expired}`)).toBe("expired");
    const forged = await createEmailVerificationToken(
      "another-secret-another-secret-another-secret",
      person.email,
    );
    expect(await open(`/verify-email?token=${forged}`)).toBe("invalid");
    expect(await open("/verify-email?token=not-a-token")).toBe("invalid");
    expect(await open("/verify-email?token=")).toBe("invalid");
    expect(await isVerified(person.id)).toBe(false);
    // An unknown result in the address is ignored.
    const page = await callLoaderAs(verifyEmail.loader, {
      path: "/verify-email?result=<b>",
      context: t.context(),
    });
    expect(page.result).toBeNull();
  });
});

describe("send the link again", () => {
  test("three links an hour, then 429 with Retry-After and when to try again", async () => {
    const person = await registerBuyer();
    await fs.rm(t.outbox, { recursive: true, force: true });
    const resend = () =>
      callAction(verifyEmail.action, {
        path: "/verify-email",
        form: { intent: "resend", redirectTo: "/products" },
        cookie: person.cookie,
        context: t.context(),
      });
    for (let i = 0; i < 3; i++) {
      const response = await responseOf(resend);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/products");
    }
    const refused = await resend();
    const init = (refused as { init?: ResponseInit }).init ?? {};
    expect(init.status).toBe(429);
    const retryAfter = Number(new Headers(init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(dataOf<{ formError: string }>(refused).data.formError).toBe(
      "We have sent you several links already. Please wait 60 minutes before asking for another one.",
    );
    const mails = await outbox();
    expect(mails).toHaveLength(3);
    // Every one of them works (the newest is as good as the first).
    expect(await open(linkIn(mails[2]!)!)).toBe("verified");
  });

  test("a visitor is sent to log in; a verified person gets no email", async () => {
    const visitor = await responseOf(() =>
      callAction(verifyEmail.action, {
        path: "/verify-email",
        form: { intent: "resend" },
        context: t.context(),
      }),
    );
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fverify-email");
    const person = await registerBuyer();
    await open(linkIn((await outbox())[0]!)!);
    await fs.rm(t.outbox, { recursive: true, force: true });
    const done = await responseOf(() =>
      callAction(verifyEmail.action, {
        path: "/verify-email",
        form: { intent: "resend", redirectTo: "https://evil.example/" },
        cookie: person.cookie,
        context: t.context(),
      }),
    );
    expect(done.headers.get("Location")).toBe("/verify-email");
    expect(await outbox()).toHaveLength(0);
  });
});

describe("the buyer's copy of a contact request", () => {
  /**
   * A verified seller's car and a newly registered (unverified) buyer, whose
   * confirmation link is taken from the outbox before the buyer contacts the seller.
   */
  async function newBuyerContactsSeller(request: {
    buyerName: string;
    meetingLocation: string;
    buyerPhone: string;
  }) {
    const [sedan] = await t.db.select().from(category).limit(1);
    const categoryId = sedan?.id ?? (await createCategories(t.db))[0]!.id;
    const seller = await createUser(t.db, { role: "seller", emailVerified: true });
    const car = await createListing(t.db, { sellerId: seller.id, categoryId });
    const buyer = await registerBuyer();
    const link = linkIn((await outbox())[0]!)!;
    await fs.rm(t.outbox, { recursive: true, force: true });
    const placed = await responseOf(() =>
      callAction(detail.action, {
        path: `/dashboard/productDetails/${car.id}?contact`,
        params: { id: String(car.id) },
        form: { intent: "order", ...request },
        cookie: buyer.cookie,
        context: t.context(),
      }),
    );
    return { seller, car, buyer, link, placed };
  }

  test("waits for the verification and is sent exactly once", async () => {
    const { seller, car, buyer, link, placed } = await newBuyerContactsSeller({
      buyerName: "Liam Carter",
      meetingLocation: "Central Station car park",
      buyerPhone: "+1 (512) 555-0100",
    });
    expect(placed.status).toBe(302);
    // The seller is told as before; the copy to the unverified buyer waits.
    const first = await outbox();
    expect(first.map((mail) => mail.to)).toEqual([seller.email]);
    expect(await t.db.select().from(heldMail).where(eq(heldMail.userId, buyer.id))).toHaveLength(1);

    expect(await open(link)).toBe("verified");
    const second = await outbox();
    expect(second.map((mail) => mail.to).sort()).toEqual([buyer.email, seller.email].sort());
    const copy = second.find((mail) => mail.to === buyer.email)!;
    expect(copy.subject).toBe(`Your request for the ${car.title} was sent`);
    expect(copy.text).toContain("Central Station car park");
    expect(await t.db.select().from(heldMail).where(eq(heldMail.userId, buyer.id))).toHaveLength(0);

    // Opening the link again, or any number of releases at once, sends nothing more.
    expect(await open(link)).toBe("used");
    await Promise.all(
      Array.from({ length: 5 }, () => deliverHeldMail(t.services, { userId: buyer.id })),
    );
    expect(await outbox()).toHaveLength(2);
  });

  test("is dropped when the request is cancelled before the verification", async () => {
    const { seller, buyer, link, placed } = await newBuyerContactsSeller({
      buyerName: "Mia Ross",
      meetingLocation: "The library",
      buyerPhone: "+1 (512) 555-0101",
    });
    expect(placed.status).toBe(302);
    const [request] = await t.db.select().from(order).where(eq(order.buyerId, buyer.id));
    expect(await t.db.select().from(heldMail).where(eq(heldMail.userId, buyer.id))).toHaveLength(1);
    expect(await cancelOrder(t.db, buyer.id, request!.id)).toBe(true);
    expect(await t.db.select().from(heldMail).where(eq(heldMail.userId, buyer.id))).toHaveLength(0);
    expect(await open(link)).toBe("verified");
    expect((await outbox()).map((mail) => mail.to)).toEqual([seller.email]);
  });

  test("releases racing each other send each held email once", async () => {
    const person = await createUser(t.db, { role: "buyer", emailVerified: false });
    for (let i = 0; i < 4; i++) {
      await holdMail(t.db, {
        userId: person.id,
        onBehalf: true,
        mail: { subject: `Held ${i}`, text: "Body" },
      });
    }
    expect(await outbox()).toHaveLength(0);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, person.id));
    const sent = await Promise.all(
      Array.from({ length: 6 }, () => deliverHeldMail(t.services, { userId: person.id })),
    );
    expect(sent.reduce((a, b) => a + b, 0)).toBe(4);
    const mails = await outbox();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "Held 0",
      "Held 1",
      "Held 2",
      "Held 3",
    ]);
  });

  test("a sender that died after sending is repeated after its lease, as one message", async () => {
    const person = await createUser(t.db, { role: "buyer", emailVerified: true });
    await holdMail(t.db, {
      userId: person.id,
      onBehalf: true,
      mail: { subject: "Sent, then the process died", text: "Body" },
    });
    // The first sender leases the row, sends, and dies before deleting it.
    const [row] = await t.db.select().from(heldMail).where(eq(heldMail.userId, person.id));
    const dying = {
      ...t.services,
      mailer: {
        ...t.services.mailer,
        async send(mail: Parameters<typeof t.services.mailer.send>[0]) {
          await t.services.mailer.send(mail);
          throw new Error("killed before the delete");
        },
      },
    };
    const start = Date.now();
    expect(await deliverHeldMail(dying, { userId: person.id }, () => new Date(start))).toBe(0);
    // Simulates the crash: the lease stays as the sender left it.
    await t.db
      .update(heldMail)
      .set({ claimedUntil: new Date(start + HELD_MAIL_LEASE_MS) })
      .where(eq(heldMail.id, row!.id));
    // Within the lease no one else sends it; after it, the sweep does, under the same key.
    expect(
      await deliverHeldMail(t.services, {}, () => new Date(start + HELD_MAIL_LEASE_MS - 1000)),
    ).toBe(0);
    expect(
      await deliverHeldMail(t.services, {}, () => new Date(start + HELD_MAIL_LEASE_MS + 1)),
    ).toBe(1);
    const mails = await outbox();
    expect(mails.map((mail) => mail.subject)).toEqual(["Sent, then the process died"]);
    expect(await t.db.select().from(heldMail).where(eq(heldMail.userId, person.id))).toHaveLength(
      0,
    );
  });

  test("a run leases ten emails at a time, and a failed send gives back the rest", async () => {
    const person = await createUser(t.db, { role: "buyer", emailVerified: true });
    for (let i = 0; i < 25; i++) {
      await holdMail(t.db, {
        userId: person.id,
        onBehalf: false,
        mail: { subject: `Batch ${i}`, text: "Body" },
      });
    }
    const leased = async () =>
      (await t.db.select().from(heldMail).where(eq(heldMail.userId, person.id))).filter(
        (row) => row.claimedUntil !== null,
      ).length;
    // The mail server takes the first two and fails on the third, once the lease is read.
    let sends = 0;
    let leasedWhileSending = -1;
    const flaky = {
      ...t.services,
      mailer: {
        ...t.services.mailer,
        async send(mail: Parameters<typeof t.services.mailer.send>[0]) {
          sends++;
          if (sends === 1) leasedWhileSending = await leased();
          if (sends === 3) throw new Error("SMTP went away");
          await t.services.mailer.send(mail);
        },
      },
    };
    expect(await deliverHeldMail(flaky, { userId: person.id })).toBe(2);
    expect(leasedWhileSending).toBe(10);
    // The failed one and the seven after it are free for the next run, oldest first.
    expect(await leased()).toBe(0);
    expect(await deliverHeldMail(t.services, { userId: person.id })).toBe(23);
    const subjects = (await outbox()).map((mail) => mail.subject);
    expect(subjects).toHaveLength(25);
    expect(new Set(subjects).size).toBe(25);
  });

  test("a send that fails keeps the email for the next run", async () => {
    const person = await createUser(t.db, { role: "seller", emailVerified: false });
    await holdMail(t.db, {
      userId: person.id,
      onBehalf: false,
      mail: { subject: "Not on anyone's behalf", text: "Body" },
    });
    const broken = {
      ...t.services,
      mailer: { ...t.services.mailer, send: () => Promise.reject(new Error("SMTP is down")) },
    };
    expect(await deliverHeldMail(broken, { userId: person.id })).toBe(0);
    expect(await outbox()).toHaveLength(0);
    // Not waiting for a verification: it goes out although the address is unverified.
    expect(await deliverHeldMail(t.services, { userId: person.id })).toBe(1);
    expect((await outbox()).map((mail) => mail.to)).toEqual([person.email]);
  });
});

test("accounts made by create-admin are verified", async () => {
  const { id } = await createOrPromoteAdmin(t.db, {
    email: "boss@verify.example",
    password: "boss-password-1",
    name: "Boss",
  });
  expect(await isVerified(id)).toBe(true);
});

test("migration 0013 counts accounts made before it as verified", async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create();
  const folder = path.resolve(import.meta.dirname, "../../drizzle");
  const files = (await fs.readdir(folder)).filter((file) => file.endsWith(".sql")).sort();
  const run = async (file: string) => {
    const sql = await fs.readFile(path.join(folder, file), "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  };
  try {
    for (const file of files.filter((name) => name < "0013")) await run(file);
    await db.exec(
      `insert into "user" (id, name, email, role) values ('old', 'Old Timer', 'old@example.com', 'buyer')`,
    );
    await run(files.find((name) => name.startsWith("0013"))!);
    const result = await db.query<{ email_verified: boolean }>(
      `select email_verified from "user" where id = 'old'`,
    );
    expect(result.rows).toEqual([{ email_verified: true }]);
  } finally {
    await db.close();
  }
}, 60_000);
