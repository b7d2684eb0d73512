// The page dictionary in Chromium (decision 025): the browser fetches the dictionary a
// page links, names it on its next requests, and the pages that come back as dcz (a
// stored page, a signed-in page rendered for one person, a client-side navigation's
// data) show and work as they do with brotli.
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { launch, openPage } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Loads pages until the browser holds the dictionary they link (made on first need). */
async function holdDictionary(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const fetched = page
      .waitForResponse((response) => response.url().includes("/_dictionary/"), { timeout: 5_000 })
      .catch(() => null);
    await page.goto("/");
    const response = await fetched;
    if (response?.ok()) {
      expect(response.headers()["use-as-dictionary"]).toBe('match="/*"');
      // Chromium stores the dictionary after its response arrives: held once it names it.
      for (let named = 0; named < 20; named++) {
        const next = await page.goto("/safety");
        if ((await next!.request().allHeaders())["available-dictionary"]) return response.url();
        await page.waitForTimeout(100);
      }
      throw new Error("the browser fetched the page dictionary but never named it");
    }
  }
  throw new Error("the browser never fetched the page dictionary");
}

const encodingOf = async (response: Response | null) =>
  (await response?.allHeaders())?.["content-encoding"];

describe("pages compressed with the dictionary", () => {
  test("before the browser holds it, a page rendered for one request comes as zstd", async () => {
    const { page, problems, close } = await openPage(browser);
    // /login is never stored (the page cache's own answers are brotli): rendered for this
    // request and compressed whole (whole-page-compression.ts).
    const login = await page.goto("/login");
    expect((await login!.request().allHeaders())["accept-encoding"]).toContain("zstd");
    expect(await encodingOf(login)).toBe("zstd");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByLabel("Email").fill("maya.thompson@example.com");
    expect(problems).toEqual([]);
    await close();
  });

  test("a visitor's next pages come as dcz, show the same and navigate", async () => {
    const { page, problems, close } = await openPage(browser);
    await holdDictionary(page);
    const cars = await page.goto("/products/allProducts");
    expect(await encodingOf(cars)).toBe("dcz");
    expect((await cars!.request().allHeaders())["available-dictionary"]).toMatch(/^:.+=:$/);
    await page.getByRole("heading", { level: 1, name: "All cars" }).waitFor();
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(0);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForLoadState("networkidle");
    // A client-side navigation: the category's data comes as dcz too.
    const data = page.waitForResponse((response) =>
      response.url().includes("/products/sedan.data"),
    );
    await page.getByRole("link", { name: "Sedan", exact: true }).first().click();
    expect(await encodingOf(await data)).toBe("dcz");
    await page.getByRole("heading", { level: 1, name: "Sedan cars" }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  test("a signed-in page rendered for one person comes as dcz and works", async () => {
    const { page, problems, close } = await openPage(browser);
    const dictionaryUrl = await holdDictionary(page);
    await page.goto("/login");
    await page.getByLabel("Email").fill("maya.thompson@example.com");
    await page.getByLabel("Password").fill("carlot-demo");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const wishlist = await page.goto("/dashboard/wishlist");
    expect(wishlist?.headers()["x-cache"]).toBeUndefined();
    expect(await encodingOf(wishlist)).toBe("dcz");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    // Public by construction: what a visitor without cookies is shown, no nonce, while
    // signed in or not (the account menu is only on a signed-in person's pages).
    const dictionary = await (await fetch(dictionaryUrl)).text();
    expect(dictionary).toContain("<h1");
    expect(dictionary).not.toContain('href="/dashboard/myProducts"');
    expect(dictionary).not.toMatch(/nonce="[^"]/);
    await close();
  });
});
