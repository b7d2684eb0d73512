// The authorization matrix: every route in app/routes.ts, with what an anonymous
// visitor, a buyer, a seller and an admin get. A route missing here fails the test.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import routes from "#app/routes.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import * as login from "#app/routes/auth/login.tsx";
import { createCategories, createListing } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, callLoaderAs, cookieFrom, responseOf } from "./helpers.ts";

type Outcome = "ok" | "login" | "forbidden" | "not found" | "redirect";
type Row = { anonymous: Outcome; buyer: Outcome; seller: Outcome; admin: Outcome };

const everyone = (outcome: Outcome): Row => ({
  anonymous: outcome,
  buyer: outcome,
  seller: outcome,
  admin: outcome,
});
const members = (outcome: Outcome = "ok"): Row => ({
  anonymous: "login",
  buyer: outcome,
  seller: outcome,
  admin: outcome,
});
const sellers: Row = { anonymous: "login", buyer: "forbidden", seller: "ok", admin: "forbidden" };
const admins: Row = { anonymous: "login", buyer: "forbidden", seller: "forbidden", admin: "ok" };
const guestsOnly: Row = {
  anonymous: "ok",
  buyer: "redirect",
  seller: "redirect",
  admin: "redirect",
};

const MATRIX: Record<string, Row> = {
  "": everyone("ok"),
  blogs: everyone("ok"),
  products: everyone("ok"),
  "products/allProducts": everyone("ok"),
  "products/:category": everyone("ok"),
  "dashboard/productDetails/:id": everyone("ok"),
  login: guestsOnly,
  register: guestsOnly,
  logout: everyone("redirect"),
  "forgot-password": everyone("ok"),
  "reset-password": everyone("ok"),
  "auth/oidc": everyone("redirect"),
  "auth/welcome": {
    anonymous: "redirect",
    buyer: "redirect",
    seller: "redirect",
    admin: "redirect",
  },
  dashboard: members(),
  "dashboard/myorders": members(),
  "dashboard/myProducts": members(),
  "dashboard/sellCar": sellers,
  "dashboard/mybuyers": sellers,
  "dashboard/productDetails/editProduct/:id": sellers,
  "dashboard/alluser": admins,
  "dashboard/allseller": admins,
  "dashboard/allbuyer": admins,
  "dashboard/reportedItems": admins,
  "*": everyone("not found"),
};

/**
 * Routes that accept form posts, with what an empty post gets. Dashboard actions
 * land with later issues: each must appear here, guarded like its page.
 */
type ActionOutcome = Outcome | "invalid";
type ActionRow = {
  anonymous: ActionOutcome;
  buyer: ActionOutcome;
  seller: ActionOutcome;
  admin: ActionOutcome;
};
const everyoneAct = (outcome: ActionOutcome): ActionRow => ({
  anonymous: outcome,
  buyer: outcome,
  seller: outcome,
  admin: outcome,
});
const ACTIONS: Record<string, ActionRow> = {
  login: everyoneAct("invalid"),
  register: everyoneAct("invalid"),
  logout: everyoneAct("redirect"),
  "forgot-password": everyoneAct("invalid"),
  "reset-password": everyoneAct("invalid"),
  // No provider is configured in this test: back to the login page.
  "auth/oidc": everyoneAct("redirect"),
};

type RouteEntry = { path?: string; file: string; index?: boolean };
const entries = (routes as RouteEntry[]).map((route) => ({
  key: route.index ? "" : (route.path ?? ""),
  file: route.file,
}));

let t: TestEnv;
const cookies: Record<keyof Row, string> = { anonymous: "", buyer: "", seller: "", admin: "" };
let params: Record<string, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  const password = "matrix-password";
  for (const role of ["buyer", "seller", "admin"] as const) {
    await createUserWithPassword(t.db, {
      name: `The ${role}`,
      email: `${role}@matrix.example`,
      password,
      role,
    });
    const response = await responseOf(() =>
      callAction(login.action, {
        path: "/login",
        form: { email: `${role}@matrix.example`, password },
        context: t.context(),
      }),
    );
    cookies[role] = cookieFrom(response);
  }
  const [seller] = await t.db.query.user.findMany({ where: (u, { eq }) => eq(u.role, "seller") });
  const car = await createListing(t.db, { sellerId: seller!.id, categoryId: sedan!.id });
  params = { category: "sedan", id: String(car.id) };
});
afterAll(async () => {
  await t.close();
});

function fill(path: string): string {
  return `/${path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? name).replace("*", "no/such/page")}`;
}

async function outcomeOf(file: string, path: string, cookie: string): Promise<Outcome> {
  const module = (await import(`../../app/${file}`)) as { loader?: (args: never) => unknown };
  if (!module.loader) return "ok";
  const routeParams = Object.fromEntries(
    [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, params[name!] ?? ""]),
  );
  try {
    const value = await callLoaderAs(module.loader, {
      path: fill(path),
      cookie,
      params: routeParams,
      context: t.context(),
    });
    if (value instanceof Response)
      return value.status >= 300 && value.status < 400 ? "redirect" : "ok";
    return "ok";
  } catch (error) {
    const status =
      error instanceof Response
        ? error.status
        : (error as { init?: { status?: number } }).init?.status;
    if (error instanceof Response && status && status >= 300 && status < 400) {
      return error.headers.get("Location")?.startsWith("/login?redirectTo=") ? "login" : "redirect";
    }
    if (status === 403) return "forbidden";
    if (status === 404) return "not found";
    throw error;
  }
}

test("every route in app/routes.ts is in the matrix, and nothing else", () => {
  expect(entries.map((entry) => entry.key).sort()).toEqual(Object.keys(MATRIX).sort());
});

describe.each(Object.keys(MATRIX))("%s", (key) => {
  test.each(["anonymous", "buyer", "seller", "admin"] as const)("%s", async (who) => {
    const entry = entries.find((candidate) => candidate.key === key);
    expect(entry, `route ${key} is not in app/routes.ts`).toBeDefined();
    expect(await outcomeOf(entry!.file, key, cookies[who])).toBe(MATRIX[key]![who]);
  });
});

async function actionOutcomeOf(file: string, path: string, cookie: string): Promise<ActionOutcome> {
  const module = (await import(`../../app/${file}`)) as { action: (args: never) => unknown };
  try {
    const value = await callAction(module.action, {
      path: fill(path),
      form: {},
      context: t.context(),
      cookie,
    });
    if (value instanceof Response)
      return value.status >= 300 && value.status < 400 ? "redirect" : "ok";
    const status = (value as { init?: { status?: number } }).init?.status ?? 200;
    return status === 400 ? "invalid" : status === 403 ? "forbidden" : "ok";
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return error.headers.get("Location")?.startsWith("/login?redirectTo=") ? "login" : "redirect";
    }
    const status = (error as { init?: { status?: number } }).init?.status;
    if (status === 403) return "forbidden";
    if (status === 404) return "not found";
    throw error;
  }
}

test("every route with an action is in the action matrix, and nothing else", async () => {
  const withActions: string[] = [];
  for (const entry of entries) {
    const module = (await import(`../../app/${entry.file}`)) as { action?: unknown };
    if (module.action) withActions.push(entry.key);
  }
  expect(withActions.sort()).toEqual(Object.keys(ACTIONS).sort());
});

describe.each(Object.keys(ACTIONS))("POST %s", (key) => {
  test.each(["anonymous", "buyer", "seller", "admin"] as const)("%s", async (who) => {
    const entry = entries.find((candidate) => candidate.key === key)!;
    expect(await actionOutcomeOf(entry.file, key, cookies[who])).toBe(ACTIONS[key]![who]);
  });
});

test("a guarded page remembers where the visitor was going", async () => {
  const module = await import("#app/routes/dashboard/seller/sell-car.tsx");
  const response = await responseOf(() =>
    callLoaderAs(module.loader, { path: "/dashboard/sellCar?draft=1", context: t.context() }),
  );
  expect(response.headers.get("Location")).toBe(
    `/login?redirectTo=${encodeURIComponent("/dashboard/sellCar?draft=1")}`,
  );
});
