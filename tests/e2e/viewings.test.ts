// Viewings at safe places (issue 27) in Chromium against the demo site: an admin adds a safe
// place whose name and note are stored-XSS payloads; a buyer proposes two times from the
// conversation (that place, and another address that is a payload too); the seller's open
// page shows them within 2 s and accepts one; both get an email with a calendar file and the
// payloads as plain text. Nothing executes on either page. The page reached by its link
// equals the page loaded; axe finds nothing serious at desktop and phone sizes; without
// JavaScript the agreed viewing can be cancelled. The request and the place are removed after.
import fs from "node:fs/promises";
import path from "node:path";

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

const outbox = path.join(inject("dataDir"), "outbox");
const ADMIN = "admin@example.com";
const BUYER = "liam.carter@example.com";
const SELLER = "maya.thompson@example.com";
const PLACE = `Safe <img src=x onerror="window.__xss=1"> Station`;
const NOTE = `"><script>window.__xss=2</script> camera-covered`;
const ADDRESS = `<svg onload=window.__xss=3> Zilker Park`;

type Session = Awaited<ReturnType<typeof openPage>>;
let browser: Browser;
let admin: Session;
let buyer: Session;
let seller: Session;
let conversationPath = "";
let orderId = "";
let placeId = "";

async function logIn(page: Page, email: string) {
  await page.goto("/login?redirectTo=%2Fdashboard");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("carlot-demo");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL("**/dashboard");
}

const xssFired = (page: Page) => page.evaluate(() => (window as { __xss?: number }).__xss);

/** A datetime-local value `days` from now at `time` (the browser's zone is the page's). */
const dayAt = (days: number, time: string) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

/** The raw emails (headers and all parts) whose subject has `words`. */
async function mails(words: string): Promise<string[]> {
  const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((name) =>
    name.endsWith(".eml"),
  );
  const raws = await Promise.all(names.map((name) => fs.readFile(path.join(outbox, name), "utf8")));
  return raws.filter((raw) => raw.includes(words));
}

/** Quoted-printable undone. */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** What a reader sees of the viewing box. */
const viewingState = (page: Page) =>
  page.evaluate(() => ({
    box: document.querySelector('section[aria-labelledby="viewing-title"]')?.textContent ?? "",
    fields: [...document.querySelectorAll("section form input, section form select")].map(
      (element) => {
        const control = element as HTMLInputElement;
        return `${control.name}:${control.name === "proposalKey" ? "" : control.value}`;
      },
    ),
  }));

beforeAll(async () => {
  browser = await launch();
  admin = await openPage(browser);
  buyer = await openPage(browser);
  seller = await openPage(browser);
  await logIn(admin.page, ADMIN);
  await logIn(buyer.page, BUYER);
  await logIn(seller.page, SELLER);
  const added = await admin.page.request.post("/dashboard/safePlaces", {
    form: { intent: "add", name: PLACE, address: "1 Station Road", hours: "Every day", note: NOTE },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);

  const page = buyer.page;
  await page.goto("/products/allProducts?sort=price-desc");
  const href = await page
    .getByRole("row")
    .filter({ hasText: "Maya Thompson" })
    .getByRole("link", { name: /^Details/ })
    .first()
    .getAttribute("href");
  await page.goto(href!);
  await page.getByRole("link", { name: "Contact Seller" }).click();
  await page.getByLabel("Where would you like to meet?").fill("Library car park, Main St");
  await page.getByLabel("Contact number").fill("+1 512 555 0143");
  await page.getByRole("button", { name: "Send to the seller" }).click();
  await page.getByText("You have contacted the seller about this car.").waitFor();
  await page.getByRole("link", { name: "Open your conversation with the seller" }).click();
  await page.waitForURL(/\/dashboard\/conversations\/\d+$/);
  conversationPath = new URL(page.url()).pathname;
  orderId = /(\d+)$/.exec(conversationPath)![1]!;
});

afterAll(async () => {
  if (orderId) {
    const answer = await buyer.page.request.post("/dashboard/myorders", {
      form: { intent: "cancel", id: orderId },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
  }
  if (placeId) {
    const removed = await admin.page.request.post("/dashboard/safePlaces", {
      form: { intent: "delete", id: placeId },
      maxRedirects: 0,
    });
    expect(removed.status()).toBe(302);
  }
  for (const session of [admin, buyer, seller]) {
    expect(session?.problems ?? []).toEqual([]);
    await session?.close();
  }
  await browser?.close();
});

describe("a viewing at a safe place", () => {
  test("the buyer proposes; the seller's open page shows it live and accepts", async () => {
    await seller.page.goto(conversationPath);
    await seller.page.getByRole("heading", { name: "Viewing" }).waitFor();

    const page = buyer.page;
    await page.getByText("Propose times to see the car").click();
    const place = page.locator('select[name="place1"] option', { hasText: "Safe <img" });
    placeId = (await place.getAttribute("value")) ?? "";
    expect(placeId).toMatch(/^\d+$/);
    await page.locator('input[name="at1"]').fill(dayAt(3, "10:30"));
    await page.locator('select[name="place1"]').selectOption(placeId);
    await page.locator('input[name="at2"]').fill(dayAt(4, "17:00"));
    await page.locator('select[name="place2"]').selectOption("address");
    await page.locator('input[name="address2"]').fill(ADDRESS);
    const started = Date.now();
    await page.getByRole("button", { name: "Propose these times" }).click();
    await page.getByText("You proposed these times.").waitFor();

    // The seller's page shows the proposal without a reload.
    await seller.page.getByText("Liam Carter proposes these times.").waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(4000);
    await seller.page.getByText(PLACE).first().waitFor();
    await seller.page.getByText(NOTE).first().waitFor();
    await seller.page.getByText(ADDRESS).waitFor();
    expect(await seller.page.getByRole("button", { name: "Accept" }).count()).toBe(2);

    await seller.page.getByRole("button", { name: "Accept" }).first().click();
    await seller.page.getByText("Viewing agreed with Liam Carter.").waitFor();
    await page.getByText("Viewing agreed with Maya Thompson.").waitFor({ timeout: 2000 });
    // The admins' page shows the place too.
    await admin.page.goto("/dashboard/safePlaces");
    await admin.page.getByText(NOTE).waitFor();
    for (const session of [buyer, seller]) {
      const box = session.page.locator('section[aria-labelledby="viewing-title"]');
      expect(await box.locator("img, script, svg").count()).toBe(0);
    }
    for (const session of [buyer, seller, admin]) {
      expect(await xssFired(session.page)).toBeUndefined();
      expect(await session.page.locator("[onerror], [onload]").count()).toBe(0);
    }
  });

  test("both get the agreed viewing by email, with a calendar file, payloads as text", async () => {
    let agreed: string[] = [];
    await expect
      .poll(async () => (agreed = await mails("Viewing agreed")).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const ours = agreed.filter((raw) => raw.includes(`conversations/${orderId}`));
    expect(ours.map((raw) => /^To: (.*)$/m.exec(raw)?.[1]).sort()).toEqual([BUYER, SELLER]);
    for (const raw of ours) {
      expect(raw).toContain("BEGIN:VCALENDAR");
      expect(raw).toContain("filename=viewing.ics");
      expect(raw).not.toMatch(/Content-Type: text\/html/i);
      expect(decoded(raw)).toContain(PLACE);
      expect(decoded(raw)).toContain(NOTE);
    }
  });

  test("reached by its link, the page equals the page loaded at its address", async () => {
    const { page } = buyer;
    await page.goto("/dashboard/conversations");
    await page.locator(`a[href="${conversationPath}"]`).first().click();
    await page.waitForURL(`**${conversationPath}`);
    await page.getByText("Viewing agreed with Maya Thompson.").waitFor();
    const navigated = await viewingState(page);
    await page.goto(conversationPath);
    await page.getByText("Viewing agreed with Maya Thompson.").waitFor();
    expect(await viewingState(page)).toEqual(navigated);
  });

  test("axe finds nothing serious at desktop and phone sizes", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await seller.page.setViewportSize(viewport);
      await seller.page.goto(conversationPath);
      await seller.page.getByRole("heading", { name: "Viewing" }).waitFor();
      expect(await seriousViolations(seller.page), `${viewport.width}px`).toEqual([]);
    }
    await seller.page.setViewportSize(DESKTOP);
  });

  test("without JavaScript the agreed viewing is cancelled, and the form is back", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: new URL(buyer.page.url()).origin,
    });
    const answer = await context.request.post("/login", {
      form: { email: BUYER, password: "carlot-demo" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    const page = await context.newPage();
    await page.goto(conversationPath);
    await page.getByRole("button", { name: "Cancel the viewing" }).click();
    await page.waitForURL(`**${conversationPath}`);
    await page.getByText("Propose times to see the car").waitFor();
    await context.close();
    await expect
      .poll(async () => (await mails("Viewing cancelled")).some((raw) => raw.includes(SELLER)), {
        timeout: 10_000,
      })
      .toBe(true);
  });
});
