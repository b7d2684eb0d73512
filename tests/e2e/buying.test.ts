// Buying in the browser, at desktop and phone widths: a buyer saves a car, contacts
// its seller, sees the request in My Orders; the seller sees the buyer's contact in
// My Buyers; the buyer cancels and removes the car from the wishlist. Axe on each page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("carlot-demo");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** The n-th car of a seller in the all-cars list (looking through its first pages). */
async function carOf(page: Page, seller: string, n: number) {
  const found: { title: string; href: string }[] = [];
  for (let number = 1; number <= 5 && found.length <= n; number++) {
    await page.goto(`/products/allProducts?page=${number}`);
    const links = page
      .getByRole("row")
      .filter({ hasText: seller })
      .getByRole("link", { name: /^Details/ });
    for (const link of await links.all()) {
      const title = (await link.textContent())!.replace(/^Details of /, "").trim();
      found.push({ title, href: (await link.getAttribute("href"))! });
    }
  }
  const car = found[n];
  expect(car, `car ${n} of ${seller}`).toBeDefined();
  expect(car!.title).not.toBe("");
  return car!;
}

describe.each([
  ["desktop", DESKTOP, "emma.nguyen@example.com", "Emma Nguyen", 0],
  ["phone", PHONE, "liam.carter@example.com", "Liam Carter", 1],
] as const)("buying on a %s", (_name, viewport, buyerEmail, buyerName, carIndex) => {
  test("save, contact the seller, see it on both sides, cancel and unsave", async () => {
    const buyer = await openPage(browser, viewport);
    const seller = await openPage(browser, viewport);
    try {
      const page = buyer.page;
      await logIn(page, buyerEmail);
      const car = await carOf(page, "Ethan Brooks", carIndex);
      await page.goto(car.href);

      // Save it: the button says so with its pressed state.
      const save = page.getByRole("button", { name: /^Save/ });
      await save.click();
      await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
      await page.getByText("Saved to your wishlist").waitFor();

      // Contact the seller: empty fields get the spec's messages first.
      await page.getByRole("link", { name: "Contact Seller" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await expectAccessible(page, "contact dialog");
      await expect.poll(() => dialog.getByLabel("Your email").isDisabled()).toBe(true);
      await dialog.getByLabel("Your name").fill("");
      await dialog.getByRole("button", { name: "Send to the seller" }).click();
      await dialog.getByText("User Name is required").waitFor();
      await dialog.getByText("Your location is required").waitFor();
      await dialog.getByText("Contact number is required").waitFor();
      await dialog.getByLabel("Your name").fill(buyerName);
      await dialog.getByLabel("Where would you like to meet?").fill("Library car park, Main St");
      await dialog.getByLabel("Contact number").fill("+1 512 555 0142");
      await dialog.getByRole("button", { name: "Send to the seller" }).click();
      await page.getByText("Order placed successfully").waitFor();
      await page.getByText("You have contacted the seller about this car.").waitFor();
      await expectAccessible(page, "detail page after contacting");

      // My Orders lists it.
      await page.goto("/dashboard/myorders");
      await page.getByRole("heading", { name: "My Orders" }).waitFor();
      await page.getByRole("row").filter({ hasText: car.title }).waitFor();
      await expectAccessible(page, "My Orders");

      // The seller sees the buyer, and the contact details in a dialog.
      await logIn(seller.page, "ethan.brooks@example.com");
      await seller.page.goto("/dashboard/mybuyers");
      const row = seller.page.getByRole("row").filter({ hasText: buyerName });
      await row.filter({ hasText: car.title }).waitFor();
      await expectAccessible(seller.page, "My Buyers");
      const contactLink = row.getByRole("link", { name: /Contact Buyer/ }).first();
      await contactLink.click();
      const contact = seller.page.getByRole("dialog", { name: "Buyers Contact Information" });
      await contact.waitFor();
      await contact.getByText("+1 512 555 0142").waitFor();
      await contact.getByText("Library car park, Main St").waitFor();
      await expectAccessible(seller.page, "buyer contact dialog");
      await seller.page.keyboard.press("Escape");
      await contact.waitFor({ state: "detached" });
      await expect
        .poll(() => contactLink.evaluate((el) => el === document.activeElement))
        .toBe(true);

      // The buyer cancels, after the spec's confirm.
      await page.goto("/dashboard/myorders");
      await page
        .getByRole("row")
        .filter({ hasText: car.title })
        .getByRole("button", { name: /^Delete your request/ })
        .click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Are You Sure To Cancel This Order?").waitFor();
      await expectAccessible(page, "cancel confirm");
      await confirm.getByRole("button", { name: "Yes, cancel it" }).click();
      await page.getByText("Deleted successfully").waitFor();
      await expect.poll(() => page.getByRole("row").filter({ hasText: car.title }).count()).toBe(0);

      // Once cancelled, the seller no longer sees the buyer's details.
      await seller.page.reload();
      await expect.poll(() => seller.page.getByText("+1 512 555 0142").count()).toBe(0);

      // My Wishlist (the buyer's /dashboard/myProducts) lists the saved car; remove it.
      await page.goto("/dashboard/myProducts");
      await page.getByRole("heading", { name: "My Wishlist" }).waitFor();
      const saved = page.getByRole("row").filter({ hasText: car.title });
      await saved.waitFor();
      await expectAccessible(page, "My Wishlist");
      await saved.getByRole("button", { name: /^Remove/ }).click();
      await page.getByText("Removed from your wishlist").waitFor();
      await expect.poll(() => page.getByRole("row").filter({ hasText: car.title }).count()).toBe(0);

      // The empty contact form is answered 400 on purpose; the browser logs that.
      expect(buyer.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
      expect(seller.problems).toEqual([]);
    } finally {
      await buyer.close();
      await seller.close();
    }
  });
});

test("the safety page reads well and passes axe", async () => {
  const { page, problems, close } = await openPage(browser, PHONE);
  await page.goto("/safety");
  await page.getByRole("heading", { name: "Meet, check, then pay" }).waitFor();
  await expectAccessible(page, "safety page");
  expect(problems).toEqual([]);
  await close();
});

test("without JavaScript: save, contact the seller on the page, cancel", async () => {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: baseURL(),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  try {
    await logIn(page, "emma.nguyen@example.com");
    const car = await carOf(page, "Priya Raman", 0);
    await page.goto(car.href);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole("button", { name: "Saved", exact: true }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    // "Contact Seller" is a link that shows the form on the page.
    await page.getByRole("link", { name: "Contact Seller" }).click();
    await page.getByRole("heading", { name: /^Contact the seller about/ }).waitFor();
    await page.getByRole("button", { name: "Send to the seller" }).click();
    await page.getByText("Your location is required").waitFor();
    await page.getByLabel("Where would you like to meet?").fill("Library car park");
    await page.getByLabel("Contact number").fill("+1 512 555 0177");
    await page.getByRole("button", { name: "Send to the seller" }).click();
    await page.getByText("You have contacted the seller about this car.").waitFor();
    // The Delete button posts straight away (the confirm needs JavaScript).
    await page.goto("/dashboard/myorders");
    await page
      .getByRole("row")
      .filter({ hasText: car.title })
      .getByRole("button", { name: /^Delete your request/ })
      .click();
    await page.getByText("You didn't ordered anything yet.").waitFor();
  } finally {
    await context.close();
  }
});
