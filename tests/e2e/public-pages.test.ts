import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  baseURL,
  DESKTOP,
  launch,
  modulePreloads,
  openPage,
  PHONE,
  seriousViolations,
} from "./browser.ts";

let browser: Browser;
let detailPath: string;

beforeAll(async () => {
  browser = await launch();
  // Find a real listing through the site itself.
  const { page, close } = await openPage(browser);
  await page.goto("/products/allProducts");
  const href = await page
    .getByRole("link", { name: /^Details of / })
    .first()
    .getAttribute("href");
  await close();
  if (!href) throw new Error("no listing on /products/allProducts");
  detailPath = href;
});

afterAll(async () => {
  await browser?.close();
});

type PageCheck = { path: () => string; status: number; texts: string[]; h1?: string | RegExp };

const PAGES: Record<string, PageCheck> = {
  home: {
    path: () => "/",
    status: 200,
    texts: [
      "Find Your Dream Car",
      "Here Are Some Best Products",
      "25.6K",
      "1.2k",
      "86%",
      "Sedan",
      "Off Road",
      "Muscle",
      "SUV",
    ],
  },
  products: {
    path: () => "/products",
    status: 200,
    h1: "Products",
    texts: ["See All Cars", "See all", "Sedan", "Off Road", "Muscle", "SUV"],
  },
  category: {
    path: () => "/products/off-road",
    status: 200,
    texts: ["Off Road cars", "Category & Location"],
  },
  "all cars": {
    path: () => "/products/allProducts",
    status: 200,
    texts: ["All cars", "Include sold cars"],
  },
  detail: {
    path: () => detailPath,
    status: 200,
    texts: [
      "Please log in to contact the seller.",
      "Resale price",
      "Original price",
      "Used for",
      "Seller",
      "Description",
    ],
  },
  blogs: {
    path: () => "/blogs",
    status: 200,
    h1: "Blogs",
    texts: [
      "What are the different ways to manage state in a React application?",
      "How does prototypical inheritance work in JavaScript?",
      "What is a unit test, and why should we write them?",
      "React vs. Angular vs. Vue: what are the differences?",
    ],
  },
  "not found": { path: () => "/no/such/page", status: 404, texts: ["OOPS! PAGE NOT BE FOUND"] },
};

const LAYOUT_TEXTS = [
  "Home",
  "Products",
  "Blogs",
  "Login",
  "Trusted Used Car Seller Site.",
  "Social",
];

for (const [viewportName, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  describe(`public pages at ${viewportName} width`, () => {
    for (const [name, check] of Object.entries(PAGES)) {
      test(`${name}: status, texts, no console errors, no serious axe violations`, async () => {
        const { page, problems, close } = await openPage(browser, viewport);
        try {
          const response = await page.goto(check.path(), { waitUntil: "networkidle" });
          expect(response?.status()).toBe(check.status);
          if (check.h1) {
            await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
              check.h1,
            );
          }
          const text = await page.locator("body").innerText();
          for (const expected of [...check.texts, ...LAYOUT_TEXTS]) {
            if (!text.includes(expected)) {
              // innerText skips visually hidden text; fall back to the DOM text.
              expect(await page.locator("body").textContent()).toContain(expected);
            }
          }
          const violations = await seriousViolations(page);
          expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
          // Nothing overflows the viewport sideways.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          // The browser itself logs the 404 status of the not-found document.
          const unexpected = problems.filter((p) => !(check.status === 404 && p.includes("404")));
          expect(unexpected).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  });
}

describe("layout", () => {
  test("footer social links have accessible names and the logo has alt text", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/");
    const social = page.getByRole("contentinfo").getByRole("listitem").getByRole("link");
    const names = await social.evaluateAll((links) =>
      links.map((link) => link.getAttribute("aria-label")),
    );
    expect(names.filter(Boolean).length).toBe(3);
    await expect(
      page.getByRole("contentinfo").getByRole("img", { name: /logo/i }).count(),
    ).resolves.toBe(1);
    await close();
  });

  test("navigation links go where the spec says", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" }).getAttribute("href")).resolves.toBe("/");
    await expect(nav.getByRole("link", { name: "Products" }).getAttribute("href")).resolves.toBe(
      "/products",
    );
    await expect(nav.getByRole("link", { name: "Blogs" }).getAttribute("href")).resolves.toBe(
      "/blogs",
    );
    await expect(page.getByRole("link", { name: "Login" }).getAttribute("href")).resolves.toBe(
      "/login",
    );
    await close();
  });
});

describe("home page", () => {
  test("each category card's See button leads to its category page", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/");
    await page.getByRole("link", { name: "See Muscle cars" }).click();
    await page.waitForURL("**/products/muscle");
    await page.getByRole("heading", { level: 1, name: "Muscle cars" }).waitFor();
    await close();
  });

  test("the advertised table shows every column and opens a zoomable photo viewer", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/");
    const headers = await page.getByRole("columnheader").allTextContents();
    expect(headers).toEqual([
      "Image",
      "Car",
      "Price",
      "Seller",
      "Email",
      "Category",
      "Location",
      "Quality",
      "Status",
      "Details",
    ]);
    const firstRow = page.getByRole("row").nth(1);
    await expect(firstRow.textContent()).resolves.toMatch(/\d[\d,]*\$/);
    await expect(firstRow.textContent()).resolves.toContain("@example.com");
    const details = await firstRow.getByRole("link", { name: /^Details of / }).getAttribute("href");
    expect(details).toMatch(/^\/dashboard\/productDetails\/\d+$/);

    await firstRow.getByRole("link", { name: /^Open the photo of / }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect(dialog.getByText("100%").count()).resolves.toBe(1);
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect(dialog.getByText("150%").count()).resolves.toBe(1);
    await page.keyboard.press("+");
    await expect(dialog.getByText("200%").count()).resolves.toBe(1);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await close();
  });
});

describe("browsing", () => {
  test("the sold filter adds sold cars and keeps the choice across categories", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/products/allProducts");
    const statuses = async () =>
      page
        .getByRole("cell")
        .filter({ hasText: /^(Status)?(Available|Sold)$/ })
        .allTextContents();
    expect((await statuses()).some((s) => s.endsWith("Sold"))).toBe(false);
    await page.getByLabel("Include sold cars").check();
    await page.waitForURL("**/products/allProducts?sold=1");
    // The URL changes before React has rendered the new rows (a transition): wait for
    // a sold car's row, which fails the test by timing out if none comes.
    await page
      .getByRole("cell")
      .filter({ hasText: /^(Status)?Sold$/ })
      .first()
      .waitFor();
    expect((await statuses()).some((s) => s.endsWith("Sold"))).toBe(true);
    const sedanLink = page
      .getByRole("complementary", { name: "Categories" })
      .getByRole("link", { name: "Sedan" });
    await expect(sedanLink.getAttribute("href")).resolves.toBe("/products/sedan?sold=1");
    await close();
  });

  test("an unknown category and a missing car show the 404 page with status 404", async () => {
    for (const path of [
      "/products/hovercraft",
      "/dashboard/productDetails/987654",
      "/dashboard/productDetails/abc",
    ]) {
      const response = await fetch(`${baseURL()}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("OOPS! PAGE NOT BE FOUND");
    }
  });

  test("the detail page's photo opens the viewer", async () => {
    const { page, problems, close } = await openPage(browser, PHONE);
    // A car with several photos (other test files publish cars with one).
    await page.goto("/products/allProducts");
    const hrefs = await page
      .getByRole("link", { name: /^Details of / })
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    let found = false;
    for (const href of hrefs) {
      await page.goto(href);
      if (await page.getByRole("link", { name: /Click to zoom · [2-9] photos/ }).count()) {
        found = true;
        break;
      }
    }
    expect(found, "a car with several photos").toBe(true);
    await page.getByRole("link", { name: /Click to zoom/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Next photo" }).click();
    await expect(dialog.getByRole("img").getAttribute("alt")).resolves.toMatch(/\(2 of \d\)$/);
    await dialog.getByRole("button", { name: "Close photo viewer" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await close();
  });

  test("pages render on the server, before any JavaScript", async () => {
    const html = await (await fetch(`${baseURL()}/products/allProducts`)).text();
    expect(html).toContain("All cars");
    expect(html).toMatch(/Details<span class="sr-only"> of /);
  });

  test("a page's loader data is one script, and no part of the page was left unfinished", async () => {
    // app/framework/one-pass-render.server.tsx reads React Router's loader-data stream
    // before rendering and hands it to StreamTransfer as two chunks already read: the
    // data, then the end. If StreamTransfer stops looking there, it reads the stream
    // itself (which is empty by then) and the browser gets no data.
    for (const path of ["/", "/products/sedan", detailPath, "/login", "/no-such-page"]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      const enqueued = html.match(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g) ?? [];
      expect(enqueued, path).toHaveLength(1);
      expect(enqueued[0], path).toContain("loaderData");
      expect(html.match(/streamController\.close\(\);/g), path).toHaveLength(1);
      expect(html.indexOf("streamController.close()"), path).toBeGreaterThan(
        html.indexOf("streamController.enqueue("),
      );
      expect(html, path).not.toMatch(/<!--\$[?!]-->/);
    }
  });

  test("the page's modules are asked for first at low priority: exactly those <Scripts> preloads", async () => {
    // The catch-all 404 page too: its route matched, its module is preloaded like any page's.
    for (const path of ["/", "/products/sedan", detailPath, "/no-such-page"]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      const { low, scripts, lowFirst } = modulePreloads(html);
      expect(scripts.length, path).toBeGreaterThan(2);
      expect(new Set(low).size, `${path}: each module once`).toBe(low.length);
      expect(low.toSorted(), path).toEqual([...new Set(scripts)].sort());
      expect(lowFirst, path).toBe(true);
    }
  });
  test("pages load the shared chunks vite.config.ts names, and the browser runs React DOM", async () => {
    // vite.config.ts finds the root route and the browser entry by React Router's module
    // ids: if those ids change, the shell and cars chunks silently vanish.
    const chunks = async (path: string) => {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      return modulePreloads(html).scripts.map((href) => /\/assets\/([a-z.]+)-/.exec(href)?.[1]);
    };
    for (const path of ["/", "/blogs", "/products/sedan", detailPath]) {
      const names = await chunks(path);
      expect(
        names.filter((name) => name === "framework"),
        path,
      ).toHaveLength(1);
      expect(
        names.filter((name) => name === "shell"),
        path,
      ).toHaveLength(1);
    }
    expect(await chunks("/products/sedan")).toContain("cars");
    expect(await chunks("/blogs")).not.toContain("cars");
    // The car table and pagination: one chunk with the car lists and home, none on a car's page.
    expect(await chunks("/products/sedan")).toContain("lists");
    expect(await chunks("/")).toContain("lists");
    expect(await chunks(detailPath)).not.toContain("lists");
    // A dynamic import() is plain (vite.config.ts plainDynamicImports): Vite's preload helper,
    // which would otherwise sit in the shell, is nowhere in the browser's code.
    for (const href of modulePreloads(await (await fetch(`${baseURL()}/`)).text()).scripts) {
      const code = await (await fetch(`${baseURL()}${href}`)).text();
      expect(code, href).not.toContain("vite:preloadError");
    }
    // The framework chunk is React DOM's client (decision 017: no second renderer).
    const html = await (await fetch(`${baseURL()}/`)).text();
    const framework = modulePreloads(html).scripts.find((href) => href.includes("/framework-"));
    const code = await (await fetch(`${baseURL()}${framework}`)).text();
    expect(code).toContain("rendererPackageName:`react-dom`");
    expect(code).not.toMatch(/preact/i);
  });
});

describe("in the browser", () => {
  // The server and the browser both run React (decision 017): the browser takes over
  // the page it was sent, and a client navigation swaps the page's <head> tags.
  const head = () =>
    [...document.head.children].map((element) =>
      element.localName === "style"
        ? `style (${element.textContent!.length > 1000 ? "with" : "without"} the CSS)`
        : element.outerHTML,
    );

  test("the page the server sent is taken over as it is, and client navigations update its head", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const sent = await page.evaluate(head);
    expect(sent.filter((tag) => tag.startsWith('<link rel="canonical"'))).toHaveLength(1);
    // One stylesheet, a hashed file the browser keeps: no CSS in the page itself.
    const stylesheets = (tags: string[]) =>
      tags.filter((tag) => /^<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/.test(tag));
    expect(stylesheets(sent)).toHaveLength(1);
    expect(sent).not.toContain("style (with the CSS)");
    // Hydrated: the Products link navigates without loading a new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Products" })
      .click();
    await page.waitForURL(/\/products$/);
    await expect.poll(() => page.title()).toBe("Products: used cars by category — Carlot");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // The head now says what the server sends for /products. In any order: React puts
    // the tags a navigation adds after those that stay.
    const fresh = await page.context().newPage();
    await fresh.goto("/products", { waitUntil: "commit" });
    await fresh.waitForLoadState("domcontentloaded");
    const expected = (await fresh.evaluate(head)).filter((tag) =>
      /^<(title|meta|link rel="(canonical|icon)")/.test(tag),
    );
    const now = await page.evaluate(head);
    expect(
      now.filter((tag) => /^<(title|meta|link rel="(canonical|icon)")/.test(tag)).sort(),
    ).toEqual(expected.sort());
    expect(stylesheets(now)).toEqual(stylesheets(sent));
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Inter/);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("server", () => {
  test("health and readiness", async () => {
    const health = await fetch(`${baseURL()}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${baseURL()}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("security headers and a nonce-based CSP on pages rendered per request", async () => {
    // Visitors' public pages are stored and carry script hashes instead
    // (tests/e2e/page-cache.test.ts); the sign-in page is rendered for each request.
    const response = await fetch(`${baseURL()}/login`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Pages are personal (nonce, session): never stored by shared caches.
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce for every response.
    const again = (await fetch(`${baseURL()}/login`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  test("request bodies are bounded before any action reads them", async () => {
    const big = await fetch(`${baseURL()}/login`, {
      method: "POST",
      body: "x".repeat(200 * 1024),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(big.status).toBe(413);
    // A body without a declared length (chunked) is refused too.
    const chunked = await fetch(`${baseURL()}/register`, {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("name=x"));
          controller.close();
        },
      }),
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  test("forms posted from another site are refused", async () => {
    const body = new URLSearchParams({
      email: "maya.thompson@example.com",
      password: "carlot-demo",
    });
    const foreign = await fetch(`${baseURL()}/login`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const own = await fetch(`${baseURL()}/login`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { origin: baseURL() },
    });
    expect(own.status).toBe(302);
  });

  test("fingerprinted assets are cached immutably and responses are compressed", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${baseURL()}${asset}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const page = await fetch(`${baseURL()}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });
});
