// Link versus load (issue 22): a page must show its form controls in the same state
// whether it was loaded directly or reached inside the app (a link, a search form, Back
// and Forward: client-side navigations). The Preact build broke this for the edit
// form's selects. Routes come from app/routes.ts and links from a bounded crawl as each
// role, so a new route is compared, or must be named in EXCEPTIONS, without edits here.
import type { Browser, BrowserContext, Locator, Page, Request } from "playwright-core";
import { matchRoutes } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";

import routes from "#app/routes.ts";

import { baseURL, DESKTOP, launch } from "./browser.ts";

type Role = "visitor" | "buyer" | "seller" | "admin";
const ROLES: Role[] = ["visitor", "buyer", "seller", "admin"];
const ACCOUNTS: Record<Exclude<Role, "visitor">, string> = {
  buyer: "liam.carter@example.com",
  seller: "maya.thompson@example.com",
  admin: "admin@example.com",
};

/** Route patterns that are not compared, and why. Links to them are never followed. */
const EXCEPTIONS: Record<string, string> = {
  logout: "POST only (the header's Log Out form, itself compared on every signed-in page)",
  "reset-password": "reached from the link in the reset email, never from a page",
  "verify-email": "reached from the link in the verification email; the banner's form posts to it",
  "auth/oidc": "POST only (Continue With Google); its GET only redirects to /login",
  "auth/welcome": "where the sign-in provider sends the browser back; it only redirects",
  "sitemap.xml": "a resource route (XML): no page, no form",
  "robots.txt": "a resource route (text): no page, no form",
  "resources/price-guidance": "a resource route (JSON) that the sell and edit forms fetch",
  wishlist: "a resource route the save buttons POST to; it renders no page",
  language: "the language switcher's action (POST); it renders no page",
  "savedSearches/:id/results":
    "only redirects to the saved search's results page, itself compared as products/allProducts",
  "alerts/unsubscribe":
    "reached from the link in an alert email, never from a page (alerts.test.ts opens it signed out)",
  "alerts/feed": "a resource route (Atom XML) for feed readers: no page, no form",
  "dashboard/reportedItems/conversations/:id":
    "linked from Reported Items only while a conversation is reported (the demo has none); it has no form but Dismiss's confirm, and tests/integration/conversations.test.ts reads it",
  "dashboard/conversations/:id/events":
    "a resource route (Server-Sent Events) a conversation page listens to: no page, no form",
  "dashboard/conversations/:id/photos/:photoId":
    "a resource route (one photo of a message, an image): no page, no form; tests/e2e/conversations.test.ts loads it",
  ...Object.fromEntries(
    ["about", "terms", "privacy"].map((key) => [
      key,
      "404 until the operator writes it; site-settings.test.ts compares /about reached by its footer link with /about loaded",
    ]),
  ),
  "*": "the 404 page: no link leads there on purpose, and it has no form of its own",
};

/** Pairs that must be compared whatever the crawl finds: [role, pattern, linking page]. */
const MUST_COVER: [Role, string, string?][] = [
  ["seller", "dashboard/productDetails/editProduct/:id", "/dashboard/myProducts"], // issue 22
  ["seller", "dashboard/sellCar"],
  ["seller", "dashboard/myProducts"],
  ["buyer", "dashboard/productDetails/:id"],
  ["visitor", "products/allProducts"],
  ["visitor", "login"],
  ["visitor", "register"],
  ["admin", "dashboard/alluser"],
  ["admin", "dashboard/allseller"],
  ["admin", "dashboard/allbuyer"],
  ["admin", "dashboard/reportedItems"],
  ["admin", "dashboard/settings"],
  ["admin", "dashboard/categories"],
  ["admin", "dashboard/safePlaces"],
  ["admin", "dashboard/warningWords"],
  // Conversations (issue 27): the header's Messages link, then a conversation from the inbox.
  ["buyer", "dashboard/conversations"],
  ["buyer", "dashboard/conversations/:id", "/dashboard/conversations"],
];

const START_PAGES = ["/", "/dashboard"];
// Bounds that keep the file near two minutes on two cores.
const CRAWL_PAGES = 60;
const PAGES_PER_SHAPE = 2;
const QUERY_SHAPES_PER_ROUTE = 2;
const DIALOGS_PER_PAGE = 6;

// Control states are compared exactly. A value that must differ between two renders of
// one URL gets a rule here, matched by control, with its reason.
const NORMALISE: { why: string; control: RegExp; to: (value: string) => string }[] = [
  {
    why: "a one-time token per form render (issue 23): sending a form twice makes one car",
    control: /\bname=formToken\b/,
    to: (value) => (value ? "(a fresh token)" : value),
  },
  {
    why: "a fresh key per compose (issue 27): the same compose sent twice is one message",
    control: /\bname=composeKey\b/,
    to: (value) => (value ? "(a fresh key)" : value),
  },
  {
    why: "a fresh key per viewing proposal (issue 27): the same proposal sent twice is stored once",
    control: /\bname=proposalKey\b/,
    to: (value) => (value ? "(a fresh key)" : value),
  },
];

const entries = routes as { path?: string; index?: boolean; file: string }[];
const routeKeys = entries.map((route) => (route.index ? "/" : (route.path ?? "")));
/** Each pattern's route module: the pages of one module open the same dialogs. */
const moduleOf = new Map(routeKeys.map((key, i) => [key, entries[i]!.file]));
const routeObjects = routeKeys.map((id) => (id === "/" ? { id, index: true } : { id, path: id }));
/** The routes.ts pattern a path belongs to ("dashboard/productDetails/:id"). */
const patternOf = (pathname: string) => matchRoutes(routeObjects, pathname)?.at(-1)?.route.id;

/** One role's context: links are clicked in `nav`, the same URLs loaded in `load`. */
type Session = { role: Role; context: BrowserContext; nav: Page; load: Page; problems: string[] };
type Found = { url: string; pattern: string; shape: string; sources: string[] };
type Control = { key: string; state: Record<string, string> };

let browser: Browser;
const sessions = new Map<Role, Session>();
/** Per role: the link targets that answered 200, in crawl order, with pages linking there. */
const crawled = new Map<Role, Found[]>();
const linkedPatterns = new Set<string>();
const comparedPatterns = new Set<string>();
/** Requests in flight: a same-document navigation has no load event to wait for. */
const inflight = new WeakMap<Page, Set<Request>>();

async function watchedPage(context: BrowserContext, problems: string[]): Promise<Page> {
  const page = await context.newPage();
  const pending = new Set<Request>();
  inflight.set(page, pending);
  page.on("request", (request) => {
    // Pictures and fonts change no control; data, code and styles can. A conversation's
    // event stream (issue 27) never finishes; what it announces is fetched as data.
    if (!["image", "media", "font", "eventsource"].includes(request.resourceType())) {
      pending.add(request);
    }
  });
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => {
    pending.delete(request);
    // Leaving a page cancels its pending loads; that is not a fault.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") {
      problems.push(`request failed: ${request.url()}`);
    }
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return page;
}

async function openSession(role: Role): Promise<Session> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseURL() });
  const problems: string[] = [];
  const nav = await watchedPage(context, problems);
  const load = await watchedPage(context, problems);
  await nav.bringToFront();
  if (role !== "visitor") {
    // API requests share the context's cookies: one sign-in per role (they are rate limited).
    const answer = await context.request.post("/login", {
      form: { email: ACCOUNTS[role], password: "carlot-demo" },
      maxRedirects: 0,
    });
    expect(answer.status(), `log in as ${role}`).toBe(302);
  }
  return { role, context, nav, load, problems };
}

/**
 * Waits for a moment without requests in flight (loaders, lazy chunks), then for an
 * idle main thread: hydrating and rendering are done, whichever library does them.
 */
async function settle(page: Page): Promise<void> {
  const pending = inflight.get(page)!;
  const deadline = Date.now() + 10_000;
  for (let quietSince = Date.now(); Date.now() < deadline;) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) {
      await page.evaluate(
        () => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })),
      );
      // React reveals a <Suspense> part whose code just arrived up to 300 ms later:
      // wait until the page has not changed for 400 ms.
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            let timer = setTimeout(finish, 400);
            const observer = new MutationObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(finish, 400);
            });
            function finish() {
              observer.disconnect();
              done();
            }
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
            setTimeout(finish, 3000);
          }),
      );
      if (pending.size === 0) return;
    }
  }
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', "#39": "'", "#x27": "'" };
const hrefsIn = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) =>
    match[1]!.replace(/&(amp|quot|#39|#x27);/g, (_all, name: string) => ENTITIES[name]!),
  );

/**
 * Breadth first over the role's in-app links in the server's HTML, fetched with the
 * role's cookies (quick, and the links the browser gets), at most PAGES_PER_SHAPE pages
 * of each shape (pattern and query parameter names): twenty car pages cost two.
 */
async function crawl(session: Session): Promise<Found[]> {
  const found = new Map<string, Found>();
  const queue = [...START_PAGES];
  const queued = new Set(queue);
  const answered = new Set<string>();
  const perShape = new Map<string, number>();
  for (let fetched = 0; queue.length > 0 && fetched < CRAWL_PAGES; fetched++) {
    const path = queue.shift()!;
    const answer = await session.context.request.get(path, { maxRedirects: 0 });
    if (answer.status() !== 200 || !answer.headers()["content-type"]?.includes("text/html")) {
      continue;
    }
    answered.add(path);
    for (const href of hrefsIn(await answer.text())) {
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      const url = new URL(href, baseURL());
      const target = `${url.pathname}${url.search}`;
      const pattern = patternOf(url.pathname);
      if (pattern === undefined) continue;
      linkedPatterns.add(pattern);
      if (pattern in EXCEPTIONS || target === path) continue;
      const names = [...new Set(url.searchParams.keys())].sort().join("&");
      const shape = names ? `${pattern}?${names}` : pattern;
      const entry = found.get(target) ?? { url: target, pattern, shape, sources: [] };
      found.set(target, entry);
      if (entry.sources.length < 3 && !entry.sources.includes(path)) entry.sources.push(path);
      const count = perShape.get(shape) ?? 0;
      if (queued.has(target) || count >= PAGES_PER_SHAPE) continue;
      perShape.set(shape, count + 1);
      queued.add(target);
      queue.push(target);
    }
  }
  return [...found.values()].filter((entry) => answered.has(entry.url));
}

/** Every input, select, textarea and button under `root`, keyed by what a reader sees. */
async function controlsIn(root: Locator, prefix = ""): Promise<Control[]> {
  const raw = await root.evaluate((scope) =>
    [...scope.querySelectorAll("input, select, textarea, button")].map((node) => {
      const el = node as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
      const text = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
      // A label's own words: a <label> wrapping its select also holds the options' text.
      const label = el.labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
      label?.querySelectorAll("select, textarea, button").forEach((inner) => inner.remove());
      const name = el.getAttribute("name");
      const said =
        el.getAttribute("aria-label") ?? (text(label?.textContent) || text(el.textContent));
      const state: Record<string, string> = {
        value: el.value,
        disabled: String(el.matches(":disabled")),
      };
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        state.checked = String(el.checked);
      }
      if (el instanceof HTMLSelectElement) {
        state.selected = [...el.selectedOptions].map((o) => o.value).join(" | ");
        state.options = [...el.options].map((o) => o.value).join(" | ");
      }
      const form = el.form?.getAttribute("aria-label") ?? el.form?.getAttribute("action") ?? "";
      const what = `${el.localName}[${el.type}]${name ? ` name=${name}` : ""} "${said}"`;
      return { what: form ? `form "${form}" › ${what}` : what, state };
    }),
  );
  const seen = new Map<string, number>();
  return raw.map(({ what, state }) => {
    const n = (seen.get(what) ?? 0) + 1;
    seen.set(what, n);
    return { key: `${prefix}${what}${n > 1 ? ` (#${n})` : ""}`, state };
  });
}

/** The page's controls and, if asked, those of each kind of dialog it opens, as rendered. */
async function record(page: Page, dialogs: boolean): Promise<Control[]> {
  const controls = await controlsIn(page.locator("body"));
  const triggers = page.locator('[aria-haspopup="dialog"]').filter({ visible: true });
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true });
  const here = page.url();
  const opened = new Set<string>();
  for (let i = 0; dialogs && i < (await triggers.count()) && opened.size < DIALOGS_PER_PAGE; i++) {
    const trigger = triggers.nth(i);
    // One of each kind: by its text, not its label, which names the row ("Delete Maya").
    const name = (await trigger.innerText()).replace(/\s+/g, " ").trim();
    if (opened.has(name) || (await trigger.getAttribute("aria-disabled")) === "true") continue;
    opened.add(name);
    await trigger.click({ timeout: 10_000 });
    if (
      (await dialog
        .first()
        .waitFor({ timeout: 5000 })
        .catch(() => false)) === false
    ) {
      controls.push({ key: `dialog "${name}"`, state: { opened: "no" } });
      continue;
    }
    await settle(page);
    controls.push(...(await controlsIn(dialog.last(), `dialog "${name}" › `)));
    await page.keyboard.press("Escape");
    await dialog.first().waitFor({ state: "hidden", timeout: 5000 });
    await settle(page);
    // A dialog kept in the URL closes by going back there; stop if it did not.
    if (page.url() !== here) break;
  }
  return controls;
}

/** Readable differences between two records of one URL. */
function diff(what: string, moved: Control[], loaded: Control[], how: string): string[] {
  const norm = (key: string, value = "(none)") =>
    NORMALISE.reduce((v, rule) => (rule.control.test(key) ? rule.to(v) : v), value);
  const byKey = new Map(loaded.map((control) => [control.key, control.state]));
  const out: string[] = [];
  for (const { key, state } of moved) {
    const other = byKey.get(key);
    byKey.delete(key);
    if (!other) out.push(`${what}: ${key}: only after ${how}`);
    for (const field of other ? new Set([...Object.keys(state), ...Object.keys(other)]) : []) {
      const [a, b] = [norm(key, state[field]), norm(key, other![field])];
      if (a !== b)
        out.push(
          `${what}: ${key}: ${field} after ${how} ${JSON.stringify(a)}, loaded ${JSON.stringify(b)}`,
        );
    }
  }
  for (const key of byKey.keys()) out.push(`${what}: ${key}: only after a direct load`);
  return out;
}

/** Records the navigated page, direct-loads its URL in the same context, and compares. */
async function compareWithLoad(session: Session, what: string, how: string, dialogs = false) {
  const moved = await record(session.nav, dialogs);
  const url = session.nav.url();
  // A page behind another gets animation frames and idle time about once a second.
  await session.load.bringToFront();
  await session.load.goto(url);
  await settle(session.load);
  const loaded = await record(session.load, dialogs);
  await session.nav.bringToFront();
  return diff(`${what} (${url.replace(baseURL(), "")})`, moved, loaded, how);
}

/** Sets a marker on window that only a same-document navigation keeps. */
async function mark(page: Page): Promise<string> {
  const value = crypto.randomUUID();
  await page.evaluate((v) => Object.assign(window, { linkVsLoadMarker: v }), value);
  return value;
}
const marked = (page: Page) =>
  page.evaluate(() => (window as { linkVsLoadMarker?: string }).linkVsLoadMarker);

/**
 * Clicks a link to `url`: a plain link first (opening a closed <details> menu for it),
 * else a button-like one. A Compare toggle or a dialog trigger opens something in place,
 * after which a plain link may have appeared (the compare tray's).
 */
async function followLink(page: Page, url: string): Promise<"moved" | "in place" | "reload"> {
  const from = page.url();
  const selector = `a[href="${url.replace(/["\\]/g, "\\$&")}"]`;
  const plain = page.locator(`${selector}:not([role="button"]):not([aria-haspopup])`);
  let triedOther = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    let link = plain.filter({ visible: true }).first();
    if ((await link.count()) === 0 && (await plain.count()) > 0) {
      const summary = plain.first().locator("xpath=ancestor::details[not(@open)]/summary");
      if ((await summary.count()) > 0) await summary.first().click();
    }
    const isPlain = (await link.count()) > 0;
    if (!isPlain) {
      link = page.locator(selector).filter({ visible: true }).first();
      if (triedOther || (await link.count()) === 0) return "in place";
      triedOther = true;
    }
    const marker = await mark(page);
    await link.click({ timeout: 10_000 });
    await page
      .waitForFunction(
        (start) => location.href !== start || document.querySelector('[role="dialog"]') !== null,
        from,
        { timeout: isPlain ? 10_000 : 2_000 },
      )
      .catch(() => undefined);
    await settle(page);
    if (page.url() !== from) return (await marked(page)) === marker ? "moved" : "reload";
    await page.keyboard.press("Escape");
  }
  return "in place";
}

/**
 * For each pattern the role's crawl reached: its URL without a query, then up to
 * QUERY_SHAPES_PER_ROUTE URLs with other query parameters, each reached by clicking a
 * link on a page that has one, then loaded directly.
 */
async function compareLinkedPages(session: Session) {
  const { role } = session;
  const differences: string[] = [];
  const compared: { pattern: string; source: string; shape: string }[] = [];
  const inPlace: string[] = [];
  const probed = new Set<string>();
  for (const [pattern, found] of Map.groupBy(crawled.get(role)!, (entry) => entry.pattern)) {
    const wanted = MUST_COVER.find(([r, p]) => r === role && p === pattern)?.[2];
    const bare = found.filter((entry) => entry.shape === pattern).slice(0, 1);
    const shapes = new Set<string>();
    const tried = new Set<string>();
    for (const entry of [...bare, ...found.filter((entry) => entry.shape !== pattern)]) {
      if (shapes.size > QUERY_SHAPES_PER_ROUTE) break;
      if (tried.has(entry.shape)) continue;
      tried.add(entry.shape);
      const source = entry.sources.find((s) => s === wanted) ?? entry.sources[0]!;
      await session.nav.goto(source);
      await settle(session.nav);
      const outcome = await followLink(session.nav, entry.url);
      const what = `[${role}] ${pattern} via a link on ${source}`;
      if (outcome === "in place") inPlace.push(entry.url);
      if (outcome === "reload") differences.push(`${what}: a full load, not a client-side one`);
      if (outcome !== "moved") continue;
      // Dialogs once per route module and role: each costs a second or two.
      const dialogs = !probed.has(moduleOf.get(pattern)!);
      probed.add(moduleOf.get(pattern)!);
      differences.push(...(await compareWithLoad(session, what, "the link", dialogs)));
      shapes.add(entry.shape);
      compared.push({ pattern, source, shape: entry.shape });
      comparedPatterns.add(pattern);
    }
  }
  return { differences, compared, inPlace };
}

/** Steps through history to `goal`, comparing every entry on the way with a direct load. */
async function walkHistory(session: Session, step: "back" | "forward", goal: string, what: string) {
  const out: string[] = [];
  for (let i = 0; i < 8 && session.nav.url() !== goal; i++) {
    await (step === "back" ? session.nav.goBack() : session.nav.goForward());
    await settle(session.nav);
    out.push(...(await compareWithLoad(session, `${what}, ${step} ${i + 1}`, step)));
  }
  expect(session.nav.url(), `${what}: ${step} reached ${goal}`).toBe(goal);
  return out;
}

/** The buyer's request (made here, cancelled after): a conversation for the crawl to reach. */
let conversationId = "";

beforeAll(async () => {
  browser = await launch();
  for (const role of ROLES) {
    const session = await openSession(role);
    sessions.set(role, session);
    if (role === "buyer") conversationId = await startConversation(session);
    crawled.set(role, await crawl(session));
  }
}, 120_000);

/** Contacts the seller of the newest car on the list, as the buyer; returns the request's id. */
async function startConversation(session: Session): Promise<string> {
  const list = await session.context.request.get("/products/allProducts");
  const carId = /productDetails\/(\d+)/.exec(await list.text())?.[1];
  const placed = await session.context.request.post(`/dashboard/productDetails/${carId}?contact`, {
    form: {
      intent: "order",
      buyerName: "Liam Carter",
      meetingLocation: "Library car park",
      buyerPhone: "+1 512 555 0177",
    },
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(302);
  const orders = await session.context.request.get("/dashboard/myorders");
  const id = /\/dashboard\/conversations\/(\d+)/.exec(await orders.text())?.[1] ?? "";
  expect(id).not.toBe("");
  return id;
}

afterAll(async () => {
  if (conversationId) {
    const cancelled = await sessions.get("buyer")!.context.request.post("/dashboard/myorders", {
      form: { intent: "cancel", id: conversationId },
      maxRedirects: 0,
    });
    expect(cancelled.status()).toBe(302);
  }
  for (const session of sessions.values()) await session.context.close();
  await browser?.close();
});

// Each role has its own browser context, so the roles run side by side. Four roles
// crawling at once on a 2-core machine took over 240 s in one CI run (26 November
// 2026, a machine twice as slow as earlier ones); a role's crawl has 8 minutes.
test.concurrent.for(ROLES)(
  "as %s, every linked page shows its controls as a load does",
  { timeout: 480_000 },
  async (role, { expect }) => {
    const session = sessions.get(role)!;
    const { differences, compared, inPlace } = await compareLinkedPages(session);
    console.info(
      `${role}: ${compared.length} link/load pairs: ${compared.map((c) => c.shape).join(", ")}; ` +
        `links that open a dialog or the compare tray in place: ${inPlace.join(", ") || "none"}`,
    );
    for (const [, pattern, source] of MUST_COVER.filter(([r]) => r === role)) {
      const pair = { pattern, source: source ?? expect.any(String) };
      expect(compared, `${role} compares ${pattern}`).toContainEqual(expect.objectContaining(pair));
    }
    expect(differences, differences.join("\n")).toEqual([]);
    expect(session.problems).toEqual([]);
  },
);

test("filters set in the form, then Back and Forward, show what a load of the URL shows", async () => {
  const session = sessions.get("visitor")!;
  const page = session.nav;
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const waitFor = (name: string, value: string) =>
    page.waitForURL((url) => url.searchParams.get(name) === value);
  const valuesOf = (label: string) =>
    field(label)
      .locator("option")
      .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  await page.goto("/products/allProducts");
  await settle(page);
  const marker = await mark(page);
  const [makes, fuels] = [
    (await valuesOf("Make")).filter(Boolean),
    (await valuesOf("Fuel")).filter(Boolean),
  ];
  const differences: string[] = [];
  const states: string[] = [];
  for (const [i, maxPrice] of ["60000", "25000"].entries()) {
    // Each change navigates at once (the price after a pause in typing), as a user sees.
    await field("Make").selectOption(makes[i]!);
    await waitFor("make", makes[i]!);
    await field("Fuel").selectOption(fuels[i]!);
    await waitFor("fuel", fuels[i]!);
    if (i === 1) {
      await field("Verified sellers only").check();
      await waitFor("verified", "1");
    }
    await field("Price ($), to").fill(maxPrice);
    await waitFor("maxPrice", maxPrice);
    await settle(page);
    states.push(page.url());
    differences.push(...(await compareWithLoad(session, `[visitor] filters ${i + 1}`, "the form")));
  }
  differences.push(...(await walkHistory(session, "back", states[0]!, "[visitor] filters")));
  differences.push(...(await walkHistory(session, "forward", states[1]!, "[visitor] filters")));
  expect(await marked(page), "the filters never reloaded the document").toBe(marker);
  expect(differences, differences.join("\n")).toEqual([]);
  expect(session.problems).toEqual([]);
}, 90_000);

test("admin user search and audit filters, then Back and Clear, show what a load shows", async () => {
  const session = sessions.get("admin")!;
  const page = session.nav;
  const differences: string[] = [];
  const compare = async (what: string, how: string) => {
    await settle(page);
    differences.push(...(await compareWithLoad(session, `[admin] ${what}`, how)));
  };
  await page.goto("/dashboard/alluser");
  await settle(page);
  const marker = await mark(page);
  const states: string[] = [];
  for (const q of ["maya", "example.com"]) {
    await page.getByLabel("Search by name or email").fill(q);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === q);
    states.push(page.url());
    await compare(`user search "${q}"`, "the form");
  }
  differences.push(...(await walkHistory(session, "back", states[0]!, "[admin] user search")));
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await page.waitForURL((url) => !url.searchParams.has("q"));
  await compare("user search cleared", "the Clear link");

  await page.getByRole("link", { name: "audit log", exact: true }).click();
  await page.waitForURL("**/dashboard/audit");
  await settle(page);
  const action = page.locator('select[name="action"]');
  const chosen = (await action.locator("option").nth(1).getAttribute("value"))!;
  await action.selectOption(chosen);
  await page.locator('input[name="from"]').fill("2020-01-01");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("action") === chosen);
  await compare("audit filters", "the form");
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await page.waitForURL((url) => url.search === "");
  await compare("audit filters cleared", "the Clear link");
  expect(await marked(page), "the forms and links never reloaded the document").toBe(marker);
  expect(differences, differences.join("\n")).toEqual([]);
  expect(session.problems).toEqual([]);
}, 60_000);

// Last, after the roles: a route no role reached by a link (a new form page nothing links
// to yet) fails here unless it is a written exception.
test("every route was compared for some role, or is a written exception", () => {
  for (const key of Object.keys(EXCEPTIONS)) expect(routeKeys, `stale: ${key}`).toContain(key);
  const missing = routeKeys
    .filter((key) => !comparedPatterns.has(key) && !(key in EXCEPTIONS))
    .map(
      (key) =>
        `${key}: ${linkedPatterns.has(key) ? "no link to it navigated" : "no page links to it"}`,
    );
  expect(missing, "link to these, or add an exception with its reason").toEqual([]);
});
