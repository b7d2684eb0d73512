// The adversarial suite, text and shapes (issue 23): NUL and other control
// characters in every text field of every form (as each role allowed to post
// it), in every id and query parameter of every route in app/routes.ts (page and
// .data URLs), the no-JavaScript edit paths (one photo, duplicated fields) and
// better-auth's own endpoints with a stranger's bad shapes. Nothing may answer
// 5xx or log an error; a text field answers 400 with the field's message.
import fs from "node:fs";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";

import { SITE_DEFAULTS } from "#app/models/site.ts";
import { settingsAsForm } from "#app/models/site-form.ts";
import routes from "#app/routes.ts";

import {
  ACCOUNTS,
  cookies,
  dataPath,
  expectFieldMessage,
  expectNo5xx,
  FORM,
  ROLES,
  send,
  sendMultipart,
  urlEncoded,
  type Fields,
  type Role,
} from "./adversarial-client.ts";

/** NUL (PostgreSQL refuses it), other C0 controls, DEL, a C1 control and a lone CR. */
const CONTROLS = ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085", "\r"];
const label = (char: string) => `U+${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
/** Every control character at once, for ids and query parameters. */
const NASTY = `a${CONTROLS.join("")}b`;
/** Control characters in a path segment, percent-encoded as a client would send them. */
const BAD_SEGMENTS = ["%00", "1%00", "%01", "%1B", "%7F", "%C2%85", "%0D%0A", "a%00b"];
/** Every query parameter a loader reads, and React Router's own. */
const QUERY_PARAMS = [
  ...["q", "page", "sort", "make", "model", "location", "category", "fuel", "transmission"],
  ...["minYear", "maxYear", "minPrice", "maxPrice", "verified", "sold", "compare", "ids"],
  ...["diff", "actor", "action", "from", "to", "verify", "withdraw", "contact", "report"],
  ...["edit", "delete", "save", "reduced", "before"],
  ...["token", "error", "redirectTo", "part", "exclude", "mileage", "unit", "price", "year"],
  "_routes",
];
/** Every intent an action knows, sent with bad ids (never a valid id: some delete). */
const INTENTS = [
  ...["order", "report", "cancel", "delete", "dismiss", "status", "advertise", "confirm"],
  ...["save", "remove", "verify", "withdraw", "makeAdmin", "removeAdmin"],
  ...["add", "edit", "move", "hide", "show", "pause", "resume", "alerts"],
  ...["send", "emails", "block", "unblock"],
  // Viewings (issue 27) and the warning words.
  ...["propose", "accept", "cancel-viewing", "outcome", "restore"],
];

let logStart = 0;
const logFile = () => inject("serverLog");
const logSince = () => fs.readFileSync(logFile(), "utf8").slice(logStart);

let photo: Buffer;
let listingId = "";
/** A car of the seller's with exactly one photo, and that photo's token. */
let ownCar = { id: "", photoToken: "" };
let verifiedSellerId = "";
let sedanId = "";
/** The buyer's request for a second demo car: its conversation takes the message form. */
let conversationId = "";
/** A safe place added for the edit form (issue 27), deleted after. */
let placeId = "";

const safePlace = (): Fields => ({
  name: "Comisaría Central",
  address: "Calle Mayor 1, Sevilla",
  hours: "Todos los días, 8:00–20:00",
  note: "Aparcamiento con cámaras",
});

const car = (overrides: Fields = {}): Fields => ({
  carName: "Adversarial Corolla",
  category: "sedan",
  details: "Two owners.\r\nService book.\tNew tyres.",
  location: "Sevilla, España",
  yearsUsed: "3",
  originalPrice: "21000",
  resalePrice: "14500",
  make: "Toyota",
  model: "Corolla",
  year: "2019",
  mileage: "61000",
  mileageUnit: "km",
  colour: "Rojo",
  quality: "Good",
  ...overrides,
});

beforeAll(async () => {
  logStart = fs.statSync(logFile()).size;
  photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const list = await send("GET", "/products/allProducts");
  listingId = /productDetails\/(\d+)/.exec(list.body)?.[1] ?? "";
  expect(listingId).not.toBe("");
  for (const role of ["buyer", "seller", "admin"] as const) {
    const answer = await send("POST", "/login", {
      headers: FORM,
      body: urlEncoded({ email: ACCOUNTS[role], password: "carlot-demo" }),
    });
    expect(answer.status, `log in as ${role}`).toBe(302);
    cookies[role] = (answer.headers["set-cookie"] ?? [])
      .map((header) => header.split(";")[0])
      .join("; ");
  }
  // A car of the seller's with one photo, for the edit form.
  const name = `One-photo car ${Date.now()}`;
  // The sell form's one-time token (issue 23), as the page gives it.
  const sellPage = await send("GET", "/dashboard/sellCar", { role: "seller" });
  const formToken = /name="formToken" value="([^"]+)"/.exec(sellPage.body)?.[1] ?? "";
  expect(formToken).not.toBe("");
  const sold = await sendMultipart(
    "/dashboard/sellCar",
    { ...car({ carName: name }), formToken },
    { photos: photo },
    "seller",
  );
  expect(sold.status, sold.body.slice(0, 300)).toBe(302);
  const mine = await send("GET", "/dashboard/myProducts", { role: "seller" });
  // The car's name links to its page: the last car link before the name is this car's.
  const before = mine.body.slice(0, Math.max(0, mine.body.indexOf(name)));
  ownCar.id = [...before.matchAll(/productDetails\/(\d+)/g)].at(-1)?.[1] ?? "";
  expect(ownCar.id).not.toBe("");
  const edit = await send("GET", `/dashboard/productDetails/editProduct/${ownCar.id}`, {
    role: "seller",
  });
  const tokens = [...new Set(edit.body.match(/\be:\d+/g) ?? [])];
  expect(tokens).toHaveLength(1);
  ownCar = { ...ownCar, photoToken: tokens[0]! };
  const sellers = await send("GET", "/dashboard/allseller?q=Maya", { role: "admin" });
  verifiedSellerId = /[?;]withdraw=([\w-]+)/.exec(sellers.body)?.[1] ?? "";
  expect(verifiedSellerId).not.toBe("");
  // The first category's id (Sedan on the demo site), for its edit form.
  const categories = await send("GET", "/dashboard/categories", { role: "admin" });
  sedanId = /[?;]edit=(\d+)/.exec(categories.body)?.[1] ?? "";
  expect(sedanId).not.toBe("");
  // A safe place (issue 27) for its edit form: the Edit link after its name is its own.
  const placeName = `Adversarial place ${Date.now()}`;
  const added = await send("POST", "/dashboard/safePlaces", {
    role: "admin",
    headers: FORM,
    body: urlEncoded({ ...safePlace(), intent: "add", name: placeName }),
  });
  expect(added.status, added.body.slice(0, 300)).toBe(302);
  const places = (await send("GET", "/dashboard/safePlaces", { role: "admin" })).body;
  placeId = /[?;]edit=(\d+)/.exec(places.slice(places.indexOf(placeName)))?.[1] ?? "";
  expect(placeId).not.toBe("");
  // A conversation of the buyer's (issue 27), on a car other than the contact form's.
  const other = [...list.body.matchAll(/productDetails\/(\d+)/g)]
    .map((match) => match[1]!)
    .find((id) => id !== listingId);
  const placed = await send("POST", `/dashboard/productDetails/${other}?contact`, {
    role: "buyer",
    headers: FORM,
    body: urlEncoded({
      intent: "order",
      buyerName: "Liam Carter",
      meetingLocation: "Plaza Mayor",
      buyerPhone: "+34 600 123 456",
    }),
  });
  expect(placed.status, placed.body.slice(0, 300)).toBe(302);
  const orders = await send("GET", "/dashboard/myorders", { role: "buyer" });
  conversationId = /\/dashboard\/conversations\/(\d+)/.exec(orders.body)?.[1] ?? "";
  expect(conversationId).not.toBe("");
});

afterAll(async () => {
  // The car made for the edit tests goes, so other files see the demo as it was.
  if (ownCar.id) {
    const deleted = await send("POST", "/dashboard/myProducts", {
      role: "seller",
      headers: FORM,
      body: urlEncoded({ intent: "delete", id: ownCar.id }),
    });
    expect(deleted.status).toBe(302);
  }
  // The request made for the message form goes too.
  if (conversationId) {
    const cancelled = await send("POST", "/dashboard/myorders", {
      role: "buyer",
      headers: FORM,
      body: urlEncoded({ intent: "cancel", id: conversationId }),
    });
    expect(cancelled.status).toBe(302);
  }
  if (placeId) {
    const deleted = await send("POST", "/dashboard/safePlaces", {
      role: "admin",
      headers: FORM,
      body: urlEncoded({ intent: "delete", id: placeId }),
    });
    expect(deleted.status).toBe(302);
  }
  // Refused input is routine; nothing here may log an error.
  const errors = logSince()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line));
  expect(errors, errors.join("\n").slice(0, 3000)).toEqual([]);
});

/** Each form, who may post it, a valid submission and the text fields to spoil one by one. */
type FormCase = {
  name: string;
  path: () => string;
  role: Role;
  valid: () => Fields;
  fields: string[];
  /** The message a field shows instead of the generic one. */
  messages?: Record<string, string>;
  files?: () => Record<string, Buffer>;
};

/** Textareas: newline and tab are text there. */
const MULTI_LINE = new Set([
  ...["details", "reason", "heroText", "aboutMd", "termsMd", "privacyMd", "body"],
]);

const FORMS: FormCase[] = [
  {
    name: "register",
    path: () => "/register",
    role: "visitor",
    valid: () => ({
      name: "Lucía Fernández",
      email: `lucia.${Date.now()}@example.com`,
      password: "long enough",
      accountType: "buyer",
    }),
    fields: ["name", "email", "password"],
    files: () => ({ image: photo }),
  },
  {
    name: "login",
    path: () => "/login",
    role: "visitor",
    valid: () => ({ email: ACCOUNTS.buyer, password: "carlot-demo" }),
    fields: ["email", "password"],
  },
  {
    name: "forgot password",
    path: () => "/forgot-password",
    role: "visitor",
    valid: () => ({ email: ACCOUNTS.buyer }),
    fields: ["email"],
  },
  {
    name: "reset password",
    path: () => "/reset-password",
    role: "visitor",
    valid: () => ({ token: "abcdef", password: "long enough", confirm: "long enough" }),
    fields: ["token", "password", "confirm"],
    messages: { token: "This reset link is not valid" },
  },
  {
    name: "contact seller",
    path: () => `/dashboard/productDetails/${listingId}?contact`,
    role: "buyer",
    valid: () => ({
      intent: "order",
      buyerName: "محمد Núñez",
      meetingLocation: "Plaza Mayor",
      buyerPhone: "+34 600 123 456",
    }),
    fields: ["buyerName", "meetingLocation", "buyerPhone"],
  },
  {
    name: "report",
    path: () => `/dashboard/productDetails/${listingId}?report`,
    role: "buyer",
    valid: () => ({ intent: "report", reason: "other", details: "Looks odd 🚗" }),
    fields: ["details"],
  },
  {
    name: "sell",
    path: () => "/dashboard/sellCar",
    role: "seller",
    valid: () => car(),
    fields: [
      ...["carName", "category", "details", "location", "make", "model", "colour"],
      ...["originalPrice", "resalePrice", "year", "mileage"],
    ],
    files: () => ({ photos: photo }),
  },
  {
    name: "edit",
    path: () => `/dashboard/productDetails/editProduct/${ownCar.id}`,
    role: "seller",
    valid: () => car({ photoOrder: ownCar.photoToken }),
    fields: [
      ...["carName", "category", "details", "location", "make", "model", "colour"],
      ...["originalPrice", "resalePrice", "year", "mileage", "photoOrder"],
    ],
    messages: {
      photoOrder: "The list of photos could not be read. Please reload the page and try again.",
    },
  },
  {
    name: "withdraw verification",
    path: () => `/dashboard/allseller?withdraw=${verifiedSellerId}`,
    role: "admin",
    valid: () => ({ intent: "withdraw", id: verifiedSellerId, reason: "Papers expired." }),
    fields: ["reason"],
  },
  {
    // Every field is refused whole, so the demo site keeps its settings.
    name: "site settings",
    path: () => "/dashboard/settings",
    role: "admin",
    valid: () => ({
      ...settingsAsForm(SITE_DEFAULTS),
      contactEmail: "hello@example.com",
      brandColour: "#166534",
    }),
    // Every text field (the checkboxes, the radio choices and the pictures' keys are not
    // text people type).
    fields: Object.keys(SITE_DEFAULTS).filter(
      (key) =>
        ![
          ...["statsShown", "sellersNeedVerification", "logoKey", "faviconKey"],
          ...["priceStyle", "distanceUnit", "language"],
        ].includes(key),
    ),
  },
  {
    // Saved searches (issue 28): the name is the one text a person types.
    name: "save a search",
    path: () => "/dashboard/savedSearches",
    role: "buyer",
    valid: () => ({
      intent: "save",
      name: "Toyotas near me",
      frequency: "daily",
      search: "/products/allProducts?make=Toyota",
    }),
    fields: ["name"],
  },
  {
    // A message in a conversation (issue 27); the compose key is a hidden field.
    name: "message",
    path: () => `/dashboard/conversations/${conversationId}`,
    role: "buyer",
    valid: () => ({
      intent: "send",
      body: "¿Sigue disponible?\nGracias",
      composeKey: "abcdefgh1234",
    }),
    fields: ["body", "composeKey"],
    messages: {
      composeKey: "This form is out of date. Reload the page and send your message again.",
    },
  },
  {
    // Reporting a conversation (issue 27): the reporter's own words.
    name: "report conversation",
    path: () => `/dashboard/conversations/${conversationId}?report`,
    role: "buyer",
    valid: () => ({ intent: "report", reason: "other", details: "Raro 🚗" }),
    fields: ["details"],
  },
  {
    // Proposing a viewing (issue 27): the times, the place and another address are typed;
    // the proposal key is a hidden field.
    name: "propose viewing",
    path: () => `/dashboard/conversations/${conversationId}`,
    role: "buyer",
    valid: () => ({
      intent: "propose",
      proposalKey: "abcdefgh1234",
      at1: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16),
      place1: "address",
      address1: "Plaza Mayor 3, junto a la fuente",
    }),
    fields: ["proposalKey", "at1", "place1", "address1"],
    messages: {
      proposalKey: "This form is out of date. Reload the page and propose again.",
    },
  },
  {
    // The admins' warning words (issue 27): refused whole, so the list keeps its words.
    name: "add warning word",
    path: () => "/dashboard/warningWords",
    role: "admin",
    valid: () => ({ intent: "add", kind: "code", phrase: "número secreto" }),
    fields: ["phrase"],
  },
  {
    // Refused whole: no category is added.
    name: "add category",
    path: () => "/dashboard/categories",
    role: "admin",
    valid: () => ({ intent: "add", name: "Convertible" }),
    fields: ["name"],
    files: () => ({ photo }),
  },
  {
    name: "edit category",
    path: () => `/dashboard/categories?edit=${sedanId}`,
    role: "admin",
    valid: () => ({ intent: "edit", id: sedanId, name: "Sedan", changeAddress: "on" }),
    fields: ["name"],
  },
  {
    // Safe places for viewings (issue 27): refused whole, so no place is added.
    name: "add safe place",
    path: () => "/dashboard/safePlaces",
    role: "admin",
    valid: () => ({ intent: "add", ...safePlace() }),
    fields: ["name", "address", "hours", "note"],
  },
  {
    name: "edit safe place",
    path: () => `/dashboard/safePlaces?edit=${placeId}`,
    role: "admin",
    valid: () => ({ intent: "edit", id: placeId, ...safePlace() }),
    fields: ["name", "address", "hours", "note"],
  },
];

describe.each(FORMS.map((form) => [form.name, form] as const))("the %s form", (_name, form) => {
  test("refuses control characters in each text field with the field's message", async () => {
    for (const target of ["page", "data"] as const) {
      for (const field of form.fields) {
        for (const char of CONTROLS) {
          // Multipart encoding turns a lone CR into CRLF, a line break multi-line fields keep.
          if (char === "\r" && form.files && MULTI_LINE.has(field)) continue;
          const path = target === "page" ? form.path() : dataPath(form.path());
          const fields = { ...form.valid(), [field]: `Ana${char}Ruiz` };
          const answer = form.files
            ? await sendMultipart(path, fields, form.files(), form.role)
            : await send("POST", path, {
                role: form.role,
                headers: FORM,
                body: urlEncoded(fields),
              });
          const what = `POST ${path} ${field}=${label(char)} as ${form.role}`;
          expectFieldMessage(answer, what, form.messages?.[field]);
        }
      }
    }
  });
});

test("the verify form ignores control characters in its checks", async () => {
  const answer = await send("POST", "/dashboard/allseller", {
    role: "admin",
    headers: FORM,
    body: urlEncoded({ intent: "verify", id: verifiedSellerId, checks: NASTY }),
  });
  expect(answer.status).toBe(400);
});

type Entry = { key: string; path: (segment?: string) => string; hasParam: boolean };

function entries(): Entry[] {
  return (routes as { path?: string; index?: boolean }[]).map((route) => {
    const key = route.index ? "" : (route.path ?? "");
    const path = (segment?: string) =>
      `/${key
        .replace(":category", segment ?? "sedan")
        .replace(":id", segment ?? listingId)
        .replace("*", "no/such/page")}`;
    return { key, path, hasParam: key.includes(":") };
  });
}

describe.each(entries().map((entry) => [entry.key || "/", entry] as const))(
  "%s",
  (_name, entry) => {
    test("control characters in route parameters answer 4xx (or the login redirect)", async () => {
      if (!entry.hasParam) return;
      for (const role of ROLES) {
        const paths = BAD_SEGMENTS.flatMap((segment) => {
          const path = entry.path(segment);
          return [path, dataPath(path)];
        });
        const answers = await Promise.all(paths.map((path) => send("GET", path, { role })));
        answers.forEach((answer, i) => {
          const what = `GET ${paths[i]} as ${role}`;
          expectNo5xx(answer, what);
          expect([202, 302, 400, 403, 404], what).toContain(answer.status);
        });
      }
    });

    test("control characters in every query parameter answer without 5xx", async () => {
      for (const role of ROLES) {
        const paths = QUERY_PARAMS.flatMap((name) => {
          const query = `?${new URLSearchParams({ [name]: NASTY })}`;
          return [`${entry.path()}${query}`, `${dataPath(entry.path())}${query}`];
        });
        const answers = await Promise.all(paths.map((path) => send("GET", path, { role })));
        answers.forEach((answer, i) => expectNo5xx(answer, `GET ${paths[i]} as ${role}`));
      }
    });

    test("control characters in posted ids answer without 5xx", async () => {
      for (const role of ROLES) {
        if (entry.key === "logout") continue;
        const targets = [entry.path(), dataPath(entry.path())];
        const posts = targets.flatMap((target) =>
          INTENTS.map((intent) => ({
            target,
            intent,
            body: urlEncoded({ intent, id: NASTY, listingId: NASTY, entryId: NASTY }),
          })),
        );
        const answers = await Promise.all(
          posts.map(({ target, body }) => send("POST", target, { role, headers: FORM, body })),
        );
        answers.forEach((answer, i) =>
          expectNo5xx(answer, `POST ${posts[i]!.target} intent=${posts[i]!.intent} as ${role}`),
        );
      }
    });
  },
);

test("the admin lists answer 400 for a search with a control character", async () => {
  for (const path of ["/dashboard/alluser", "/dashboard/alluser.data"]) {
    const answer = await send("GET", `${path}?q=a%00b`, { role: "admin" });
    expect(answer.status, path).toBe(400);
  }
  const actor = await send("GET", "/dashboard/audit?actor=%00", { role: "admin" });
  expect(actor.status).toBe(200);
});

describe("editing without JavaScript", () => {
  const editPath = () => `/dashboard/productDetails/editProduct/${ownCar.id}`;

  test("a car with one photo and a bad price answers 400 with the field's message", async () => {
    const answer = await sendMultipart(
      editPath(),
      car({ photoOrder: ownCar.photoToken, resalePrice: "12,500" }),
      {},
      "seller",
    );
    expectFieldMessage(
      answer,
      "edit with one photo",
      "Type the amount without commas, dots or spaces: for example 12500",
    );
    // The one photo is still offered, kept.
    expect(answer.body).toContain(`value="${ownCar.photoToken}"`);
  });

  test("a duplicated field answers 400, not a crash", async () => {
    for (const prices of [
      ["9000", "12,500"],
      ["9000", "9000"],
    ]) {
      const answer = await sendMultipart(
        editPath(),
        car({ photoOrder: ownCar.photoToken, resalePrice: prices }),
        {},
        "seller",
      );
      expectNo5xx(answer, `resalePrice twice: ${prices.join(", ")}`);
      expect(answer.status, answer.body.slice(0, 300)).toBe(400);
    }
    const twice = await sendMultipart(
      editPath(),
      car({ photoOrder: [ownCar.photoToken, ownCar.photoToken], carName: ["A", "B"] }),
      {},
      "seller",
    );
    expectNo5xx(twice, "photoOrder and carName twice");
    expect(twice.status).toBe(400);
  });

  test("selling with a duplicated field answers 400, not a crash", async () => {
    const answer = await sendMultipart(
      "/dashboard/sellCar",
      car({ resalePrice: ["9000", "12,500"], make: ["Toyota", "Ford"] }),
      { photos: photo },
      "seller",
    );
    expectNo5xx(answer, "sell with duplicated fields");
    expect(answer.status).toBe(400);
  });
});

describe("photos in a message (issue 27)", () => {
  const fields = () => ({ intent: "send", body: "Fotos", composeKey: "abcdefgh5678" });
  const conversation = () => `/dashboard/conversations/${conversationId}`;

  test("a page in disguise and five photos answer 400 with the field's message", async () => {
    const disguised = await sendMultipart(
      conversation(),
      fields(),
      { photos: Buffer.from("<html><script>alert(1)</script></html>") },
      "buyer",
    );
    expectFieldMessage(disguised, "a page sent as a photo", "is not a photo we can read");
    const five = await sendMultipart(
      conversation(),
      fields(),
      { photos: [photo, photo, photo, photo, photo] },
      "buyer",
    );
    expectFieldMessage(five, "five photos", "Add at most 4 photos to one message.");
  });
});

describe("better-auth's endpoints, as a stranger", () => {
  const AUTH_PATHS = [
    "/api/auth/callback/x",
    "/api/auth/callback/x?state=forged&code=forged",
    "/api/auth/callback/oidc",
    "/api/auth/callback/oidc?state=forged&code=forged",
    "/api/auth/callback/oidc?error=access_denied&state=forged",
    "/api/auth/callback/%00?state=a%00b",
    "/api/auth/reset-password/forged?callbackURL=https%3A%2F%2Fevil.example%2F",
    "/api/auth/reset-password/forged?callbackURL=%2F%2Fevil.example%2F",
    "/api/auth/reset-password/forged?callbackURL=%2Freset-password",
    "/api/auth/reset-password/a%00b?callbackURL=%2Freset-password%00",
    "/api/auth/reset-password/forged",
    "/api/auth/error?error=a%00b",
  ];

  test("bad shapes answer without 5xx, and warn (with the request id) instead of error", async () => {
    const ids: string[] = [];
    for (const path of AUTH_PATHS) {
      const answer = await send("GET", path);
      expectNo5xx(answer, `GET ${path}`);
      const id = answer.headers["x-request-id"];
      expect(typeof id, `GET ${path} has a request id`).toBe("string");
      ids.push(String(id));
    }
    // The state mistake is logged once, as a warning carrying the request's id.
    const state = logSince()
      .split("\n")
      .find((line) => line.includes("State not found"));
    expect(state, "a log line for the unknown OAuth state").toBeDefined();
    expect(state).toContain('"level":40');
    expect(ids.some((id) => state!.includes(id))).toBe(true);
    // The errors themselves are checked for every test in afterAll.
  });
});
