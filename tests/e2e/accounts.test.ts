import { randomUUID } from "node:crypto";

import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

let browser: Browser;
let photo: { name: string; mimeType: string; buffer: Buffer };

beforeAll(async () => {
  browser = await launch();
  const buffer = await sharp({
    create: { width: 320, height: 320, channels: 3, background: "#c2410c" },
  })
    .jpeg()
    .toBuffer();
  photo = { name: "me.jpg", mimeType: "image/jpeg", buffer };
});
afterAll(async () => {
  await browser?.close();
});

/** Failed sign-ins answer 400 on purpose; the browser logs those responses. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 400/.test(p));

async function menuEntries(page: Page): Promise<string[]> {
  await page.locator("summary", { hasText: "Dashboard" }).click();
  const menu = page.locator("#dashboard-menu");
  await menu.waitFor();
  const entries = await menu.getByRole("link").allTextContents();
  await page.keyboard.press("Escape");
  return entries;
}

async function register(
  page: Page,
  who: { name: string; email: string; type: "Seller" | "Buyer/User" },
) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Photo").setInputFiles(photo);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByLabel(who.type).check();
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByText("Successfully Registered").waitFor();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click();
  await page.getByRole("link", { name: "Login" }).waitFor();
}

async function logIn(page: Page, email: string, password = "a-long-password") {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.getByText("Logged In Successfully").waitFor();
}

describe("accounts in the browser", () => {
  test("a seller registers with a photo, logs out, logs in and sees the seller menu", async () => {
    const { page, problems, close } = await openPage(browser);
    const email = `seller-${randomUUID().slice(0, 8)}@example.com`;
    await register(page, { name: "Sam Seller", email, type: "Seller" });
    await expect(
      page.getByRole("img", { name: "Sam Seller" }).getAttribute("src"),
    ).resolves.toMatch(/^\/media\/avatars\//);
    expect(await menuEntries(page)).toEqual(["Overview", "Sell A Car", "My Products", "My Buyers"]);
    // Log Out also clears what the client stored.
    await page.evaluate(() => window.localStorage.setItem("carlot-test", "1"));
    await logOut(page);
    expect(await page.evaluate(() => window.localStorage.getItem("carlot-test"))).toBeNull();
    await page.getByRole("link", { name: "Login" }).click();
    await logIn(page, email);
    expect(await menuEntries(page)).toEqual(["Overview", "Sell A Car", "My Products", "My Buyers"]);
    expect(unexpected(problems)).toEqual([]);
    await close();
  });

  test("a buyer does the same and sees the buyer menu", async () => {
    const { page, problems, close } = await openPage(browser, PHONE);
    const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
    await register(page, { name: "Bea Buyer", email, type: "Buyer/User" });
    expect(await menuEntries(page)).toEqual(["Overview", "My Orders", "My Wishlist"]);
    await logOut(page);
    await page.goto("/login");
    await logIn(page, email);
    expect(await menuEntries(page)).toEqual(["Overview", "My Orders", "My Wishlist"]);
    expect(unexpected(problems)).toEqual([]);
    await close();
  });

  test("a guarded page sends a visitor to log in, then back to it", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/dashboard/mybuyers");
    await page.waitForURL("**/login?redirectTo=%2Fdashboard%2Fmybuyers");
    await logIn(page, "maya.thompson@example.com", "carlot-demo");
    await page.waitForURL("**/dashboard/mybuyers");
    await page.getByRole("heading", { name: "My Buyers" }).waitFor();
    // Signed in, the detail page no longer asks to log in.
    await page.goto("/products/allProducts");
    await page
      .getByRole("link", { name: /^Details of / })
      .first()
      .click();
    await page.waitForURL("**/dashboard/productDetails/**");
    // Every signed-in person can save the car (and, unless it is theirs, contact its seller).
    await page.getByRole("button", { name: "Save", exact: true }).waitFor();
    expect(await page.getByText("Please log in to contact the seller.").count()).toBe(0);
    // A page for another role says so, and offers to switch accounts.
    const response = await page.goto("/dashboard/reportedItems");
    expect(response?.status()).toBe(403);
    await page.getByText("You do not have access to this page").waitFor();
    await page.getByRole("button", { name: "Log in as another user" }).click();
    await page.waitForURL("**/login?redirectTo=%2Fdashboard%2FreportedItems");
    await logIn(page, "admin@example.com", "carlot-demo");
    await page.waitForURL("**/dashboard/reportedItems");
    await close();
  });

  test("wrong credentials and empty fields get clear messages", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await page.getByLabel("Email").fill("maya.thompson@example.com");
    await page.getByLabel("Password").fill("not-her-password");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong email or password." }).first().waitFor();
    await page.goto("/register");
    await page.getByRole("button", { name: "Register" }).click();
    for (const message of [
      "Name is required",
      "image is required",
      "Email is required",
      "Password is required",
    ]) {
      await page.getByText(message).waitFor();
    }
    await close();
  });

  test("Continue With Google signs in through the configured provider as a Buyer/User", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/login?redirectTo=%2Fdashboard");
    await page.getByRole("button", { name: "Continue With Google" }).click();
    // The provider's own (development) sign-in and consent pages.
    await page.locator('input[name="login"]').fill("grace");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL("**/dashboard");
    await page.getByText("Logged In Successfully").waitFor();
    await page.getByRole("heading", { name: "Welcome, Olivia grace" }).waitFor();
    expect(await menuEntries(page)).toEqual(["Overview", "My Orders", "My Wishlist"]);
    await close();
  });

  test("auth and dashboard pages have no serious accessibility problems", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, close } = await openPage(browser, viewport);
      for (const path of ["/login", "/register", "/forgot-password", "/reset-password?token=x"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        expect(await seriousViolations(page), path).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      await page.goto("/login");
      await logIn(page, "admin@example.com", "carlot-demo");
      for (const path of ["/dashboard", "/dashboard/alluser"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.locator("summary", { hasText: "Dashboard" }).click();
      expect(await seriousViolations(page), "open menu").toEqual([]);
      await close();
    }
  });
});
