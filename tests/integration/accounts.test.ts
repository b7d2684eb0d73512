import fs from "node:fs/promises";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { rateLimit, user } from "#app/db/schema.ts";
import { SIGN_IN_SLOWDOWN_MS } from "#app/models/account.server.ts";
import { ACCOUNT_ERRORS } from "#app/models/account.ts";
import { createOrPromoteAdmin, createUserWithPassword } from "#app/models/user.server.ts";
import * as forgotPassword from "#app/routes/auth/forgot-password/route.tsx";
import * as login from "#app/routes/auth/login/route.tsx";
import * as logout from "#app/routes/auth/logout/route.tsx";
import * as register from "#app/routes/auth/register/route.tsx";
import * as resetPassword from "#app/routes/auth/reset-password/route.tsx";
import { createAppContext } from "#app/services/app-context.server.ts";
import { getSessionUser } from "#app/services/session.server.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, callLoaderAs, cookieFrom, dataOf, responseOf } from "./helpers.ts";

let t: TestEnv;
let photo: File;

type FormReply = { result: { status?: string; error?: Record<string, string[] | null> | null } };

beforeAll(async () => {
  t = await createTestDatabase();
  const jpeg = await sharp({
    create: { width: 300, height: 300, channels: 3, background: "#336699" },
  })
    .jpeg()
    .toBuffer();
  photo = new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(rateLimit);
});

/** A context whose requests come from `address`. */
const from = (address: string) => createAppContext(t.services, { clientAddress: address });

/** Status and headers of an action's data(…, init) answer. */
function dataWithHeaders(value: unknown): { status: number; headers: Headers } {
  const init = (value as { init?: ResponseInit | null }).init ?? {};
  return { status: init.status ?? 200, headers: new Headers(init.headers) };
}

const errorsOf = (value: unknown) => dataOf<FormReply>(value).data.result.error ?? {};

async function signInCookie(email: string, password: string): Promise<string> {
  const response = await responseOf(() =>
    callAction(login.action, { path: "/login", form: { email, password }, context: t.context() }),
  );
  expect(response.status).toBe(302);
  return cookieFrom(response);
}

async function whoIs(cookie: string) {
  return getSessionUser(
    t.context(),
    new Request("http://localhost:3000/", { headers: { cookie } }),
  );
}

describe("register", () => {
  test("every empty field gets the spec's message", async () => {
    const result = await callAction(register.action, {
      path: "/register",
      form: { name: "", email: "", password: "" },
      context: t.context(),
    });
    expect(dataOf(result).status).toBe(400);
    const errors = errorsOf(result);
    expect(errors.name).toEqual(["Name is required"]);
    expect(errors.image).toEqual(["image is required"]);
    expect(errors.email).toEqual(["Email is required"]);
    expect(errors.password).toEqual(["Password is required"]);
  });

  test("a seller registers with a photo, is signed in and sent back with a toast", async () => {
    const response = await responseOf(() =>
      callAction(register.action, {
        path: "/register",
        form: {
          name: "Nora Byers",
          email: "Nora@Example.com",
          password: "a-good-password",
          accountType: "seller",
          image: photo,
          redirectTo: "/dashboard/sellCar",
        },
        context: t.context(),
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/sellCar");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/carlot\.session_token=[^;]+;.*HttpOnly/i);
    expect(cookies).toMatch(/SameSite=Lax/i);
    expect(cookies).toContain("carlot_toast=");
    const viewer = await whoIs(cookieFrom(response));
    expect(viewer).toMatchObject({
      name: "Nora Byers",
      email: "nora@example.com",
      role: "seller",
      verified: false,
    });
    // The photo was re-encoded into our storage.
    expect(viewer?.image).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const stored = await fs.readFile(
      path.join(t.outbox, "..", viewer!.image!.replace("/media/", "")),
    );
    expect((await sharp(stored).metadata()).format).toBe("webp");
  });

  test("a taken email is refused, whatever its case", async () => {
    await createUserWithPassword(t.db, {
      name: "Taken",
      email: "taken@example.com",
      password: "password-1",
      role: "buyer",
    });
    const result = await callAction(register.action, {
      path: "/register",
      form: { name: "Other", email: "TAKEN@example.com", password: "password-2", image: photo },
      context: t.context(),
    });
    expect(errorsOf(result)[""]).toEqual([ACCOUNT_ERRORS.emailInUse]);
    expect(errorsOf(result).email).toEqual([ACCOUNT_ERRORS.emailInUse]);
  });

  test("20 registrations with one email at once: one account, 19 'already exists'", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        responseOf(async () => {
          const result = await callAction(register.action, {
            path: "/register",
            form: {
              name: `Racer ${i}`,
              email: i % 2 ? "Racer@example.com" : "racer@example.com",
              password: "a-good-password",
              image: photo,
            },
            context: from(`192.0.2.${i + 1}`),
          });
          if (result instanceof Response) return result;
          return new Response(JSON.stringify(errorsOf(result)), {
            status: dataOf(result).status,
          });
        }),
      ),
    );
    expect(results.filter((response) => response.status === 302)).toHaveLength(1);
    const refused = await Promise.all(
      results.filter((response) => response.status !== 302).map((response) => response.json()),
    );
    expect(refused).toHaveLength(19);
    for (const errors of refused) {
      expect(errors).toMatchObject({ "": [ACCOUNT_ERRORS.emailInUse] });
    }
    const [{ accounts } = { accounts: -1 }] = await t.db
      .select({ accounts: sql<number>`count(*)::int` })
      .from(user)
      .where(sql`lower(${user.email}) = 'racer@example.com'`);
    expect(accounts).toBe(1);
    // Only the account that was made gets a verification email.
    const mails = await Promise.all(
      (await fs.readdir(t.outbox)).map((file) => fs.readFile(path.join(t.outbox, file), "utf8")),
    );
    expect(mails.filter((mail) => mail.includes("To: racer@example.com"))).toHaveLength(1);
    // No error-level line: fail-on-console fails the test on one.
  });

  test("too many sign-ups from one address answer 429 with Retry-After", async () => {
    const attempt = () =>
      callAction(register.action, {
        path: "/register",
        form: { name: "Again", email: "taken@example.com", password: "password-2", image: photo },
        context: from("192.0.2.60"),
      });
    for (let i = 0; i < 10; i++) expect(dataOf(await attempt()).status).toBe(400);
    const limited = dataWithHeaders(await attempt());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("Admin cannot be chosen as the account type", async () => {
    const result = await callAction(register.action, {
      path: "/register",
      form: {
        name: "Mallory",
        email: "mallory@example.com",
        password: "password-3",
        accountType: "admin",
        image: photo,
      },
      context: t.context(),
    });
    expect(errorsOf(result).accountType).toEqual(["Choose Buyer/User or Seller"]);
    const [row] = await t.db.select().from(user).where(eq(user.email, "mallory@example.com"));
    expect(row).toBeUndefined();
  });

  test("SVG and files that are not photos are refused with a clear message", async () => {
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'],
      "me.jpg",
      {
        type: "image/jpeg",
      },
    );
    const svgResult = await callAction(register.action, {
      path: "/register",
      form: { name: "Svg", email: "svg@example.com", password: "password-4", image: svg },
      context: t.context(),
    });
    expect(errorsOf(svgResult).image?.[0]).toMatch(/SVG drawings are not accepted/);
    const text = new File(["just some text"], "photo.png", { type: "image/png" });
    const textResult = await callAction(register.action, {
      path: "/register",
      form: { name: "Text", email: "text@example.com", password: "password-5", image: text },
      context: t.context(),
    });
    expect(errorsOf(textResult).image?.[0]).toMatch(/not a photo we can read/);
    // A real JPEG header over a cut-off body.
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#123456" },
    })
      .jpeg()
      .toBuffer();
    const cut = new File(
      [new Uint8Array(jpeg.subarray(0, Math.floor(jpeg.length / 3)))],
      "cut.jpg",
      {
        type: "image/jpeg",
      },
    );
    const cutResult = await callAction(register.action, {
      path: "/register",
      form: { name: "Cut", email: "cut@example.com", password: "password-6", image: cut },
      context: t.context(),
    });
    expect(errorsOf(cutResult).image?.[0]).toMatch(/looks damaged|not a photo we can read/);
  });
});

describe("log in and out", () => {
  beforeAll(async () => {
    await createUserWithPassword(t.db, {
      name: "Liam",
      email: "liam@example.com",
      password: "liam-password",
      role: "buyer",
    });
  });

  test("the spec's messages for empty fields", async () => {
    const result = await callAction(login.action, {
      path: "/login",
      form: { email: "", password: "" },
      context: t.context(),
    });
    expect(errorsOf(result).email).toEqual(["Email is required"]);
    expect(errorsOf(result).password).toEqual(["Password is required"]);
  });

  test("a wrong password and an unknown email get the same message", async () => {
    for (const form of [
      { email: "liam@example.com", password: "not-his-password" },
      { email: "nobody@example.com", password: "whatever-1" },
    ]) {
      const result = await callAction(login.action, { path: "/login", form, context: t.context() });
      expect(errorsOf(result)[""]).toEqual([ACCOUNT_ERRORS.wrongCredentials]);
    }
  });

  test("signing in rotates the session, goes back to the origin, and signing out ends it", async () => {
    const first = await signInCookie("liam@example.com", "liam-password");
    const response = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: {
          email: "liam@example.com",
          password: "liam-password",
          redirectTo: "/dashboard/myorders",
        },
        context: t.context(),
        // Signing in again while presenting the current session cookie gets a new one.
        cookie: first,
      }),
    );
    expect(response.headers.get("Location")).toBe("/dashboard/myorders");
    const second = cookieFrom(response);
    expect(second).not.toBe(first);
    expect((await whoIs(second))?.email).toBe("liam@example.com");

    const out = await responseOf(() =>
      callAction(logout.action, {
        path: "/logout",
        form: {},
        context: t.context(),
        cookie: second,
      }),
    );
    expect(out.status).toBe(302);
    expect(await whoIs(second)).toBeNull();
    // The other session was separate and still works.
    expect((await whoIs(first))?.email).toBe("liam@example.com");
  });

  test("a redirectTo that leaves the site is ignored", async () => {
    const response = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: {
          email: "liam@example.com",
          password: "liam-password",
          redirectTo: "//evil.example/steal",
        },
        context: t.context(),
      }),
    );
    expect(response.headers.get("Location")).toBe("/");
  });

  test("too many attempts are refused, and allowed again once the window has passed", async () => {
    for (let i = 0; i < 5; i++) {
      await callAction(login.action, {
        path: "/login",
        form: { email: "liam@example.com", password: `wrong-${i}-password` },
        context: t.context(),
      });
    }
    const blocked = await callAction(login.action, {
      path: "/login",
      form: { email: "liam@example.com", password: "liam-password" },
      context: t.context(),
    });
    expect(errorsOf(blocked)[""]?.[0]).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );

    // Fifteen minutes later (moved back in the database), the right password works again.
    await t.db
      .update(rateLimit)
      .set({ lastRequest: sql`${rateLimit.lastRequest} - ${16 * 60_000}` });
    await signInCookie("liam@example.com", "liam-password");
  });

  test("logging out ends the session whatever the body", async () => {
    for (const [type, body] of [
      [null, ""],
      ["text/plain", "hello"],
      ["application/json", '{"redirectTo":"//evil.example"}'],
      ["multipart/form-data", "no boundary"],
      ["multipart/form-data; boundary=x", "--y\r\nbroken"],
    ] as const) {
      const cookie = await signInCookie("liam@example.com", "liam-password");
      const headers = new Headers({ cookie });
      if (type) headers.set("content-type", type);
      const request = new Request("http://localhost:3000/logout", {
        method: "POST",
        headers,
        body,
      });
      const response = await responseOf(() =>
        logout.action({
          request,
          url: new URL(request.url),
          params: {},
          context: t.context(),
          pattern: "",
        } as never),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      expect(await whoIs(cookie)).toBeNull();
    }
  });

  test("a limited sign-in answers 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) {
      await callAction(login.action, {
        path: "/login",
        form: { email: "liam@example.com", password: `wrong-${i}-password` },
        context: t.context(),
      });
    }
    const { status, headers } = dataWithHeaders(
      await callAction(login.action, {
        path: "/login",
        form: { email: "liam@example.com", password: "liam-password" },
        context: t.context(),
      }),
    );
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
  });

  test("strangers' failures elsewhere do not lock the owner out", async () => {
    // Five wrong passwords from each of six addresses: every one of them is now limited.
    for (let address = 0; address < 6; address++) {
      for (let i = 0; i < 5; i++) {
        await callAction(login.action, {
          path: "/login",
          form: { email: "liam@example.com", password: `guess-${address}-${i}` },
          context: from(`198.51.100.${address}`),
        });
      }
    }
    const stranger = await callAction(login.action, {
      path: "/login",
      form: { email: "liam@example.com", password: "liam-password" },
      context: from("198.51.100.0"),
    });
    expect(dataOf(stranger).status).toBe(429);
    // The owner, from an address that has not been failing, gets in.
    const owner = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: { email: "liam@example.com", password: "liam-password" },
        context: from("203.0.113.50"),
      }),
    );
    expect(owner.status).toBe(302);
    // 32 password checks (argon2id, slow by design): room for a busy machine.
  }, 30_000);

  test("past the account's own ceiling, the right password is slowed down, not refused", async () => {
    // As if a thousand addresses had each failed a few times.
    await t.db.insert(rateLimit).values({
      id: "signin:account:liam@example.com",
      key: "signin:account:liam@example.com",
      count: 5_000,
      lastRequest: Date.now(),
    });
    const started = Date.now();
    const owner = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: { email: "liam@example.com", password: "liam-password" },
        context: from("203.0.113.51"),
      }),
    );
    expect(owner.status).toBe(302);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_IN_SLOWDOWN_MS - 50);
  });

  test("one address guessing across many accounts is limited", async () => {
    for (let i = 0; i < 20; i++) {
      await callAction(login.action, {
        path: "/login",
        form: { email: `someone${i}@example.com`, password: "guess-password" },
        context: from("192.0.2.7"),
      });
    }
    const limited = await callAction(login.action, {
      path: "/login",
      form: { email: "liam@example.com", password: "liam-password" },
      context: from("192.0.2.7"),
    });
    expect(dataOf(limited).status).toBe(429);
    // Another address is not affected.
    const elsewhere = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: { email: "liam@example.com", password: "liam-password" },
        context: from("192.0.2.8"),
      }),
    );
    expect(elsewhere.status).toBe(302);
  });

  test("successful sign-ins do not use up an address's allowance", async () => {
    for (let i = 0; i < 25; i++) {
      const response = await responseOf(() =>
        callAction(login.action, {
          path: "/login",
          form: { email: "liam@example.com", password: "liam-password" },
          context: from("192.0.2.99"),
        }),
      );
      expect(response.status).toBe(302);
    }
  });

  test("a banned or deleted user's sessions stop working at once", async () => {
    const id = await createUserWithPassword(t.db, {
      name: "Bo",
      email: "bo@example.com",
      password: "bo-password",
      role: "seller",
    });
    const cookie = await signInCookie("bo@example.com", "bo-password");
    expect((await whoIs(cookie))?.id).toBe(id);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, id));
    expect(await whoIs(cookie)).toBeNull();
    const again = await callAction(login.action, {
      path: "/login",
      form: { email: "bo@example.com", password: "bo-password" },
      context: t.context(),
    });
    expect(errorsOf(again)[""]).toEqual([ACCOUNT_ERRORS.disabled]);

    await t.db.update(user).set({ banned: false }).where(eq(user.id, id));
    const fresh = await signInCookie("bo@example.com", "bo-password");
    await t.db.delete(user).where(eq(user.id, id));
    expect(await whoIs(fresh)).toBeNull();
  });
});

describe("password reset by email", () => {
  test("the link from the outbox sets a new password once, and only once", async () => {
    await createUserWithPassword(t.db, {
      name: "Emma",
      email: "emma@example.com",
      password: "old-password",
      role: "buyer",
    });
    const oldSession = await signInCookie("emma@example.com", "old-password");
    const before = new Set(await fs.readdir(t.outbox).catch(() => []));

    const asked = await callAction(forgotPassword.action, {
      path: "/forgot-password",
      form: { email: "emma@example.com" },
      context: t.context(),
    });
    expect(dataOf<{ sentTo: string }>(asked).data.sentTo).toBe("emma@example.com");
    // An unknown address gets the same answer (accounts cannot be discovered).
    const unknown = await callAction(forgotPassword.action, {
      path: "/forgot-password",
      form: { email: "ghost@example.com" },
      context: t.context(),
    });
    expect(dataOf<{ sentTo: string }>(unknown).data.sentTo).toBe("ghost@example.com");

    const written = (await fs.readdir(t.outbox)).filter((file) => !before.has(file));
    expect(written).toHaveLength(1);
    const message = await fs.readFile(path.join(t.outbox, written[0]!), "utf8");
    expect(message).toContain("To: emma@example.com");
    const link = /http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s]+/.exec(
      message.replace(/=\r?\n/g, ""),
    )?.[0];
    expect(link).toBeTruthy();

    // better-auth checks the token and sends the browser to our page with it.
    const hop = await t.services.auth.handler(new Request(link!.replace(/=3D/g, "=")));
    const landing = new URL(hop.headers.get("Location") ?? "", "http://localhost:3000");
    expect(landing.pathname).toBe("/reset-password");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();
    const page = await callLoaderAs(resetPassword.loader, {
      path: `${landing.pathname}${landing.search}`,
      context: t.context(),
    });
    expect(page.token).toBe(token);

    const mismatch = await callAction(resetPassword.action, {
      path: "/reset-password",
      form: { token: token!, password: "new-password-1", confirm: "new-password-2" },
      context: t.context(),
    });
    expect(errorsOf(mismatch).confirm).toEqual(["The two passwords do not match"]);

    const done = await responseOf(() =>
      callAction(resetPassword.action, {
        path: "/reset-password",
        form: { token: token!, password: "new-password-1", confirm: "new-password-1" },
        context: t.context(),
      }),
    );
    expect(done.headers.get("Location")).toBe("/login");
    // Sessions from before the reset are over; the new password works; the old one does not.
    expect(await whoIs(oldSession)).toBeNull();
    await signInCookie("emma@example.com", "new-password-1");
    const old = await callAction(login.action, {
      path: "/login",
      form: { email: "emma@example.com", password: "old-password" },
      context: t.context(),
    });
    expect(errorsOf(old)[""]).toEqual([ACCOUNT_ERRORS.wrongCredentials]);

    const reused = await callAction(resetPassword.action, {
      path: "/reset-password",
      form: { token: token!, password: "third-password", confirm: "third-password" },
      context: t.context(),
    });
    expect(errorsOf(reused)[""]).toEqual([ACCOUNT_ERRORS.resetLinkInvalid]);
  });

  test("asking too often from one address is limited; one account never is", async () => {
    // The same account again and again gets the same answer (its emails are throttled).
    for (let i = 0; i < 10; i++) {
      const answer = await callAction(forgotPassword.action, {
        path: "/forgot-password",
        form: { email: "x@example.com" },
        context: t.context(),
      });
      expect(dataOf(answer).status).toBe(200);
    }
    const limited = await callAction(forgotPassword.action, {
      path: "/forgot-password",
      form: { email: "x@example.com" },
      context: t.context(),
    });
    expect(dataOf(limited).status).toBe(429);
    expect(Number(dataWithHeaders(limited).headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(errorsOf(limited)[""]?.[0]).toMatch(/^Too many attempts/);
  });
});

describe("create-admin", () => {
  test("creates an admin who can sign in, and promotes an existing account", async () => {
    const created = await createOrPromoteAdmin(t.db, {
      email: "Root@Example.com",
      password: "root-password",
      name: "Root",
    });
    expect(created.created).toBe(true);
    const cookie = await signInCookie("root@example.com", "root-password");
    expect((await whoIs(cookie))?.role).toBe("admin");

    const id = await createUserWithPassword(t.db, {
      name: "Sam",
      email: "sam@example.com",
      password: "sam-password",
      role: "seller",
    });
    const promoted = await createOrPromoteAdmin(t.db, {
      email: "sam@example.com",
      password: "ignored-password",
      name: "Sam",
    });
    expect(promoted).toEqual({ created: false, id, passwordSet: false });
    const samCookie = await signInCookie("sam@example.com", "sam-password");
    expect((await whoIs(samCookie))?.role).toBe("admin");
  });
});
