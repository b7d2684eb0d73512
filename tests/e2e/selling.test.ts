// Selling in Chromium, as the demo seller Daniel, at 1280 and 390 px: publish a
// car with three photos (one refused first), find it on its category page, edit
// it without new photos; and publish without JavaScript. axe runs on each page.
import { randomUUID } from "node:crypto";
import fs from "node:fs";

import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { baseURL, DESKTOP, launch, modulePreloads, PHONE, seriousViolations } from "./browser.ts";

let browser: Browser;
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
let photos: { name: string; mimeType: string; buffer: Buffer }[];

/** A photo-like JPEG: a colour gradient with noise. */
async function photo(width: number, height: number, hue: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = hue * 7919 + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = ((state >>> 16) & 0x1f) - 16;
      const i = (y * width + x) * 3;
      pixels[i] = Math.min(255, Math.max(0, hue + (x * 80) / width + noise));
      pixels[i + 1] = Math.min(255, Math.max(0, 90 + (y * 100) / height + noise));
      pixels[i + 2] = Math.min(255, Math.max(0, 220 - hue / 2 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

let logStart = 0;

beforeAll(async () => {
  logStart = fs.statSync(inject("serverLog")).size;
  browser = await launch();
  photos = await Promise.all(
    [20, 120, 200].map(async (hue, i) => ({
      name: `car-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await photo(1600, 1200, hue),
    })),
  );
  // One log-in for the whole file (sign-ins are rate limited per address).
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseURL() });
  const page = await context.newPage();
  await page.goto("/login?redirectTo=%2Fdashboard%2FsellCar");
  await page.getByLabel("Email").fill("daniel.okafor@example.com");
  await page.getByLabel("Password").fill("carlot-demo");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL("**/dashboard/sellCar");
  signedIn = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  // Refused photos are routine; nothing here may log a server error.
  const written = fs.readFileSync(inject("serverLog"), "utf8").slice(logStart);
  const errors = written.split("\n").filter((line) => /"level":(50|60)/.test(line));
  expect(errors, errors.join("\n").slice(0, 2000)).toEqual([]);
});

async function open(viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport,
    baseURL: baseURL(),
    storageState: signedIn,
    javaScriptEnabled,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    // The refused photo answers 400 on purpose; the browser logs that response.
    if (message.type() === "error" && !/status of 400/.test(message.text())) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // Without JavaScript the browser does not fetch the scripts the page preloads.
    if (!javaScriptEnabled && /\/assets\/.+\.js$/.test(request.url())) return;
    if (request.failure()?.errorText !== "net::ERR_ABORTED") {
      problems.push(`request failed: ${request.url()}`);
    }
  });
  return { page, problems, close: () => context.close() };
}

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function fillCar(page: Page, title: string) {
  await field(page, "carName").fill(title);
  await field(page, "category").selectOption("suv");
  await field(page, "make").fill("Volvo");
  await field(page, "model").fill("XC60");
  await field(page, "year").fill("2019");
  await field(page, "mileage").fill("41000");
  await field(page, "mileageUnit").selectOption("mi");
  await field(page, "fuel").selectOption("Diesel");
  await field(page, "details").fill("Panoramic roof, tow bar, full Volvo service history.");
  await field(page, "location").fill("Madison, WI");
  await field(page, "yearsUsed").selectOption("less than a year");
  await field(page, "periodAmount").fill("9");
  await field(page, "periodUnit").selectOption("months");
  await field(page, "originalPrice").fill("41000");
  await field(page, "resalePrice").fill("33900");
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>`;

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
])("selling a car (%s)", (label, viewport) => {
  test("publish with three photos, find it on its category page, edit it without new photos", async () => {
    const { page, problems, close } = await open(viewport);
    const title = `Volvo XC60 ${label} ${randomUUID().slice(0, 6)}`;

    await page.goto("/dashboard/sellCar");
    await page.getByRole("heading", { level: 1, name: "Sell A Car" }).waitFor();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "the sell page");

    // The range choice reveals the exact period, with the spec's placeholder.
    await expect(field(page, "periodAmount").isVisible()).resolves.toBe(false);
    await fillCar(page, title);
    await expect(field(page, "periodAmount").getAttribute("placeholder")).resolves.toBe(
      "Days/Months",
    );

    // Three photos and a drawing pretending to be a photo, chosen at once.
    await page
      .getByLabel("Choose photos")
      .setInputFiles([
        ...photos,
        { name: "sneaky.jpg", mimeType: "image/jpeg", buffer: Buffer.from(SVG) },
      ]);
    const tiles = page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
    await expect(tiles.count()).resolves.toBe(4);
    await page.getByRole("button", { name: /^Make cover\W+photo 3$/ }).click();
    await expect(tiles.first().getByRole("img").getAttribute("alt")).resolves.toBe(
      "car-3.jpg (1 of 4)",
    );
    await expectAccessible(page, "the sell page with photos");

    // The server decodes every file and refuses the drawing; what was typed stays.
    await page.getByRole("button", { name: "Publish my car" }).click();
    await page.getByText(/"sneaky\.jpg" is an SVG drawing, not a photo/).waitFor();
    // Focus goes to the photos, which the message describes.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("label")?.textContent))
      .toBe("Add more photos");
    await expect(field(page, "carName").inputValue()).resolves.toBe(title);
    await expect(tiles.count()).resolves.toBe(4);
    await page.getByRole("button", { name: "Remove photo 4" }).click();
    await expect(tiles.count()).resolves.toBe(3);

    // On a slow upload the form gives way to a spinner and a real byte progress bar.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    await page.getByRole("button", { name: "Publish my car" }).click();
    const bar = page.getByRole("progressbar", { name: "Upload progress" });
    await page.getByRole("status").getByText("Publishing your car…").waitFor();
    await page.waitForFunction(() => {
      const value = Number(
        document.querySelector('[aria-label="Upload progress"]')?.getAttribute("aria-valuenow"),
      );
      return value > 0 && value < 100;
    });
    await expect(bar.getAttribute("aria-valuetext")).resolves.toMatch(
      /^Uploading: [\d.]+ MB of [\d.]+ MB$/,
    );
    await expect(field(page, "carName").isVisible()).resolves.toBe(false);
    await page.waitForURL("**/dashboard/myProducts", { timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText("Your car has been published for sale").waitFor();

    // It is on its category page, newest first.
    await page.goto("/products/suv");
    const link = page.getByRole("link", { name: title, exact: true });
    await link.waitFor();
    await expectAccessible(page, "the SUV page");
    await link.click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText("3 photos").waitFor();
    await page.getByText("Used for 9 months (less than a year)").waitFor();
    await page.getByText("33,900$").first().waitFor();
    const cover = page.getByRole("img", { name: title, exact: true });
    const coverSrcset = await cover.getAttribute("srcset");
    expect(coverSrcset).toMatch(/\/media\/listings\/.+\.webp 480w, .+\.webp 960w, .+\.webp 1600w/);
    await expect(cover.getAttribute("fetchpriority")).resolves.toBe("high");
    // The thumbnails load lazily.
    const thumbnails = page.locator("ul img");
    await expect(thumbnails.first().getAttribute("loading")).resolves.toBe("lazy");
    const id = /productDetails\/(\d+)/.exec(page.url())?.[1];
    expect(id).toBeTruthy();

    // Edit without new photos: everything is prefilled, the photos stay.
    await page.goto(`/dashboard/productDetails/editProduct/${id}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "the edit page");
    await expect(field(page, "mileage").inputValue()).resolves.toBe("41000");
    await expect(field(page, "mileageUnit").inputValue()).resolves.toBe("mi");
    await expect(field(page, "quality").inputValue()).resolves.toBe("Good");
    await expect(tiles.count()).resolves.toBe(3);
    await field(page, "resalePrice").fill("32500");
    await field(page, "quality").selectOption("Excellent");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL("**/dashboard/myProducts", { timeout: 30_000 });
    await page.getByText("Your car information has been updated").waitFor();

    await page.goto(`/dashboard/productDetails/${id}`);
    await page.getByText("32,500$").first().waitFor();
    await page.getByText("3 photos").waitFor();
    await expect(
      page.getByRole("img", { name: title, exact: true }).getAttribute("srcset"),
    ).resolves.toBe(coverSrcset);

    expect(problems).toEqual([]);
    await close();
  });
});

describe("the sell page's scripts", () => {
  test("are asked for first at low priority, its client action's module too", async () => {
    const { page, close } = await open(DESKTOP);
    // The page's route has a clientAction (uploadClientAction), which React Router
    // builds into a module of its own and <Scripts> preloads with the others.
    const html = await (await page.request.get("/dashboard/sellCar")).text();
    await close();
    const { low, scripts, lowFirst } = modulePreloads(html);
    const sellCarModules = new Set(scripts.filter((href) => /\/sell-car-[\w-]+\.js$/.test(href)));
    expect(sellCarModules.size, "the route's module and its client action's").toBe(2);
    expect(low.toSorted()).toEqual([...new Set(scripts)].sort());
    expect(lowFirst).toBe(true);
  });
});

describe("selling without JavaScript", () => {
  test("a plain form publishes a car with one photo", async () => {
    const { page, problems, close } = await open(DESKTOP, false);
    const title = `Volvo XC60 no-JS ${randomUUID().slice(0, 6)}`;
    await page.goto("/dashboard/sellCar");
    await fillCar(page, title);
    await field(page, "yearsUsed").selectOption("3");
    await page.getByLabel("Choose photos").setInputFiles([photos[0]!]);
    await page.getByRole("button", { name: "Publish my car" }).click();
    await page.waitForURL("**/dashboard/myProducts", { timeout: 30_000 });
    await page.getByText(title).first().waitFor();
    // A mistake comes back from the server with the spec's message and the typed values.
    await page.goto("/dashboard/sellCar");
    await field(page, "carName").fill("Half-finished");
    await page.getByRole("button", { name: "Publish my car" }).click();
    await page.getByText("image is required").waitFor();
    await page.getByText("Location is required").waitFor();
    await expect(field(page, "carName").inputValue()).resolves.toBe("Half-finished");
    expect(problems).toEqual([]);
    await close();
  });
});
