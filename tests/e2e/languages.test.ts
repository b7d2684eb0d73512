// Languages (issue 26, decision 020), in the production build and Chromium:
// - every page of app/routes.ts, as each role, in the pseudo-language en-XA: every word
//   the catalogue gives is accented and in ⟦brackets⟧, so readable text outside them
//   (and outside people's own content, marked translate="no") was not translated;
// - the switcher keeps the person on the same page with the same filters;
// - Arabic pages are right-to-left and axe finds no serious problem on them;
// - visitors' stored pages are kept apart by language.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { matchRoutes } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import routes from "#app/routes.ts";

import { baseURL, DESKTOP, launch, seriousViolations } from "./browser.ts";

type Role = "visitor" | "buyer" | "seller" | "admin";
const ACCOUNTS: Record<Exclude<Role, "visitor">, string> = {
  buyer: "liam.carter@example.com",
  seller: "maya.thompson@example.com",
  admin: "admin@example.com",
};

/** Routes that render no page of words, and why. */
const NO_PAGE: Record<string, string> = {
  logout: "POST only; a GET redirects home",
  "auth/oidc": "POST only; a GET redirects to /login",
  "auth/welcome": "only redirects, back from the sign-in provider",
  "sitemap.xml": "XML for search engines",
  "robots.txt": "text for crawlers",
  "resources/price-guidance": "JSON the sell form fetches; its words are rendered by the form",
  wishlist: "the save buttons' action; a GET redirects",
  language: "the switcher's action; a GET redirects",
  "savedSearches/:id/results": "only redirects to the saved search's results page",
  "alerts/feed":
    "Atom XML for feed readers: the search's name is the person's, the cars the sellers'",
  "alerts/unsubscribe":
    "opened only from a signed link in an email (alerts.test.ts); its words are in the catalogue",
  "dashboard/conversations/:id/events": "Server-Sent Events a conversation page listens to",
  "dashboard/conversations/:id/photos/:photoId": "a message's photo: an image, no words",
  "dashboard/reportedItems/conversations/:id":
    "readable only while a conversation is reported (the demo has none; conversations.test.ts in tests/integration reads one); its words are in the catalogue",
};

let browser: Browser;
let carId = "";
let otherCarId = "";
/** A request of the buyer's for a third car: its conversation is walked (and cancelled after). */
let conversationId = "";

/** The pages each role reads; ":car" is a car of the demo seller. */
const PAGES: Record<Role, string[]> = {
  visitor: [
    "/",
    "/blogs",
    "/safety",
    "/about",
    "/terms",
    "/privacy",
    "/products",
    "/products/allProducts?fuel=Petrol&sort=price-asc",
    "/products/sedan",
    "/products/allProducts?q=zzzzzz",
    "/dashboard/productDetails/:car",
    "/compare?ids=:car,:other",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?error=INVALID_TOKEN",
    "/verify-email?token=not-a-token",
    "/no-such-page",
  ],
  buyer: [
    "/dashboard",
    "/dashboard/myorders",
    "/dashboard/wishlist",
    "/dashboard/savedSearches",
    "/dashboard/conversations",
    "/dashboard/conversations/:conversation",
    "/dashboard/productDetails/:car",
  ],
  seller: [
    "/dashboard",
    "/dashboard/myProducts",
    "/dashboard/sellCar",
    "/dashboard/mybuyers",
    "/dashboard/productDetails/editProduct/:car",
    "/dashboard/productDetails/:car",
  ],
  admin: [
    "/dashboard",
    "/dashboard/alluser",
    "/dashboard/allseller",
    "/dashboard/allbuyer",
    "/dashboard/reportedItems",
    "/dashboard/audit",
    "/dashboard/settings",
    "/dashboard/categories",
    "/dashboard/safePlaces",
    "/dashboard/warningWords",
  ],
};

const fill = (path: string) =>
  path
    .replace(":car", carId)
    .replace(":other", otherCarId)
    .replace(":conversation", conversationId);

/**
 * How long to wait for a page: until the network is quiet, except on a conversation page,
 * whose event stream (issue 27) stays open while the page does.
 */
const settled = (path: string) =>
  path.includes("/conversations/") ? ("load" as const) : ("networkidle" as const);

async function contextFor(role: Role, language: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseURL() });
  await context.addCookies([{ name: "lang", value: language, url: baseURL() }]);
  if (role !== "visitor") {
    const answer = await context.request.post("/login", {
      form: { email: ACCOUNTS[role], password: "carlot-demo" },
      maxRedirects: 0,
    });
    expect(answer.status(), `log in as ${role}`).toBe(302);
  }
  return context;
}

/**
 * The page's readable text that did not come through the catalogue: the body's text
 * (one message may span elements: a name inside a sentence) and the attributes people
 * read (aria-label, title, alt, placeholder) and the page's title, without ⟦…⟧, without
 * elements marked translate="no" and without the site's name (the operator's).
 */
function untranslatedIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const strip = (text: string) => {
      // The site's name is the operator's; month names and "UTC" are Intl's (dates are
      // written in the page's language by the browser's own data).
      let rest = text
        .replaceAll("Carlot", " ")
        .replace(
          /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|UTC)\b/g,
          " ",
        );
      for (let before = ""; before !== rest;) {
        before = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
      }
      return rest;
    };
    const check = (text: string, where: string) => {
      for (const line of strip(text).split("\n")) {
        if (/[A-Za-z]{2,}/.test(line)) found.add(`${where}: ${line.trim().slice(0, 100)}`);
      }
    };
    const skipped = (element: Element) =>
      element.closest('[translate="no"], script, style, noscript, template') !== null;
    // The body's text, with a skipped element as a gap and each block on its own line.
    let text = "";
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? "";
      else if (node instanceof Element) {
        if (skipped(node)) {
          text += " ∎ ";
          return;
        }
        const block = ![
          "A",
          "SPAN",
          "STRONG",
          "EM",
          "B",
          "I",
          "BDI",
          "ABBR",
          "TIME",
          "SUP",
          "SUB",
          "SMALL",
          "CODE",
          "KBD",
          "LABEL",
          "BUTTON",
        ].includes(node.tagName);
        for (const child of node.childNodes) walk(child);
        if (block) text += "\n";
      }
    };
    walk(document.body);
    check(text, "text");
    // Exceptions: an example web address or colour code as a placeholder is not words.
    const notWords = /^(?:https:\/\/\S*|#[0-9a-f]{3,8})$/i;
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      for (const element of document.body.querySelectorAll(`[${name}]`)) {
        const value = element.getAttribute(name) ?? "";
        if (!skipped(element) && !notWords.test(value)) check(value, name);
      }
    }
    check(document.title, "title");
    return [...found];
  });
}

/** Each kind of dialog the page opens (at most four), read as the page is. */
async function untranslatedInDialogs(page: Page): Promise<string[]> {
  const found: string[] = [];
  const triggers = page.locator('[aria-haspopup="dialog"]').filter({ visible: true });
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true });
  const opened = new Set<string>();
  const here = page.url();
  for (let i = 0; i < (await triggers.count()) && opened.size < 4; i++) {
    const trigger = triggers.nth(i);
    const name = (await trigger.innerText()).replace(/\s+/g, " ").trim();
    if (opened.has(name) || (await trigger.getAttribute("aria-disabled")) === "true") continue;
    opened.add(name);
    await trigger.click({ timeout: 10_000 });
    const shown = await dialog
      .first()
      .waitFor({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) continue;
    await page.waitForLoadState("networkidle");
    for (const text of await untranslatedIn(page)) found.push(`dialog "${name}" ${text}`);
    await page.keyboard.press("Escape");
    await dialog.first().waitFor({ state: "hidden", timeout: 5000 });
    if (page.url() !== here) break;
  }
  return found;
}

beforeAll(async () => {
  browser = await launch();
  const html = await (await fetch(`${baseURL()}/products/allProducts`)).text();
  const ids = [
    ...new Set([...html.matchAll(/\/dashboard\/productDetails\/(\d+)"/g)].map((m) => m[1]!)),
  ];
  // A car of the demo seller, so that the seller's edit page opens.
  const context = await contextFor("seller", "en");
  const mine = await (await context.request.get("/dashboard/myProducts")).text();
  await context.close();
  carId = /\/dashboard\/productDetails\/editProduct\/(\d+)/.exec(mine)?.[1] ?? "";
  otherCarId = ids.find((id) => id !== carId) ?? "";
  if (!carId || !otherCarId) throw new Error("the demo seller has no car, or there is only one");
  // A conversation of the buyer's, about a car other than those two, with one message.
  const buyer = await contextFor("buyer", "en");
  const third = ids.find((id) => id !== carId && id !== otherCarId);
  const placed = await buyer.request.post(`/dashboard/productDetails/${third}?contact`, {
    form: {
      intent: "order",
      buyerName: "Liam Carter",
      meetingLocation: "Library car park",
      buyerPhone: "+1 512 555 0177",
    },
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(302);
  const orders = await (await buyer.request.get("/dashboard/myorders")).text();
  conversationId = /\/dashboard\/conversations\/(\d+)/.exec(orders)?.[1] ?? "";
  const sent = await buyer.request.post(`/dashboard/conversations/${conversationId}`, {
    form: { intent: "send", body: "Is it still available?", composeKey: "languages-walk-1" },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  await buyer.close();
});
afterAll(async () => {
  if (conversationId) {
    const buyer = await contextFor("buyer", "en");
    const cancelled = await buyer.request.post("/dashboard/myorders", {
      form: { intent: "cancel", id: conversationId },
      maxRedirects: 0,
    });
    expect(cancelled.status()).toBe(302);
    await buyer.close();
  }
  await browser?.close();
});

describe("the pseudo-language", () => {
  test("every route is walked or named with its reason", () => {
    const entries = routes as { path?: string; index?: boolean }[];
    const patterns = entries.map((route) => (route.index ? "/" : (route.path ?? "")));
    const objects = patterns.map((id) => (id === "/" ? { id, index: true } : { id, path: id }));
    const walked = new Set(
      Object.values(PAGES)
        .flat()
        .map((path) => matchRoutes(objects, fill(path).split("?")[0]!)?.at(-1)?.route.id),
    );
    const missing = patterns.filter((pattern) => !walked.has(pattern) && !(pattern in NO_PAGE));
    expect(missing).toEqual([]);
  });

  for (const role of Object.keys(PAGES) as Role[]) {
    test(`${role}: no untranslated text on any page`, async () => {
      const context = await contextFor(role, "en-XA");
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      const untranslated: string[] = [];
      for (const path of PAGES[role]) {
        await page.goto(fill(path), { waitUntil: settled(path) });
        expect(await page.getAttribute("html", "lang"), path).toBe("en-XA");
        for (const text of await untranslatedIn(page)) untranslated.push(`${path} ${text}`);
        for (const text of await untranslatedInDialogs(page)) untranslated.push(`${path} ${text}`);
      }
      await context.close();
      expect(untranslated).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});

describe("choosing a language", () => {
  test("the footer's switcher keeps the page and its filters", async () => {
    const context = await contextFor("visitor", "en");
    const page = await context.newPage();
    const path = "/products/allProducts?fuel=Petrol&sort=price-asc";
    await page.goto(path);
    await page.locator("footer").getByRole("button", { name: "Español" }).click();
    await page.waitForURL((url) => url.pathname + url.search === path);
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.locator("footer").getByRole("button", { name: "العربية" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "ar");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await context.close();
  });

  test("a signed-in person's choice is kept on their account", async () => {
    const context = await contextFor("buyer", "en");
    const page = await context.newPage();
    await page.goto("/dashboard");
    await page.locator("footer").getByRole("button", { name: "Español" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "es");
    // Without the cookie, the account still says Spanish.
    await context.clearCookies({ name: "lang" });
    await page.goto("/dashboard/wishlist");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.locator("footer").getByRole("button", { name: "English" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await context.close();
  });

  test("visitors' stored pages are kept apart by the language asked for", async () => {
    const langOf = async (headers: Record<string, string>) => {
      const html = await (await fetch(`${baseURL()}/products`, { headers })).text();
      return /<html lang="([^"]+)" dir="([^"]+)"/.exec(html)?.slice(1).join(" ");
    };
    for (let round = 0; round < 2; round++) {
      expect(await langOf({ "accept-language": "es-MX,es;q=0.9" })).toBe("es ltr");
      expect(await langOf({ "accept-language": "ar" })).toBe("ar rtl");
      expect(await langOf({ cookie: "lang=ar", "accept-language": "es" })).toBe("ar rtl");
      expect(await langOf({ "accept-language": "de-DE" })).toBe("en ltr");
      expect(await langOf({})).toBe("en ltr");
    }
    const answer = await fetch(`${baseURL()}/products`, { headers: { "accept-language": "es" } });
    expect(answer.headers.get("content-language")).toBe("es");
    expect(answer.headers.get("vary")).toMatch(/Accept-Language/);
  });
});

describe("Arabic", () => {
  const pages: [Role, string][] = [
    ["visitor", "/"],
    ["visitor", "/dashboard/productDetails/:car"],
    ["seller", "/dashboard/sellCar"],
    ["seller", "/dashboard/myProducts"],
  ];
  for (const [role, path] of pages) {
    test(`${path} as ${role} is right-to-left, with no serious axe problem`, async () => {
      const context = await contextFor(role, "ar");
      const page = await context.newPage();
      await page.goto(fill(path), { waitUntil: settled(path) });
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      expect(await page.getAttribute("html", "lang")).toBe("ar");
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
