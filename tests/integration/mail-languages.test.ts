// Emails in their recipient's language (issue 26, decision 020): the language saved on
// the recipient's account, else the site's default language. English emails are
// checked word for word by the other tests; these check Spanish and Arabic.
import fs from "node:fs/promises";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { user } from "#app/db/schema.ts";
import { requestPasswordReset } from "#app/models/account.server.ts";
import { sendListingReminders } from "#app/models/listing-manage.server.ts";
import { placeOrder } from "#app/models/order.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import {
  changeSiteSettings,
  createCategories,
  createListing,
  createUser,
} from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

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

type Mail = { to: string; subject: string; text: string };

/** MIME encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) back to text. */
function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, "?==?");
  return joined.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, text = ""]) =>
      kind!.toLowerCase() === "b"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            "latin1",
          ),
    );
    return Buffer.concat(bytes).toString("utf8");
  });
}

/** The outbox's emails, oldest first: headers unfolded and decoded, the body as text. */
async function outbox(): Promise<Mail[]> {
  const names = (await fs.readdir(t.outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await fs.readFile(path.join(t.outbox, name), "utf8");
      const at = raw.indexOf("\n\n");
      const head = raw.slice(0, at).replace(/\n[ \t]+/g, " ");
      const header = (field: string) =>
        decodeWords(new RegExp(`^${field}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "");
      const body = raw.slice(at + 2);
      const encoding = header("Content-Transfer-Encoding").toLowerCase();
      const text =
        encoding === "base64"
          ? Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8")
          : encoding === "quoted-printable"
            ? Buffer.from(
                body
                  .replace(/=\n/g, "")
                  .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
                    String.fromCharCode(parseInt(hex, 16)),
                  ),
                "latin1",
              ).toString("utf8")
            : body;
      return { to: header("To"), subject: header("Subject"), text };
    }),
  );
}

const sentTo = async (email: string) => {
  const found = (await outbox()).filter((mail) => mail.to.includes(email));
  expect(found).toHaveLength(1);
  return found[0]!;
};

const request = {
  buyerName: "Liam Carter",
  buyerPhone: "+1 512 555 0100",
  meetingLocation: "Main St",
};

describe("emails speak their recipient's language", () => {
  test("a contact request: the seller reads Spanish, the buyer's copy is in Arabic", async () => {
    const seller = await createUser(t.db, { role: "seller", name: "Ana", language: "es" });
    const buyer = await createUser(t.db, {
      role: "buyer",
      name: "Layla",
      language: "ar",
      emailVerified: true,
    });
    const car = await createListing(t.db, { sellerId: seller.id, categoryId, title: "Blue Civic" });
    const placed = await placeOrder(
      t.services,
      { ...buyer, role: "buyer" } as unknown as SessionUser,
      car.id,
      request,
    );
    expect(placed.ok).toBe(true);

    const toSeller = await sentTo(seller.email);
    expect(toSeller.subject).toBe("Liam Carter quiere ver tu Blue Civic");
    expect(toSeller.text).toContain("Hola, Ana:");
    expect(toSeller.text).toContain(
      "A Liam Carter le gustaría ver tu Blue Civic y te pidió que te pongas en contacto:",
    );
    // The details stay lined up after the longest label.
    const details = toSeller.text.split("\n").filter((line) => /^ {2}\S/.test(line));
    expect(details).toEqual([
      `  Nombre:                Liam Carter`,
      `  Correo:                ${buyer.email}`,
      `  Teléfono:              +1 512 555 0100`,
      `  Lugar de encuentro:    Main St`,
    ]);
    expect(toSeller.text).not.toContain("Hello");

    const toBuyer = await sentTo(buyer.email);
    expect(toBuyer.subject).toBe("أُرسل طلبك بشأن السيارة Blue Civic");
    expect(toBuyer.text).toContain("مرحبًا Liam Carter،");
    expect(toBuyer.text).toContain("أرسلنا طلبك بشأن السيارة Blue Civic");
    expect(toBuyer.text).toContain("مكان اللقاء:");
    expect(toBuyer.text).not.toContain("Hello");
  });

  test("a password reset email is in the account's saved language (Arabic)", async () => {
    const email = `reset-${Date.now()}@languages.example`;
    const id = await createUserWithPassword(t.db, {
      name: "Omar",
      email,
      password: "a-good-password",
      role: "buyer",
    });
    await t.db.update(user).set({ language: "ar" }).where(eq(user.id, id));
    const answer = await requestPasswordReset(t.services, { email, clientAddress: "192.0.2.1" });
    expect(answer).toEqual({ ok: true });

    const mail = await sentTo(email);
    expect(mail.subject).toBe("أعد تعيين كلمة مرورك في Carlot");
    expect(mail.text).toContain("مرحبًا Omar،");
    expect(mail.text).toContain(
      "طلب أحدهم (نأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في Carlot.",
    );
    expect(mail.text).toContain("http://localhost:3000/");
  });

  test("without a saved language, the site's default: a reminder in Spanish, its dates too", async () => {
    await changeSiteSettings(t.db, { language: "es", freshDays: 30 });
    try {
      const seller = await createUser(t.db, { role: "seller", name: "Sam", language: null });
      await createListing(t.db, {
        sellerId: seller.id,
        categoryId,
        title: "2019 Mazda 3",
        confirmedAt: new Date(Date.UTC(2026, 2, 3)),
      });
      expect(await sendListingReminders(t.services, new Date(Date.UTC(2026, 2, 28)))).toBe(1);

      const mail = await sentTo(seller.email);
      expect(mail.subject).toBe("¿Tu 2019 Mazda 3 sigue en venta?");
      expect(mail.text).toContain("Hola, Sam:");
      expect(mail.text).toContain(
        "Confirmaste por última vez que tu 2019 Mazda 3 está en venta el 3 de marzo de 2026.",
      );
      expect(mail.text).toContain("a más tardar el 2 de abril de 2026");
    } finally {
      await changeSiteSettings(t.db, { language: "en", freshDays: 60 });
    }
  });
});
