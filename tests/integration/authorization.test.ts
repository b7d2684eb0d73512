// The authorization matrix. Every route in app/routes.ts, with what a visitor, a
// buyer, another buyer, the seller who owns the car in the URL, another seller and
// an admin get from its page; and every action, posted with a real intent against
// records that belong to someone (a canary), with what each of them gets. Where an
// action is refused, the canary must be unchanged. A route or action missing here
// fails the test.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  category,
  categorySlugHistory,
  conversationReport,
  listing,
  message,
  messagePhoto,
  order,
  report,
  safePlace,
  viewing,
  warningPhrase,
  savedSearch,
  siteSettings,
  user,
  wishlist,
} from "#app/db/schema.ts";
import { linkToken } from "#app/models/alert-links.server.ts";
import { messagePhotoKey } from "#app/models/message-photo.server.ts";
import { SITE_DEFAULTS } from "#app/models/site.ts";
import { settingsAsForm } from "#app/models/site-form.ts";
import routes from "#app/routes.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import * as login from "#app/routes/auth/login/route.tsx";
import { createCategories, createListing, createOrder, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction, callLoaderAs, cookieFrom, responseOf } from "./helpers.ts";
import { file, jpeg } from "./listing-helpers.ts";

const PEOPLE = ["anonymous", "buyer", "buyerOther", "seller", "sellerOther", "admin"] as const;
type Who = (typeof PEOPLE)[number];
type Outcome = "ok" | "login" | "forbidden" | "not found" | "redirect" | "invalid" | "refused";
type Row = Record<Who, Outcome>;

/** A row from the four roles; the "other" columns default to their role's answer. */
function row(
  values: { anonymous: Outcome; buyer: Outcome; seller: Outcome; admin: Outcome },
  others: Partial<Pick<Row, "buyerOther" | "sellerOther">> = {},
): Row {
  return {
    ...values,
    buyerOther: others.buyerOther ?? values.buyer,
    sellerOther: others.sellerOther ?? values.seller,
  };
}
const everyone = (outcome: Outcome) =>
  row({ anonymous: outcome, buyer: outcome, seller: outcome, admin: outcome });
const members = (outcome: Outcome = "ok") =>
  row({ anonymous: "login", buyer: outcome, seller: outcome, admin: outcome });
const sellers = (owner: Outcome = "ok", other: Outcome = owner) =>
  row(
    { anonymous: "login", buyer: "forbidden", seller: owner, admin: "forbidden" },
    { sellerOther: other },
  );
/** The buyer and the seller of a request; anyone else is told it does not exist. */
const participants = (outcome: Outcome) =>
  row(
    { anonymous: "login", buyer: outcome, seller: outcome, admin: "not found" },
    { buyerOther: "not found", sellerOther: "not found" },
  );
const admins = row({ anonymous: "login", buyer: "forbidden", seller: "forbidden", admin: "ok" });
const guestsOnly = row({
  anonymous: "ok",
  buyer: "redirect",
  seller: "redirect",
  admin: "redirect",
});

/** Pages: what a GET of each route answers. `:id` is a car of "seller". */
const MATRIX: Record<string, Row> = {
  "": everyone("ok"),
  blogs: everyone("ok"),
  safety: everyone("ok"),
  // The operator's pages: not written yet on a fresh site.
  about: everyone("not found"),
  terms: everyone("not found"),
  privacy: everyone("not found"),
  products: everyone("ok"),
  "products/allProducts": everyone("ok"),
  "products/:category": everyone("ok"),
  "dashboard/productDetails/:id": everyone("ok"),
  compare: everyone("ok"),
  "sitemap.xml": everyone("ok"),
  "robots.txt": everyone("ok"),
  "resources/price-guidance": everyone("ok"),
  login: guestsOnly,
  register: guestsOnly,
  logout: everyone("redirect"),
  "forgot-password": everyone("ok"),
  "reset-password": everyone("ok"),
  "auth/oidc": everyone("redirect"),
  "auth/welcome": everyone("redirect"),
  // The landing page of the link in the verification email, for anyone who opens it.
  "verify-email": everyone("ok"),
  wishlist: everyone("redirect"),
  // The language switcher's action; a GET goes home.
  language: everyone("redirect"),
  dashboard: members(),
  "dashboard/myorders": members(),
  "dashboard/myProducts": members(),
  "dashboard/wishlist": members(),
  // Saved searches (issue 28). `:id` is a car, no one's saved search: not found for members.
  "dashboard/savedSearches": members(),
  "savedSearches/:id/results": members("not found"),
  // The links in alert emails work without signing in: a signed token is their authority
  // (tests/integration/alerts.test.ts). Without one, there is nothing here for anybody.
  "alerts/unsubscribe": everyone("not found"),
  "alerts/feed": everyone("not found"),
  // Conversations (issue 27). `:id` here is a request of "buyer" for a car of "seller":
  // only those two read it; to anyone else it does not exist.
  "dashboard/conversations": members(),
  "dashboard/conversations/:id": participants("ok"),
  "dashboard/conversations/:id/events": participants("ok"),
  // A photo of one of its messages. The request is reported (below), so the admin may see
  // it; before a report an admin may not (tests/integration/message-photos.test.ts).
  "dashboard/conversations/:id/photos/:photoId": row(
    { anonymous: "login", buyer: "ok", seller: "ok", admin: "ok" },
    { buyerOther: "not found", sellerOther: "not found" },
  ),
  "dashboard/sellCar": sellers(),
  "dashboard/mybuyers": sellers(),
  "dashboard/productDetails/editProduct/:id": sellers("ok", "forbidden"),
  "dashboard/alluser": admins,
  "dashboard/allseller": admins,
  "dashboard/allbuyer": admins,
  "dashboard/reportedItems": admins,
  // A reported conversation (issue 27); `:id` is the request above, reported by "buyer".
  "dashboard/reportedItems/conversations/:id": admins,
  "dashboard/audit": admins,
  "dashboard/settings": admins,
  "dashboard/categories": admins,
  // Safe places for viewings (issue 27).
  "dashboard/safePlaces": admins,
  "dashboard/warningWords": admins,
  "*": everyone("not found"),
};

type Ids = { sellerId: string; buyerId: string; categoryId: number };

/**
 * A form posted to a route's action. `prepare` makes fresh records for one
 * attempt (so one person's success does not change the next one's answer) and
 * returns the form, the URL params and a check that nothing changed.
 */
type ActionCase = {
  route: string;
  name: string;
  expected: Row;
  prepare: (ids: Ids) => Promise<{
    form: Record<string, string | File>;
    params?: Record<string, string>;
    /** A query string the form posts with (a link's token). */
    query?: string;
    unchanged?: () => Promise<boolean>;
  }>;
};

let t: TestEnv;
let settingsSaves = 0;

const newCar = (ids: Ids, overrides: Partial<typeof listing.$inferInsert> = {}) =>
  createListing(t.db, { sellerId: ids.sellerId, categoryId: ids.categoryId, ...overrides });

async function listingRow(id: number) {
  const [found] = await t.db.select().from(listing).where(eq(listing.id, id));
  return found;
}

/** A car of "seller" and a check that it is still exactly as it was. */
async function canaryCar(ids: Ids) {
  const car = await newCar(ids);
  const before = JSON.stringify(await listingRow(car.id));
  return { car, unchanged: async () => JSON.stringify(await listingRow(car.id)) === before };
}

/** A car of "seller" with an open request by "buyer". */
async function canaryOrder(ids: Ids) {
  const car = await newCar(ids);
  const created = await createOrder(t.db, car, ids.buyerId, {
    buyerName: "Canary",
    buyerPhone: "+1 512 555 0199",
    meetingLocation: "Canary Wharf",
  });
  const open = async () => {
    const [now] = await t.db.select().from(order).where(eq(order.id, created.id));
    return now?.status === "open";
  };
  return { car, order: created, unchanged: open };
}

/** A request of "buyer" for a car of "seller", and a check that no message was added. */
async function canaryConversation(ids: Ids) {
  const canary = await canaryOrder(ids);
  const count = async () =>
    (await t.db.select().from(message).where(eq(message.orderId, canary.order.id))).length;
  return {
    params: { id: String(canary.order.id) },
    unchanged: async () => (await count()) === 0 && (await canary.unchanged()),
  };
}

/** The message photo files in storage. */
async function messageFiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.storage.list("messages/")) keys.push(key);
  return keys;
}

const contactForm = {
  intent: "order",
  buyerName: "Matrix Buyer",
  meetingLocation: "Town square",
  buyerPhone: "+1 512 555 0100",
};

const myCarIntent =
  (intent: string, extra: Record<string, string> = {}) =>
  async (ids: Ids) => {
    const { car, unchanged } = await canaryCar(ids);
    return { form: { intent, id: String(car.id), ...extra }, unchanged };
  };

/** A saved search of "buyer", and a check that it is exactly as it was. */
async function canarySearch(ids: Ids) {
  const [created] = await t.db
    .insert(savedSearch)
    .values({ userId: ids.buyerId, name: "Canary search", query: "make=Honda" })
    .returning();
  const now = async () =>
    JSON.stringify(
      (await t.db.select().from(savedSearch).where(eq(savedSearch.id, created!.id)))[0],
    );
  const before = await now();
  return { id: created!.id, unchanged: async () => (await now()) === before };
}

// Who may change a saved search: only the person who saved it.
const buyerOnly = row(
  { anonymous: "login", buyer: "redirect", seller: "not found", admin: "not found" },
  { buyerOther: "not found" },
);

// Who may manage a car on My Products: only its seller.
const ownerOnly = row(
  { anonymous: "login", buyer: "forbidden", seller: "ok", admin: "forbidden" },
  { sellerOther: "forbidden" },
);

/** A fresh account for an admin action, and a check that it is exactly as it was. */
async function canaryUser(overrides: Partial<typeof user.$inferInsert>) {
  const person = await createUser(t.db, overrides);
  const now = async () =>
    JSON.stringify((await t.db.select().from(user).where(eq(user.id, person.id)))[0]);
  const before = await now();
  return { person, unchanged: async () => (await now()) === before };
}

const adminUserIntent =
  (
    intent: string,
    overrides: Partial<typeof user.$inferInsert>,
    extra: Record<string, string> = {},
  ) =>
  async () => {
    const { person, unchanged } = await canaryUser(overrides);
    return { form: { intent, id: person.id, ...extra }, unchanged };
  };

/** Every category, its old addresses and which category each car is in, as JSON. */
async function categoryState() {
  const [categories, history, cars] = await Promise.all([
    t.db.select().from(category).orderBy(category.id),
    t.db.select().from(categorySlugHistory).orderBy(categorySlugHistory.slug),
    t.db
      .select({ id: listing.id, categoryId: listing.categoryId })
      .from(listing)
      .orderBy(listing.id),
  ]);
  return JSON.stringify({ categories, history, cars });
}

let categorySeq = 0;

/**
 * A fresh category (hidden when told, with cars of "seller" when told) for one attempt
 * at an admin's button, and a check that no category, old address or car changed.
 */
const categoryIntent =
  (
    intent: string,
    options: { hidden?: boolean; cars?: number } = {},
    extra: (ids: Ids, id: number) => Record<string, string | File> = () => ({}),
  ) =>
  async (ids: Ids) => {
    const n = ++categorySeq;
    const [created] = await t.db
      .insert(category)
      .values({
        name: `Matrix ${n}`,
        slug: `matrix-${n}`,
        imageKey: `categories/test/matrix-${n}.webp`,
        position: 100 + n,
        hidden: options.hidden ?? false,
      })
      .returning();
    for (let car = 0; car < (options.cars ?? 0); car++) {
      await newCar({ ...ids, categoryId: created!.id });
    }
    const before = await categoryState();
    return {
      form: { intent, id: String(created!.id), ...extra(ids, created!.id) },
      unchanged: async () => (await categoryState()) === before,
    };
  };

/** Every safe place, as JSON. */
const safePlaceState = async () =>
  JSON.stringify(await t.db.select().from(safePlace).orderBy(safePlace.id));

let placeSeq = 0;

/** A safe place's fields, fresh for each attempt. */
const placeFields = (n: number) => ({
  name: `Matrix place ${n}`,
  address: `${n} Matrix Street`,
  hours: "Every day, 8:00–20:00",
  note: "Camera-covered",
});

/**
 * A fresh safe place (the canary) for one attempt at an admin's button, and a check that
 * no place changed.
 */
const safePlaceIntent =
  (intent: string, extra: (n: number) => Record<string, string> = () => ({})) =>
  async () => {
    const n = ++placeSeq;
    const [created] = await t.db.insert(safePlace).values(placeFields(n)).returning();
    const before = await safePlaceState();
    return {
      form: { intent, id: String(created!.id), ...extra(n) },
      unchanged: async () => (await safePlaceState()) === before,
    };
  };

/** Every warning word, as JSON. */
const warningState = async () =>
  JSON.stringify(await t.db.select().from(warningPhrase).orderBy(warningPhrase.id));

/** The canary conversation's viewings, as JSON. */
const viewingState = async (orderId: number) =>
  JSON.stringify(
    await t.db.select().from(viewing).where(eq(viewing.orderId, orderId)).orderBy(viewing.id),
  );

/** A time `days` ahead as the propose form writes it (UTC: no tz cookie). */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

/**
 * The canary conversation with a viewing in it: proposed by `by` ("buyer" or "seller"),
 * accepted when `status` says so, in the past when `past`.
 */
async function canaryViewing(
  ids: Ids,
  options: { by: "buyer" | "seller"; status?: "accepted"; past?: boolean },
) {
  const canary = await canaryConversation(ids);
  const orderId = Number(canary.params.id);
  const [created] = await t.db
    .insert(viewing)
    .values({
      orderId,
      proposedBy: options.by,
      proposalKey: crypto.randomUUID(),
      slot: 1,
      startsAt: new Date(Date.now() + (options.past ? -1 : 2) * 86_400_000),
      timeZone: "UTC",
      address: "Matrix square",
      status: options.status ?? "proposed",
    })
    .returning();
  const before = await viewingState(orderId);
  return {
    viewingId: String(created!.id),
    params: canary.params,
    unchanged: async () => (await viewingState(orderId)) === before && (await canary.unchanged()),
  };
}

/** A car of "seller" with an open report by "buyer"; unchanged while the report is open. */
async function canaryReport(ids: Ids) {
  const car = await newCar(ids);
  const [created] = await t.db
    .insert(report)
    .values({ listingId: car.id, reporterId: ids.buyerId, reason: "scam" })
    .returning();
  const unchanged = async () => {
    const [now] = await t.db.select().from(report).where(eq(report.id, created!.id));
    return Boolean(now && now.resolvedAt === null && (await listingRow(car.id)));
  };
  return { car, unchanged };
}

const ACTIONS: ActionCase[] = [
  { route: "login", name: "empty form", expected: everyone("invalid"), prepare: empty },
  { route: "register", name: "empty form", expected: everyone("invalid"), prepare: empty },
  { route: "forgot-password", name: "empty form", expected: everyone("invalid"), prepare: empty },
  { route: "reset-password", name: "empty form", expected: everyone("invalid"), prepare: empty },
  // No provider is configured in this test: back to the login page.
  { route: "auth/oidc", name: "empty form", expected: everyone("redirect"), prepare: empty },
  // "Send the link again": only for the signed-in person (these are verified: no email).
  {
    route: "verify-email",
    name: "send the link again",
    expected: members(),
    prepare: async () => ({ form: { intent: "resend", redirectTo: "/" } }),
  },
  { route: "verify-email", name: "empty form", expected: members("invalid"), prepare: empty },
  {
    route: "dashboard/productDetails/:id",
    name: "contact the seller",
    // The car's own seller may not contact themself (409, nothing written).
    expected: row(
      { anonymous: "login", buyer: "ok", seller: "refused", admin: "ok" },
      {
        sellerOther: "ok",
      },
    ),
    prepare: async (ids) => {
      const car = await newCar(ids);
      const none = async () =>
        (await t.db.select().from(order).where(eq(order.listingId, car.id))).length === 0;
      return { form: contactForm, params: { id: String(car.id) }, unchanged: none };
    },
  },
  {
    route: "dashboard/productDetails/:id",
    name: "unknown intent",
    expected: members("invalid"),
    prepare: async (ids) => ({ form: {}, params: { id: String((await newCar(ids)).id) } }),
  },
  {
    route: "dashboard/productDetails/:id",
    name: "report to admin",
    // Not one's own car (409, nothing written).
    expected: row(
      { anonymous: "login", buyer: "ok", seller: "refused", admin: "ok" },
      { sellerOther: "ok" },
    ),
    prepare: async (ids) => {
      const car = await newCar(ids);
      const none = async () =>
        (await t.db.select().from(report).where(eq(report.listingId, car.id))).length === 0;
      return {
        form: { intent: "report", reason: "wrong_information", details: "Matrix" },
        params: { id: String(car.id) },
        unchanged: none,
      };
    },
  },
  // The three user lists share one action: every intent on every list.
  ...(["dashboard/alluser", "dashboard/allseller", "dashboard/allbuyer"] as const).flatMap(
    (route): ActionCase[] => [
      {
        route,
        name: "make admin",
        expected: admins,
        prepare: adminUserIntent("makeAdmin", { role: "buyer" }),
      },
      {
        route,
        name: "remove admin rights",
        expected: admins,
        prepare: adminUserIntent("removeAdmin", { role: "admin" }),
      },
      {
        route,
        name: "verify a seller",
        expected: admins,
        prepare: adminUserIntent("verify", { role: "seller" }, { checks: "identity" }),
      },
      {
        route,
        name: "withdraw a verification",
        expected: admins,
        prepare: adminUserIntent(
          "withdraw",
          { role: "seller", verified: true },
          { reason: "Matrix" },
        ),
      },
      {
        route,
        name: "delete a user",
        expected: admins,
        prepare: adminUserIntent("delete", { role: "buyer" }),
      },
      {
        route,
        name: "delete an admin",
        // Refused even for admins (409); nobody else gets that far.
        expected: row({
          anonymous: "login",
          buyer: "forbidden",
          seller: "forbidden",
          admin: "refused",
        }),
        prepare: adminUserIntent("delete", { role: "admin" }),
      },
      {
        route,
        name: "unknown intent",
        expected: row({
          anonymous: "login",
          buyer: "forbidden",
          seller: "forbidden",
          admin: "invalid",
        }),
        prepare: empty,
      },
    ],
  ),
  {
    route: "dashboard/reportedItems",
    name: "delete a reported car",
    expected: admins,
    prepare: async (ids) => {
      const { car, unchanged } = await canaryReport(ids);
      return { form: { intent: "delete", id: String(car.id) }, unchanged };
    },
  },
  {
    route: "dashboard/reportedItems",
    name: "dismiss reports",
    expected: admins,
    prepare: async (ids) => {
      const { car, unchanged } = await canaryReport(ids);
      return { form: { intent: "dismiss", id: String(car.id) }, unchanged };
    },
  },
  {
    route: "dashboard/myorders",
    name: "cancel the buyer's request",
    expected: row(
      { anonymous: "login", buyer: "ok", seller: "not found", admin: "not found" },
      { buyerOther: "not found" },
    ),
    prepare: async (ids) => {
      const canary = await canaryOrder(ids);
      return {
        form: { intent: "cancel", id: String(canary.order.id) },
        unchanged: canary.unchanged,
      };
    },
  },
  // Conversations (issue 27): only the request's buyer and seller write in it.
  {
    route: "dashboard/conversations/:id",
    name: "send a message",
    expected: participants("ok"),
    prepare: async (ids) => {
      const canary = await canaryConversation(ids);
      return {
        form: { intent: "send", body: "Matrix message", composeKey: crypto.randomUUID() },
        params: canary.params,
        unchanged: canary.unchanged,
      };
    },
  },
  {
    route: "dashboard/conversations/:id",
    name: "send a photo",
    expected: participants("ok"),
    prepare: async (ids) => {
      const canary = await canaryConversation(ids);
      const files = await messageFiles();
      return {
        form: {
          intent: "send",
          body: "",
          composeKey: crypto.randomUUID(),
          photos: file(await jpeg(640, 480), "matrix.jpg"),
        },
        params: canary.params,
        // Refused: no message, and no file decoded and left behind.
        unchanged: async () =>
          (await canary.unchanged()) && (await messageFiles()).length === files.length,
      };
    },
  },
  {
    route: "dashboard/conversations/:id",
    name: "empty form",
    expected: row(
      { anonymous: "login", buyer: "invalid", seller: "invalid", admin: "invalid" },
      { buyerOther: "invalid", sellerOther: "invalid" },
    ),
    prepare: async (ids) => {
      const canary = await canaryConversation(ids);
      return { form: {}, params: canary.params, unchanged: canary.unchanged };
    },
  },
  {
    route: "dashboard/conversations/:id",
    name: "report the conversation",
    expected: participants("ok"),
    prepare: async (ids) => {
      const canary = await canaryConversation(ids);
      const reports = async () =>
        (
          await t.db
            .select()
            .from(conversationReport)
            .where(eq(conversationReport.orderId, Number(canary.params.id)))
        ).length;
      return {
        form: { intent: "report", reason: "harassment", details: "Matrix report" },
        params: canary.params,
        unchanged: async () => (await reports()) === 0,
      };
    },
  },
  ...(["block", "unblock"] as const).map((intent) => ({
    route: "dashboard/conversations/:id",
    name: `${intent} the other side`,
    expected: participants("ok"),
    prepare: async (ids: Ids) => {
      const canary = await canaryConversation(ids);
      // "unblock" finds the seller's block: only the seller may lift it (others change nothing).
      const id = Number(canary.params.id);
      if (intent === "unblock") {
        await t.db.update(order).set({ blockedBy: "seller" }).where(eq(order.id, id));
      }
      const blockedBy = async () =>
        (await t.db.select().from(order).where(eq(order.id, id)))[0]?.blockedBy ?? null;
      const before = await blockedBy();
      return {
        form: { intent },
        params: canary.params,
        unchanged: async () => (await blockedBy()) === before,
      };
    },
  })),
  // Viewings (issue 27): only the request's two people propose, accept, cancel or answer.
  {
    route: "dashboard/conversations/:id",
    name: "propose a viewing",
    expected: participants("ok"),
    prepare: async (ids) => {
      const canary = await canaryConversation(ids);
      const orderId = Number(canary.params.id);
      const before = await viewingState(orderId);
      return {
        form: {
          intent: "propose",
          proposalKey: crypto.randomUUID(),
          at1: daysAhead(3),
          place1: "address",
          address1: "Matrix square",
        },
        params: canary.params,
        unchanged: async () => (await viewingState(orderId)) === before,
      };
    },
  },
  {
    route: "dashboard/conversations/:id",
    name: "accept the seller's proposed time",
    // The seller proposed it: only the buyer accepts; the seller's own is refused (409).
    expected: row(
      { anonymous: "login", buyer: "ok", seller: "refused", admin: "not found" },
      { buyerOther: "not found", sellerOther: "not found" },
    ),
    prepare: async (ids) => {
      const canary = await canaryViewing(ids, { by: "seller" });
      return { form: { intent: "accept", viewingId: canary.viewingId }, ...canary };
    },
  },
  {
    route: "dashboard/conversations/:id",
    name: "cancel an agreed viewing",
    expected: participants("ok"),
    prepare: async (ids) => {
      const canary = await canaryViewing(ids, { by: "buyer", status: "accepted" });
      return { form: { intent: "cancel-viewing", viewingId: canary.viewingId }, ...canary };
    },
  },
  {
    route: "dashboard/conversations/:id",
    name: "say whether the viewing happened",
    expected: participants("ok"),
    prepare: async (ids) => {
      const canary = await canaryViewing(ids, { by: "buyer", status: "accepted", past: true });
      return {
        form: { intent: "outcome", viewingId: canary.viewingId, outcome: "met" },
        ...canary,
      };
    },
  },
  // Admins dismiss a reported conversation's reports; nobody else reaches it.
  {
    route: "dashboard/reportedItems/conversations/:id",
    name: "dismiss its reports",
    expected: admins,
    prepare: async (ids) => {
      const canary = await canaryOrder(ids);
      await t.db
        .insert(conversationReport)
        .values({ orderId: canary.order.id, reporterId: ids.buyerId, reason: "spam" });
      const open = async () =>
        (
          await t.db
            .select()
            .from(conversationReport)
            .where(eq(conversationReport.orderId, canary.order.id))
        ).every((row) => row.resolvedAt === null);
      return {
        form: { intent: "dismiss" },
        params: { id: String(canary.order.id) },
        unchanged: open,
      };
    },
  },
  {
    route: "dashboard/reportedItems/conversations/:id",
    name: "empty form",
    expected: row({
      anonymous: "login",
      buyer: "forbidden",
      seller: "forbidden",
      admin: "invalid",
    }),
    prepare: async (ids) => {
      const canary = await canaryConversation(ids);
      return { form: {}, params: canary.params, unchanged: canary.unchanged };
    },
  },
  // The setting for emails about unread messages: each person's own.
  {
    route: "dashboard/conversations",
    name: "turn message emails off",
    expected: members(),
    prepare: async (ids) => {
      const before = async () =>
        (await t.db.select().from(user).where(eq(user.id, ids.buyerId)))[0]?.messageEmails;
      return { form: { intent: "emails" }, unchanged: async () => (await before()) === true };
    },
  },
  // The language switcher: anyone may choose; it changes only the chooser's own account.
  {
    route: "language",
    name: "choose Spanish",
    expected: everyone("redirect"),
    prepare: async () => ({ form: { language: "es", redirectTo: "/products" } }),
  },
  { route: "language", name: "empty form", expected: everyone("invalid"), prepare: empty },
  {
    route: "wishlist",
    name: "save a car",
    expected: members("redirect"),
    prepare: async (ids) => ({
      form: { intent: "save", listingId: String((await newCar(ids)).id) },
    }),
  },
  {
    route: "wishlist",
    name: "remove the buyer's entry",
    expected: row(
      { anonymous: "login", buyer: "redirect", seller: "not found", admin: "not found" },
      { buyerOther: "not found" },
    ),
    prepare: async (ids) => {
      const car = await newCar(ids);
      const [entry] = await t.db
        .insert(wishlist)
        .values({ userId: ids.buyerId, listingId: car.id, listingTitle: car.title })
        .returning();
      const unchanged = async () =>
        (await t.db.select().from(wishlist).where(eq(wishlist.id, entry!.id))).length === 1;
      return { form: { intent: "remove", entryId: String(entry!.id) }, unchanged };
    },
  },
  // Saved searches: each person saves their own; only the buyer may change the buyer's.
  {
    route: "dashboard/savedSearches",
    name: "save a search",
    expected: members("redirect"),
    prepare: async () => ({
      form: {
        intent: "save",
        name: "Matrix search",
        frequency: "daily",
        search: "/products/allProducts?make=Toyota",
      },
    }),
  },
  ...(["edit", "pause", "resume", "delete"] as const).map((intent) => ({
    route: "dashboard/savedSearches",
    name: `${intent} the buyer's search`,
    expected: buyerOnly,
    prepare: async (ids: Ids) => {
      const canary = await canarySearch(ids);
      return {
        form: { intent, id: String(canary.id), name: "Renamed", frequency: "weekly" },
        unchanged: canary.unchanged,
      };
    },
  })),
  {
    route: "dashboard/savedSearches",
    name: "empty form",
    expected: members("invalid"),
    prepare: empty,
  },
  // An unsubscribe link: a forged one stops nothing for anybody; the real one works for
  // whoever holds it, signed in or not, as a link in an email must.
  {
    route: "alerts/unsubscribe",
    name: "a forged link",
    expected: everyone("not found"),
    prepare: async (ids) => {
      const canary = await canarySearch(ids);
      const token = linkToken("another-secret-another-secret-0123456", "unsubscribe", {
        search: canary.id,
      });
      return { form: {}, query: `?token=${token}`, unchanged: canary.unchanged };
    },
  },
  {
    route: "alerts/unsubscribe",
    name: "the search's own link",
    expected: everyone("ok"),
    prepare: async (ids) => {
      const canary = await canarySearch(ids);
      const token = linkToken(t.services.config.secret, "unsubscribe", { search: canary.id });
      return { form: { "List-Unsubscribe": "One-Click" }, query: `?token=${token}` };
    },
  },
  {
    route: "dashboard/myProducts",
    name: "delete",
    expected: ownerOnly,
    prepare: myCarIntent("delete"),
  },
  {
    route: "dashboard/myProducts",
    name: "mark sold",
    expected: ownerOnly,
    prepare: myCarIntent("status", { status: "sold" }),
  },
  {
    route: "dashboard/myProducts",
    name: "advertise",
    expected: ownerOnly,
    prepare: myCarIntent("advertise"),
  },
  {
    route: "dashboard/myProducts",
    name: "confirm still for sale",
    expected: ownerOnly,
    prepare: myCarIntent("confirm"),
  },
  {
    route: "dashboard/sellCar",
    name: "empty form",
    expected: sellers("invalid"),
    prepare: empty,
  },
  {
    route: "dashboard/productDetails/editProduct/:id",
    name: "empty form on the seller's car",
    expected: sellers("invalid", "forbidden"),
    prepare: async (ids) => {
      const { car, unchanged } = await canaryCar(ids);
      return { form: {}, params: { id: String(car.id) }, unchanged };
    },
  },
  {
    route: "dashboard/settings",
    name: "save the site settings",
    expected: admins,
    prepare: async () => {
      const before = JSON.stringify(await t.db.select().from(siteSettings));
      const unchanged = async () =>
        JSON.stringify(await t.db.select().from(siteSettings)) === before;
      const form = {
        ...settingsAsForm(SITE_DEFAULTS),
        name: `Matrix Cars ${++settingsSaves}`,
      };
      return { form, unchanged };
    },
  },
  {
    route: "dashboard/settings",
    name: "empty form",
    expected: row({
      anonymous: "login",
      buyer: "forbidden",
      seller: "forbidden",
      admin: "invalid",
    }),
    prepare: async () => {
      const before = JSON.stringify(await t.db.select().from(siteSettings));
      return {
        form: {},
        unchanged: async () => JSON.stringify(await t.db.select().from(siteSettings)) === before,
      };
    },
  },
  {
    route: "dashboard/categories",
    name: "add a category",
    expected: admins,
    prepare: async () => {
      const before = await categoryState();
      const photo = file(await jpeg(600, 400, { seed: ++categorySeq }), "category.jpg");
      return {
        form: { intent: "add", name: `Added ${categorySeq}`, photo },
        unchanged: async () => (await categoryState()) === before,
      };
    },
  },
  {
    route: "dashboard/categories",
    name: "rename a category, with its address",
    expected: admins,
    prepare: categoryIntent("edit", {}, (_, id) => ({
      name: `Renamed ${id}`,
      changeAddress: "on",
    })),
  },
  {
    route: "dashboard/categories",
    name: "move a category up",
    expected: admins,
    prepare: categoryIntent("move", {}, () => ({ direction: "up" })),
  },
  {
    route: "dashboard/categories",
    name: "hide a category",
    expected: admins,
    prepare: categoryIntent("hide"),
  },
  {
    route: "dashboard/categories",
    name: "show a hidden category",
    expected: admins,
    prepare: categoryIntent("show", { hidden: true }),
  },
  {
    route: "dashboard/categories",
    name: "delete an empty category",
    expected: admins,
    prepare: categoryIntent("delete", {}, () => ({ cars: "0" })),
  },
  {
    route: "dashboard/categories",
    name: "move 2 cars and delete",
    expected: admins,
    prepare: categoryIntent("delete", { cars: 2 }, (ids) => ({
      cars: "2",
      moveTo: String(ids.categoryId),
    })),
  },
  {
    route: "dashboard/categories",
    name: "empty form",
    expected: row({
      anonymous: "login",
      buyer: "forbidden",
      seller: "forbidden",
      admin: "invalid",
    }),
    prepare: async () => {
      const before = await categoryState();
      return { form: {}, unchanged: async () => (await categoryState()) === before };
    },
  },
  {
    route: "dashboard/safePlaces",
    name: "add a safe place",
    expected: admins,
    prepare: async () => {
      const before = await safePlaceState();
      return {
        form: { intent: "add", ...placeFields(++placeSeq) },
        unchanged: async () => (await safePlaceState()) === before,
      };
    },
  },
  {
    route: "dashboard/safePlaces",
    name: "edit a safe place",
    expected: admins,
    prepare: safePlaceIntent("edit", (n) => ({ ...placeFields(n), name: `Renamed place ${n}` })),
  },
  {
    route: "dashboard/safePlaces",
    name: "delete a safe place",
    expected: admins,
    prepare: safePlaceIntent("delete"),
  },
  {
    route: "dashboard/safePlaces",
    name: "empty form",
    expected: row({
      anonymous: "login",
      buyer: "forbidden",
      seller: "forbidden",
      admin: "invalid",
    }),
    prepare: async () => {
      const before = await safePlaceState();
      return { form: {}, unchanged: async () => (await safePlaceState()) === before };
    },
  },
  // The warning words (issue 27): admins add, remove and restore; the canary is the list.
  {
    route: "dashboard/warningWords",
    name: "add a warning word",
    expected: admins,
    prepare: async () => {
      const before = await warningState();
      // Admins' adds are taken back, so the next column meets the same list.
      return {
        form: { intent: "add", kind: "code", phrase: `matrix phrase ${++placeSeq}` },
        unchanged: async () => (await warningState()) === before,
      };
    },
  },
  {
    route: "dashboard/warningWords",
    name: "remove a warning word",
    expected: admins,
    prepare: async () => {
      const [created] = await t.db
        .insert(warningPhrase)
        .values({ kind: "code", phrase: `matrix canary ${++placeSeq}` })
        .returning();
      const before = await warningState();
      return {
        form: { intent: "remove", id: String(created!.id) },
        unchanged: async () => (await warningState()) === before,
      };
    },
  },
  {
    route: "dashboard/warningWords",
    name: "restore the built-in words",
    expected: admins,
    prepare: async () => {
      await t.db.delete(warningPhrase).where(eq(warningPhrase.phrase, "bitcoin"));
      const before = await warningState();
      return {
        form: { intent: "restore" },
        unchanged: async () => (await warningState()) === before,
      };
    },
  },
  {
    route: "dashboard/warningWords",
    name: "empty form",
    expected: row({
      anonymous: "login",
      buyer: "forbidden",
      seller: "forbidden",
      admin: "invalid",
    }),
    prepare: async () => {
      const before = await warningState();
      return { form: {}, unchanged: async () => (await warningState()) === before };
    },
  },
  // Last: logging out ends each person's session used above.
  { route: "logout", name: "empty form", expected: everyone("redirect"), prepare: empty },
];

async function empty() {
  return { form: {} };
}

type RouteEntry = { path?: string; file: string; index?: boolean };
const entries = (routes as RouteEntry[]).map((route) => ({
  key: route.index ? "" : (route.path ?? ""),
  file: route.file,
}));

const cookies = Object.fromEntries(PEOPLE.map((who) => [who, ""])) as Record<Who, string>;
let ids: Ids;
let params: Record<string, string>;
/** The request whose conversation the conversation pages' rows open. */
let conversationId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const [sedan] = await createCategories(t.db);
  const password = "matrix-password";
  const userIds = {} as Record<Who, string>;
  const roleOf = {
    buyer: "buyer",
    buyerOther: "buyer",
    seller: "seller",
    sellerOther: "seller",
    admin: "admin",
  } as const;
  for (const who of Object.keys(roleOf) as (keyof typeof roleOf)[]) {
    const email = `${who.toLowerCase()}@matrix.example`;
    userIds[who] = await createUserWithPassword(t.db, {
      name: `The ${who}`,
      email,
      password,
      role: roleOf[who],
    });
    const response = await responseOf(() =>
      callAction(login.action, { path: "/login", form: { email, password }, context: t.context() }),
    );
    cookies[who] = cookieFrom(response);
  }
  ids = { sellerId: userIds.seller, buyerId: userIds.buyer, categoryId: sedan!.id };
  const car = await newCar(ids);
  params = { category: "sedan", id: String(car.id) };
  conversationId = (await createOrder(t.db, car, ids.buyerId)).id;
  // A message with a photo in it, for the photo route's row.
  const [said] = await t.db
    .insert(message)
    .values({
      orderId: conversationId,
      senderId: ids.buyerId,
      body: "",
      composeKey: "matrix-photo",
    })
    .returning();
  const picture = await sharp(await jpeg(480, 360))
    .webp()
    .toBuffer();
  const key = messagePhotoKey();
  await t.storage.put(key, picture, "image/webp");
  const [stored] = await t.db
    .insert(messagePhoto)
    .values({
      messageId: said!.id,
      position: 0,
      smallKey: key,
      largeKey: key,
      width: 480,
      height: 360,
    })
    .returning();
  params.photoId = String(stored!.id);
  await t.db
    .insert(conversationReport)
    .values({ orderId: conversationId, reporterId: ids.buyerId, reason: "scam" });
});
afterAll(async () => {
  await t.close();
});

function fill(path: string, values: Record<string, string>): string {
  return `/${path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? name).replace("*", "no/such/page")}`;
}

function classify(status: number, location: string | null): Outcome {
  if (status >= 300 && status < 400) {
    return location?.startsWith("/login?redirectTo=") ? "login" : "redirect";
  }
  if (status === 400) return "invalid";
  if (status === 403) return "forbidden";
  if (status === 404) return "not found";
  if (status === 409) return "refused";
  if (status < 300) return "ok";
  throw new Error(`unexpected status ${status}`);
}

/** What a loader or action answered, however it answered (returned, thrown, data()). */
async function outcomeOf(run: () => Promise<unknown>, redirectIsOk = false): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    value = error;
    if (!(error instanceof Response) && !(error as { init?: unknown }).init) throw error;
  }
  let outcome: Outcome;
  if (value instanceof Response) {
    outcome = classify(value.status, value.headers.get("Location"));
  } else {
    const init = (value as { init?: { status?: number } | null } | null)?.init;
    outcome = classify(init?.status ?? 200, null);
  }
  return redirectIsOk && outcome === "redirect" ? "ok" : outcome;
}

async function pageOutcome(file: string, path: string, cookie: string): Promise<Outcome> {
  const module = (await import(`../../app/${file}`)) as { loader?: (args: never) => unknown };
  if (!module.loader) return "ok";
  const loader = module.loader;
  const values = /^dashboard\/(?:reportedItems\/)?conversations\//.test(path)
    ? { ...params, id: String(conversationId) }
    : params;
  const routeParams = Object.fromEntries(
    [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, values[name!] ?? ""]),
  );
  return outcomeOf(() =>
    callLoaderAs(loader, {
      path: fill(path, values),
      cookie,
      params: routeParams,
      context: t.context(),
    }),
  );
}

test("every route in app/routes.ts is in the matrix, and nothing else", () => {
  expect(entries.map((entry) => entry.key).sort()).toEqual(Object.keys(MATRIX).sort());
});

describe.each(Object.keys(MATRIX))("GET %s", (key) => {
  test.each(PEOPLE)("%s", async (who) => {
    const entry = entries.find((candidate) => candidate.key === key);
    expect(entry, `route ${key} is not in app/routes.ts`).toBeDefined();
    expect(await pageOutcome(entry!.file, key, cookies[who])).toBe(MATRIX[key]![who]);
  });
});

test("every route with an action has its cases, and no case names another route", async () => {
  const withActions: string[] = [];
  for (const entry of entries) {
    const module = (await import(`../../app/${entry.file}`)) as { action?: unknown };
    if (module.action) withActions.push(entry.key);
  }
  expect(withActions.sort()).toEqual([...new Set(ACTIONS.map((c) => c.route))].sort());
});

describe.each(ACTIONS.map((c) => [`POST ${c.route} (${c.name})`, c] as const))("%s", (_, c) => {
  test.each(PEOPLE)("%s", async (who) => {
    const entry = entries.find((candidate) => candidate.key === c.route)!;
    const module = (await import(`../../app/${entry.file}`)) as {
      action: (args: never) => unknown;
    };
    const prepared = await c.prepare(ids);
    const routeParams = prepared.params ?? {};
    const expected = c.expected[who];
    // A redirect back after success counts as "ok" where the row says so.
    const outcome = await outcomeOf(
      () =>
        callAction(module.action, {
          path: fill(c.route, { ...params, ...routeParams }) + (prepared.query ?? ""),
          form: prepared.form,
          params: routeParams,
          context: t.context(),
          cookie: cookies[who],
        }),
      expected === "ok",
    );
    expect(outcome).toBe(expected);
    if (expected !== "ok" && expected !== "redirect" && prepared.unchanged) {
      expect(await prepared.unchanged(), `${who} changed the record`).toBe(true);
    }
  });
});

test("a guarded page remembers where the visitor was going", async () => {
  const module = await import("#app/routes/dashboard/seller/sell-car/route.tsx");
  const response = await responseOf(() =>
    callLoaderAs(module.loader, { path: "/dashboard/sellCar?draft=1", context: t.context() }),
  );
  expect(response.headers.get("Location")).toBe(
    `/login?redirectTo=${encodeURIComponent("/dashboard/sellCar?draft=1")}`,
  );
});
