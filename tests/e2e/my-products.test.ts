// My Products in Chromium, as the demo seller Maya, at 1280 and 390 px: mark a
// car sold and available again, advertise another, delete one, confirm one is
// still for sale; every confirm dialog is answered from the keyboard.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

const CONFIRM_TEXT = "Sure? Your product will be removed from our website.";

let browser: Browser;
let session: Awaited<ReturnType<typeof openPage>>;
let page: Page;
/** Console errors, page errors and failed requests (not loads cut short by navigating on). */
const problems: string[] = [];

beforeAll(async () => {
  browser = await launch();
  // One log-in for the whole file (sign-ins are rate limited per address).
  session = await openPage(browser, DESKTOP);
  page = session.page;
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    if (request.failure()?.errorText !== "net::ERR_ABORTED") {
      problems.push(`request failed: ${request.url()}`);
    }
  });
  await page.goto("/login?redirectTo=%2Fdashboard%2FmyProducts");
  await page.getByLabel("Email").fill("maya.thompson@example.com");
  await page.getByLabel("Password").fill("carlot-demo");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL("**/dashboard/myProducts");
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

async function openMyProducts() {
  await page.goto("/dashboard/myProducts");
  await page.getByRole("heading", { level: 1, name: "My Products" }).waitFor();
  await page.waitForLoadState("networkidle");
}

function dialog() {
  return page.getByRole("alertdialog");
}

/** The accessible name of the focused element, and whether it is inside the dialog. */
async function focused() {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      text: element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "",
      inDialog: Boolean(element?.closest('[role="alertdialog"]')),
    };
  });
}

async function expectToast(message: string | RegExp) {
  await page.getByRole("region", { name: "Notifications" }).getByText(message).waitFor();
}

async function publicListHas(title: string): Promise<boolean> {
  const html = await (await fetch(`${baseURL()}/products/allProducts`)).text();
  return html.includes(title);
}

async function expectNoSidewaysScroll() {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Chooses a status in the row's select and answers the dialog with the keyboard. */
async function changeStatus(title: string, to: "sold" | "available") {
  const select = page.getByLabel(`Status of ${title}`);
  await select.focus();
  await select.selectOption(to);
  await dialog().waitFor();
  await expect(dialog().getByText(CONFIRM_TEXT).count()).resolves.toBe(1);
  // Focus starts on Cancel (the safe answer); Tab reaches the confirm button.
  expect((await focused()).text).toBe("Cancel");
  await page.keyboard.press("Tab");
  expect((await focused()).text).toMatch(/^Yes, mark /);
  await page.keyboard.press("Enter");
  await dialog().waitFor({ state: "detached" });
  await expectToast(`${title} is now marked ${to === "sold" ? "Sold" : "Available"}.`);
  await expect(select.inputValue()).resolves.toBe(to);
}

describe("My Products", () => {
  test("at 1280 px: the columns, sold and back, advertise, delete, all from the keyboard", async () => {
    await page.setViewportSize(DESKTOP);
    await openMyProducts();
    expect(await page.getByRole("columnheader").allTextContents()).toEqual([
      "Car",
      "Seller",
      "Category & Location",
      "Details",
      "Delete",
      "Edit",
      "Change Status",
      "Advertise",
    ]);
    await expect(
      page.getByRole("link", { name: "Add A Product" }).getAttribute("href"),
    ).resolves.toBe("/dashboard/sellCar");
    await expect(
      page.getByRole("link", { name: "Edit Audi A4 2.0 TFSI quattro" }).getAttribute("href"),
    ).resolves.toMatch(/^\/dashboard\/productDetails\/editProduct\/\d+$/);
    await page
      .getByText(/^Listed \d+ days? ago$/)
      .first()
      .waitFor();
    await page
      .getByText(/^Confirmed available (today|\d+ days? ago)$/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Sold: it leaves the public list; Available: it is back.
    const audi = "Audi A4 2.0 TFSI quattro";
    expect(await publicListHas(audi)).toBe(true);
    await changeStatus(audi, "sold");
    expect(await publicListHas(audi)).toBe(false);
    await changeStatus(audi, "available");
    expect(await publicListHas(audi)).toBe(true);

    // Cancelling keeps everything as it was, and focus goes back to the select.
    const select = page.getByLabel(`Status of ${audi}`);
    await select.focus();
    await select.selectOption("sold");
    await dialog().waitFor();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    await expect(select.inputValue()).resolves.toBe("available");
    await page.waitForFunction(() => document.activeElement?.id.startsWith("status-"));

    // Advertise: Enter opens the dialog, focus stays inside it, Enter on Yes confirms.
    const advertise = page.getByRole("button", { name: `Advertise ${audi}` });
    await advertise.focus();
    await page.keyboard.press("Enter");
    await dialog().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect((await focused()).inDialog).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    await page.waitForFunction(
      (name) => document.activeElement?.getAttribute("aria-label") === name,
      `Advertise ${audi}`,
    );
    await page.keyboard.press("Enter");
    await dialog().waitFor();
    await page.keyboard.press("Tab");
    expect((await focused()).text).toBe("Yes, advertise");
    await page.keyboard.press("Enter");
    await expectToast("Successfully Advertised On The Home Page");
    const row = page.getByRole("row").filter({ hasText: audi });
    await expect(row.getByRole("button", { name: "Advertised" }).isDisabled()).resolves.toBe(true);
    await page.goto("/");
    await page.getByText("These cars are advertised by their sellers.").waitFor();
    await page.getByRole("row").filter({ hasText: audi }).first().waitFor();

    // Delete the sold Charger.
    await openMyProducts();
    const charger = "Dodge Charger SRT 392";
    const chargerHref = await page
      .getByRole("link", { name: charger, exact: true })
      .getAttribute("href");
    await page.getByRole("button", { name: `Delete ${charger}` }).focus();
    await page.keyboard.press("Enter");
    await dialog().waitFor();
    await dialog().getByText(CONFIRM_TEXT).waitFor();
    await page.keyboard.press("Tab");
    expect((await focused()).text).toBe("Yes, delete");
    await page.keyboard.press("Enter");
    await expectToast("Successfully Deleted The Product From This Website");
    await page.getByRole("link", { name: charger, exact: true }).waitFor({ state: "detached" });
    const gone = await fetch(`${baseURL()}${chargerHref}`);
    expect(gone.status).toBe(404);
    expect(problems).toEqual([]);
  });

  test("at 390 px: labelled cards, sold and back, still for sale, no sideways scrolling", async () => {
    await page.setViewportSize(PHONE);
    await openMyProducts();
    await expectNoSidewaysScroll();
    expect(await seriousViolations(page)).toEqual([]);
    const camry = "Toyota Camry SE 2.5";
    await changeStatus(camry, "sold");
    await page
      .getByRole("region", { name: "Notifications" })
      .getByText(/now marked Sold/)
      .waitFor({
        state: "detached",
      });
    // A sold advertised car leaves the home table; available again, it returns.
    expect(await (await fetch(`${baseURL()}/`)).text()).not.toContain(camry);
    await changeStatus(camry, "available");
    expect(await (await fetch(`${baseURL()}/`)).text()).toContain(camry);
    // The dialog fits the phone screen.
    await page.getByRole("button", { name: `Delete ${camry}` }).click();
    await dialog().waitFor();
    const box = await dialog().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await dialog().waitFor({ state: "detached" });
    await page.getByRole("link", { name: camry, exact: true }).waitFor();

    await page.getByRole("button", { name: `Confirm ${camry} is still for sale` }).click();
    await expectToast(/stays listed for another 60 days/);
    await expectNoSidewaysScroll();
    expect(problems).toEqual([]);
  });

  test("without JavaScript the buttons still post (no dialog, same result)", async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: baseURL(),
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    await plain.goto("/dashboard/myProducts");
    const bronco = "Ford Bronco Badlands";
    const status = plain.getByLabel(`Status of ${bronco}`);
    await status.selectOption("sold");
    await plain
      .getByRole("row")
      .filter({ hasText: bronco })
      .getByRole("button", { name: "Save" })
      .click();
    await plain.waitForURL("**/dashboard/myProducts");
    await expect(plain.getByLabel(`Status of ${bronco}`).inputValue()).resolves.toBe("sold");
    await plain.getByLabel(`Status of ${bronco}`).selectOption("available");
    await plain
      .getByRole("row")
      .filter({ hasText: bronco })
      .getByRole("button", { name: "Save" })
      .click();
    await expect(plain.getByLabel(`Status of ${bronco}`).inputValue()).resolves.toBe("available");
    await context.close();
  });
});
