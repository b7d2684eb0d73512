// Saved searches and saved cars (issue 28), in Chromium against the demo site: a buyer saves
// a search from its results page; a car that matches comes back on sale and the buyer's email
// arrives within seconds (the server runs the job every 2 s here); its unsubscribe link works
// signed out. The buyer saves the car and asks to hear at once; the seller cuts its price; the
// buyer hears "was X, now Y", the car page shows its price history and the results "Reduced
// by". The Saved searches page reached by its link is the page loaded at its address; axe
// finds nothing serious on it at desktop and phone sizes. The demo car is put back after.
import fs from "node:fs/promises";
import path from "node:path";

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inject } from "vitest";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

const outbox = path.join(inject("dataDir"), "outbox");
const CAR = "Dodge Charger SRT 392";
const BUYER = "liam.carter@example.com";

type Session = Awaited<ReturnType<typeof openPage>>;
let browser: Browser;
let buyer: Session;
let seller: Session;
let carId = "";

/** MIME encoded words back to text. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?q\?([^?]*)\?=/gi, (_, text: string) =>
    Buffer.from(
      text
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );

type Mail = { subject: string; text: string; head: string; file: string };

async function mailsTo(address: string): Promise<Mail[]> {
  const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((name) =>
    name.endsWith(".eml"),
  );
  const mails: Mail[] = [];
  for (const name of names.sort()) {
    const raw = await fs.readFile(path.join(outbox, name), "utf8");
    const at = raw.indexOf("\n\n");
    const head = raw.slice(0, at).replace(/\n[ \t]+/g, " ");
    if (!new RegExp(`^To: .*${address}`, "mi").test(head)) continue;
    const body = raw.slice(at + 2);
    const text = /quoted-printable/i.test(head)
      ? Buffer.from(
          body
            .replace(/=\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8")
      : body;
    const subject = decodeWords(/^Subject: (.*)$/m.exec(head)?.[1] ?? "");
    mails.push({ subject, text, head, file: name });
  }
  return mails;
}

/** The first email to the buyer, after `seen`, whose text has `words`: within 15 s. */
async function waitForMail(words: string, seen: Set<string>): Promise<Mail> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = (await mailsTo(BUYER)).find(
      (mail) => !seen.has(mail.file) && mail.text.includes(words),
    );
    if (found) {
      seen.add(found.file);
      return found;
    }
    if (Date.now() > until) throw new Error(`no email with “${words}” arrived`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function logIn(page: Page, email: string) {
  await page.goto("/login?redirectTo=%2Fdashboard");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("carlot-demo");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL("**/dashboard");
}

async function expectToast(page: Page, message: string) {
  await page.getByRole("region", { name: "Notifications" }).getByText(message).waitFor();
}

/** The seller sets the car's status on My Products, as its page does without JavaScript. */
async function setStatus(status: "sold" | "available") {
  const answer = await seller.page.request.post("/dashboard/myProducts", {
    form: { intent: "status", id: carId, status },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

/** The seller changes the price on the edit page. */
async function setPrice(amount: string) {
  const { page } = seller;
  await page.goto(`/dashboard/productDetails/editProduct/${carId}`);
  await page.getByLabel("Resale Price").fill(amount);
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL((url) => !url.pathname.includes("editProduct"));
}

beforeAll(async () => {
  browser = await launch();
  buyer = await openPage(browser);
  seller = await openPage(browser);
  await logIn(buyer.page, BUYER);
  await logIn(seller.page, "maya.thompson@example.com");
  await buyer.page.goto("/products/allProducts?make=Dodge&sold=1");
  const href = await buyer.page
    .locator('a[href*="/dashboard/productDetails/"]', { hasText: CAR })
    .first()
    .getAttribute("href");
  carId = /productDetails\/(\d+)/.exec(href ?? "")![1]!;
});

afterAll(async () => {
  // The demo car as it was: its price and sold.
  if (carId) {
    await setPrice("23600").catch(() => undefined);
    await setStatus("sold").catch(() => undefined);
  }
  await buyer?.close();
  await seller?.close();
  await browser?.close();
});

describe("a saved search tells its owner about a new match", () => {
  const seen = new Set<string>();

  test("saved from its results page, announced at once, stopped by its link signed out", async () => {
    for (const mail of await mailsTo(BUYER)) seen.add(mail.file);
    const { page } = buyer;
    // The dialog's code loads once the page shows the button (loadWhenShown).
    await page.goto("/products/allProducts?make=Dodge&maxPrice=30000", {
      waitUntil: "networkidle",
    });
    await page.getByRole("link", { name: "Save this search" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this search" });
    await expect(dialog.getByLabel("Name").inputValue()).resolves.toBe(
      "Dodge, Price up to 30,000$",
    );
    await dialog.getByLabel("At once").check();
    await dialog.getByRole("button", { name: "Save search" }).click();
    await expectToast(page, "Search saved. You will hear about new cars that match it.");
    expect(new URL(page.url()).search).toBe("?make=Dodge&maxPrice=30000");

    // The sold Charger comes back on sale: it is public again and matches.
    await setStatus("available");
    const mail = await waitForMail(CAR, seen);
    expect(mail.subject).toBe("1 new car for “Dodge, Price up to 30,000$” on Carlot");
    expect(mail.text).toContain(`/dashboard/productDetails/${carId}`);
    expect(mail.head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The link works for someone who is not signed in.
    const link = /^(http:\/\/\S+\/alerts\/unsubscribe\?token=\S+)$/m.exec(mail.text)![1]!;
    const stranger = await openPage(browser);
    await stranger.page.goto(new URL(link).pathname + new URL(link).search);
    await stranger.page.getByRole("heading", { name: "Stop alert emails" }).waitFor();
    await stranger.page.getByRole("button", { name: "Unsubscribe" }).click();
    await stranger.page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    expect(stranger.problems).toEqual([]);
    await stranger.close();
  });

  test("the Saved searches page: by its link as when loaded, with the search paused", async () => {
    const { page } = buyer;
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Saved searches" }).click();
    await page.waitForURL("**/dashboard/savedSearches");
    const card = page.getByRole("listitem").filter({ hasText: "Dodge, Price up to 30,000$" });
    await card.getByText("Paused: no emails until you resume it.").waitFor();
    const linked = await page.locator("main").innerText();
    await page.goto("/dashboard/savedSearches");
    expect(await page.locator("main").innerText()).toBe(linked);

    // Resume, then the edit dialog renames it and keeps how often.
    await card.getByRole("button", { name: "Resume Dodge, Price up to 30,000$" }).click();
    await expectToast(page, "Resumed: you will hear about new cars again.");
    await card.getByRole("link", { name: "Edit Dodge, Price up to 30,000$" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText("Give the search a name.").waitFor();
    await dialog.getByLabel("Name").fill("Weekend Dodge");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Saved search updated.");
    await page.getByRole("link", { name: "Weekend Dodge" }).first().waitFor();
    await page.getByText("Emails: At once").waitFor();

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    expect(buyer.problems).toEqual([]);
  });
});

describe("a saved car's price cut", () => {
  const seen = new Set<string>();

  test("was X, now Y by email; the price history and 'Reduced by' on the site", async () => {
    for (const mail of await mailsTo(BUYER)) seen.add(mail.file);
    const { page } = buyer;
    await page.goto(`/dashboard/productDetails/${carId}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Saved to your wishlist");
    await page.goto("/dashboard/wishlist");
    await page
      .getByLabel(
        "Email me when a saved car's price falls, it sells, is back on sale or is removed",
      )
      .selectOption("instant");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Saved: we will tell you about your saved cars as you chose.");

    await setPrice("21000");
    const mail = await waitForMail("was 23,600$, now 21,000$", seen);
    expect(mail.text).toContain(`${CAR}: was 23,600$, now 21,000$.`);
    expect(mail.subject).toBe(`Price cut: ${CAR}`);

    await page.goto(`/dashboard/productDetails/${carId}`);
    const history = page.getByRole("region", { name: "Price history" });
    await history.getByText("first price").waitFor();
    await history.getByText("down 2,600$").waitFor();
    await page.goto("/products/allProducts?make=Dodge");
    await page.getByText("Reduced by 2,600$ · today").waitFor();
    await page.goto("/products/allProducts?make=Dodge&reduced=1");
    await page.getByRole("link", { name: CAR }).first().waitFor();
    expect(buyer.problems).toEqual([]);

    // Tidy up: out of the wishlist, the search deleted.
    await page.goto("/dashboard/wishlist");
    await page.getByRole("button", { name: `Remove ${CAR} from your wishlist` }).click();
    await expectToast(page, "Removed from your wishlist");
    await page.goto("/dashboard/savedSearches");
    await page.getByRole("button", { name: "Delete Weekend Dodge" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await expectToast(page, "Saved search deleted.");
    await page.getByText("You have no saved searches yet.").waitFor();
    expect(baseURL()).toBeTruthy();
  });
});

describe("stored XSS", () => {
  test("a hostile search name is text on the page, in the dialog and in the email", async () => {
    const payload = `<img src=x onerror="window.__xss=1">"><script>window.__xss=2</script>`;
    const { page } = buyer;
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const answer = await page.request.post("/dashboard/savedSearches", {
      form: {
        intent: "save",
        name: payload,
        frequency: "instant",
        search: "/products/allProducts?make=Dodge",
        redirectTo: "/dashboard/savedSearches",
      },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    await page.goto("/dashboard/savedSearches");
    await page.getByRole("heading", { name: payload }).waitFor();
    await page.getByRole("link", { name: `Edit ${payload}` }).click();
    await expect(page.getByRole("dialog").getByLabel("Name").inputValue()).resolves.toBe(payload);
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // Its email is plain text: the name is words, with no HTML part to run.
    const seen = new Set((await mailsTo(BUYER)).map((mail) => mail.file));
    await setStatus("sold");
    await setStatus("available");
    const mail = await waitForMail(payload, seen);
    expect(mail.head).not.toMatch(/text\/html/i);
    await page.getByRole("button", { name: `Delete ${payload}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await expectToast(page, "Saved search deleted.");
    expect(buyer.problems).toEqual([]);
  });
});
