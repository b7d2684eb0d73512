// The language switcher's action (decision 020): it keeps the choice in the `lang`
// cookie and on the chooser's own account, goes back to the same page, and refuses
// what is not one of our languages with a message.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { user } from "#app/db/schema.ts";
import * as language from "#app/routes/resources/language/route.tsx";
import { createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, dataOf, responseOf } from "./helpers.ts";
import { signIn } from "./listing-helpers.ts";

let t: TestEnv;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const languageOf = async (id: string) =>
  (await t.db.select({ language: user.language }).from(user).where(eq(user.id, id)))[0]?.language;

const choose = (form: Record<string, string>, cookie?: string) =>
  callAction(language.action, { path: "/language", form, context: t.context(), cookie });

test("a visitor's choice is a cookie, and they go back to the same page and filters", async () => {
  const response = await responseOf(() =>
    choose({ language: "ar", redirectTo: "/products/allProducts?fuel=Petrol&sort=price-asc" }),
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/products/allProducts?fuel=Petrol&sort=price-asc");
  const cookie = response.headers.get("Set-Cookie") ?? "";
  expect(cookie).toMatch(/^lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
});

test("a signed-in person's choice is saved on their account only", async () => {
  const someoneElse = await createUser(t.db, { name: "Someone Else" });
  const buyer = await signIn(t, "buyer");
  await responseOf(() => choose({ language: "es", redirectTo: "/dashboard" }, buyer.cookie));
  expect(await languageOf(buyer.id)).toBe("es");
  expect(await languageOf(someoneElse.id)).toBeNull();
});

test("another site's address is not followed", async () => {
  const response = await responseOf(() =>
    choose({ language: "es", redirectTo: "https://evil.example/" }),
  );
  expect(response.headers.get("Location")).toBe("/");
});

test("anything but one of our languages gets a message and changes nothing", async () => {
  const buyer = await signIn(t, "buyer");
  for (const value of ["fr", "", "en-XA", "es\u0000", "x".repeat(5000)]) {
    const answer = dataOf<{ error: string }>(
      await choose({ language: value, redirectTo: "/" }, buyer.cookie),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.error).toBe("Choose one of the languages.");
  }
  expect(await languageOf(buyer.id)).toBeNull();
});
