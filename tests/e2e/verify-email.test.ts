// Email verification in Chromium: a new account sees the banner on every page, the
// link from the outbox confirms the address and the banner goes; the banner and the
// landing page have no serious accessibility problems at desktop and phone widths.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

let browser: Browser;
let photo: { name: string; mimeType: string; buffer: Buffer };

beforeAll(async () => {
  browser = await launch();
  const buffer = await sharp({
    create: { width: 320, height: 320, channels: 3, background: "#0f766e" },
  })
    .jpeg()
    .toBuffer();
  photo = { name: "me.jpg", mimeType: "image/jpeg", buffer };
});
afterAll(async () => {
  await browser?.close();
});

const BANNER = "Please confirm your email address";

async function register(page: Page, email: string, javaScript = true) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Vera Verify");
  await page.getByLabel("Photo").setInputFiles(photo);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByLabel("Buyer/User").check();
  await page.getByRole("button", { name: "Register" }).click();
  // Toasts need JavaScript; without it the registered person lands on the home page.
  if (javaScript) await page.getByText("Successfully Registered").waitFor();
  else await page.waitForURL((url) => url.pathname === "/");
}

/** The newest verification link the server wrote to its outbox for `email`. */
async function linkFor(email: string): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = (await fs.readdir(outbox).catch(() => [])).sort().reverse();
    // Only whole .eml files: the server may be writing (then renaming) a .tmp right now.
    for (const file of files.filter((name) => name.endsWith(".eml"))) {
      const text = (await fs.readFile(path.join(outbox, file), "utf8"))
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!text.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/[^\s]+\/verify-email\?token=[\w.%-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification email for ${email}`);
}

describe("confirming an email address", () => {
  test.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("on a %s: banner, link from the outbox, banner gone", async (_, viewport) => {
    const { page, problems, close } = await openPage(browser, viewport);
    const email = `verify-${randomUUID().slice(0, 8)}@example.com`;
    await register(page, email);

    const banner = page.getByRole("region", { name: "Confirm your email" });
    await banner.getByText(BANNER).waitFor();
    await page.goto("/products");
    await banner.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // "Send the link again" stays on the page and says where the link went.
    await banner.getByRole("button", { name: "Send the link again" }).click();
    await page.getByText(`We sent a new link to ${email}`).waitFor();
    expect(new URL(page.url()).pathname).toBe("/products");

    // A broken link says so, and the person can ask for a new one from there.
    await page.goto("/verify-email?token=broken");
    await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
    await page.getByRole("button", { name: "Send the link again" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(await linkFor(email));
    await page.getByRole("heading", { name: "Your email address is confirmed" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/");
    await page.getByRole("heading", { name: "Find Your Dream Car" }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  test("without JavaScript: the banner's button works, and its limit says when to try again", async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: baseURL(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const email = `nojs-${randomUUID().slice(0, 8)}@example.com`;
    await register(page, email, false);
    await page.goto("/blogs");
    const banner = page.getByRole("region", { name: "Confirm your email" });
    for (let i = 0; i < 3; i++) {
      await banner.getByRole("button", { name: "Send the link again" }).click();
      await page.waitForURL("**/blogs");
      await banner.waitFor();
    }
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      banner.getByRole("button", { name: "Send the link again" }).click(),
    ]);
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(3000);
    await page
      .getByText(
        "We have sent you several links already. Please wait 60 minutes before asking for another one.",
      )
      .waitFor();
    await context.close();
  });

  test("demo accounts are verified: no banner", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto("/login");
    await page.getByLabel("Email").fill("liam.carter@example.com");
    await page.getByLabel("Password").fill("carlot-demo");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.getByText("Logged In Successfully").waitFor();
    await page.goto("/products");
    await page.getByRole("button", { name: "Log Out" }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});
