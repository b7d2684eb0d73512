// The page cache in the production build, in Chromium with the CSP enforced: stored
// pages run their own scripts (allowed by hash) and nothing else, hydrate and
// navigate; signed-in pages, flash toasts and dashboards are never stored or shared;
// conditional requests get 304.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { rawGet } from "#scripts/dev/raw-get.ts";

import { baseURL, launch, openPage } from "./browser.ts";

let browser: Browser;
let detailPath = "";

beforeAll(async () => {
  browser = await launch();
  const html = await (await fetch(`${baseURL()}/products/allProducts`)).text();
  detailPath = /href="(\/dashboard\/productDetails\/\d+)"/.exec(html)?.[1] ?? "";
  if (!detailPath) throw new Error("no listing on /products/allProducts");
});
afterAll(async () => {
  await browser?.close();
});

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const PUBLIC_PAGES = () => [
  "/",
  "/products",
  "/products/sedan",
  "/products/allProducts?fuel=Petrol&sort=price-asc",
  detailPath,
  "/blogs",
  "/safety",
];

describe("stored pages", () => {
  test("run under their CSP with no violations, hydrate and navigate in the browser", async () => {
    const { page, problems, close } = await openPage(browser);
    const violations = await watchViolations(page);
    for (const path of PUBLIC_PAGES()) {
      await page.goto(path);
      // The second load is the stored copy.
      const response = await page.goto(path);
      expect(response?.headers()["x-cache"], path).toBe("hit");
      const csp = response?.headers()["content-security-policy"] ?? "";
      expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp, path).not.toMatch(/nonce-|script-src[^;]*unsafe/);
      // React Router's inline module script ran (allowed by its hash) and hydrated.
      await page.waitForFunction(() => "__reactRouterRouteModules" in window, null, {
        timeout: 10_000,
      });
      await page.waitForLoadState("networkidle");
    }
    // A client-side navigation from a stored page: no new document is loaded.
    await page.goto("/");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForLoadState("networkidle");
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    await page.getByRole("link", { name: "Blogs" }).first().click();
    await page.waitForURL("**/blogs");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(documents).toBe(0);
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  test("answer conditional requests with 304 and come in br and gzip", async () => {
    const first = await fetch(`${baseURL()}/products/sedan`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("last-modified")).toBeTruthy();
    const again = await fetch(`${baseURL()}/products/sedan`, {
      headers: { "If-None-Match": etag! },
    });
    expect(again.status).toBe(304);
    for (const encoding of ["br", "gzip"]) {
      // Not fetch: it would hide Content-Encoding's effect.
      const raw = await rawGet(`${baseURL()}/products/sedan`, { "Accept-Encoding": encoding });
      expect(raw.headers["content-encoding"]).toBe(encoding);
      // Stored pages are kept per language too (decision 020).
      expect(raw.headers.vary).toBe(
        "Accept-Encoding, Available-Dictionary, Accept-Language, Cookie",
      );
    }
  });
});

describe("never shared", () => {
  test("a signed-in person's pages and flash toasts are never stored or served to visitors", async () => {
    const { page, close } = await openPage(browser);
    const violations = await watchViolations(page);
    const documents: Record<string, string | undefined>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "document")
        documents.push({ url: response.url(), cache: response.headers()["x-cache"] });
    });
    await page.goto("/login");
    await page.getByLabel("Email").fill("maya.thompson@example.com");
    await page.getByLabel("Password").fill("carlot-demo");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByText("Logged In Successfully").waitFor();
    for (const path of ["/", "/products/sedan", detailPath, "/dashboard/myProducts"]) {
      const response = await page.goto(path);
      // Maya's own account menu: proof that this page was made for her.
      expect(await page.locator('a[href="/dashboard/myProducts"]').count(), path).toBeGreaterThan(
        0,
      );
      expect(response?.headers()["x-cache"], path).toBeUndefined();
      expect(response?.headers()["content-security-policy"], path).toMatch(/'nonce-/);
    }
    expect(documents.every((document) => document.cache === undefined)).toBe(true);
    expect(await violations()).toEqual([]);

    // What visitors get afterwards knows nothing of Maya's visit.
    for (const path of ["/", "/products/sedan", detailPath]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html, path).not.toContain("Logged In Successfully");
      // The seller's account menu exists only on pages made for a signed-in seller.
      expect(html, path).not.toContain('href="/dashboard/myProducts"');
    }
    await close();
  });

  test("dashboard pages are never answered from the cache", async () => {
    for (const path of ["/dashboard", "/dashboard/myProducts", "/dashboard/wishlist"]) {
      const response = await fetch(`${baseURL()}${path}`, { redirect: "manual" });
      expect(response.headers.get("x-cache"), path).toBeNull();
    }
  });
});
