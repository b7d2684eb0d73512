// "Continue With Google" against a real local OpenID Connect provider.
import { afterAll, beforeAll, expect, test } from "vitest";

import * as loginRoute from "#app/routes/auth/login/route.tsx";
import * as oidcRoute from "#app/routes/auth/oidc/route.tsx";
import * as welcomeRoute from "#app/routes/auth/welcome/route.tsx";
import { getSessionUser } from "#app/services/session.server.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { allowLoggedErrors } from "#tests/setup/fail-on-console.ts";
import {
  OIDC_CLIENT,
  quietProviderWarnings,
  startOidcProvider,
  type TestProvider,
} from "#tests/oidc-provider.ts";

import { callAction, callLoaderAs, cookieFrom, responseOf } from "./helpers.ts";

let provider: TestProvider;
let t: TestEnv;

beforeAll(async () => {
  quietProviderWarnings();
  provider = await startOidcProvider({
    redirectUri: "http://localhost:3000/api/auth/callback/oidc",
  });
  t = await createTestDatabase({
    oidc: { issuer: provider.issuer, ...OIDC_CLIENT, name: "Google" },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Plays the browser at the provider: follow redirects, fill in the login and consent pages. */
async function signInAtProvider(start: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith("http://localhost:3000/")) return url;
    const page = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const header of page.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (page.status >= 300 && page.status < 400) {
      url = new URL(page.headers.get("Location")!, url).toString();
      continue;
    }
    const html = await page.text();
    const action = new URL(/action="([^"]+)"/.exec(html)![1]!, url).toString();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)![1]!;
    const form: Record<string, string> =
      prompt === "login" ? { prompt, login, password: "any" } : { prompt };
    const posted = await fetch(action, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: new URLSearchParams(form).toString(),
    });
    for (const header of posted.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    url = new URL(posted.headers.get("Location")!, action).toString();
  }
  throw new Error("the provider did not send the browser back");
}

test("the login page offers the configured provider", async () => {
  const data = await callLoaderAs(loginRoute.loader, { path: "/login", context: t.context() });
  expect(data.oidcName).toBe("Google");
});

/** Signs in at the provider as `login` and comes back: the session cookie and the landing. */
async function signInWithProvider(login: string) {
  const start = await responseOf(() =>
    callAction(oidcRoute.action, {
      path: "/auth/oidc",
      form: { redirectTo: "/dashboard" },
      context: t.context(),
    }),
  );
  expect(start.status).toBe(302);
  const authorize = start.headers.get("Location")!;
  expect(authorize.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  const stateCookie = cookieFrom(start);

  const callback = await signInAtProvider(authorize, login);
  expect(callback).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\/oidc\?code=/);
  const landed = await t.services.auth.handler(
    new Request(callback, { headers: { cookie: stateCookie } }),
  );
  expect(landed.status).toBe(302);
  const welcome = new URL(landed.headers.get("Location")!);
  expect(welcome.pathname).toBe("/auth/welcome");
  const session = cookieFrom(landed, stateCookie);
  return { session, welcome };
}

test("a first sign-in creates a Buyer/User account and returns to the remembered page", async () => {
  const { session, welcome } = await signInWithProvider("olivia");
  const done = await responseOf(() =>
    callLoaderAs(welcomeRoute.loader, {
      path: `${welcome.pathname}${welcome.search}`,
      cookie: session,
      context: t.context(),
    }),
  );
  expect(done.headers.get("Location")).toBe("/dashboard");
  expect(done.headers.getSetCookie().join("")).toContain("carlot_toast=");

  const viewer = await getSessionUser(
    t.context(),
    new Request("http://localhost:3000/", { headers: { cookie: session } }),
  );
  expect(viewer).toMatchObject({
    email: "olivia@idp.example",
    name: "Olivia olivia",
    role: "buyer",
    // The provider says the address is verified: no link of ours is needed (decision 018).
    emailVerified: true,
  });
});

test("an address the provider has not verified is not verified here either", async () => {
  const { session } = await signInWithProvider("unverified-pat");
  const viewer = await getSessionUser(
    t.context(),
    new Request("http://localhost:3000/", { headers: { cookie: session } }),
  );
  expect(viewer).toMatchObject({ email: "unverified-pat@idp.example", emailVerified: false });
});

test("a forged callback does not sign anyone in", async () => {
  allowLoggedErrors(/Failed to parse state/);
  const landed = await t.services.auth.handler(
    new Request("http://localhost:3000/api/auth/callback/oidc?code=made-up&state=made-up"),
  );
  expect(landed.status).toBe(302);
  expect(landed.headers.getSetCookie().join("")).not.toMatch(/session_token=[^;]/);
});
