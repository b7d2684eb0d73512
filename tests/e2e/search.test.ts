// Finding a car in the browser, at desktop and phone widths: filter by make, model
// and price, sort, page, compare three cars, and share both URLs into a new
// visitor's browser. Without JavaScript the same search works through the GET
// form. Axe on each page.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits (up to 15 s) for a value to settle, as navigations complete. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** A row's car, from its "Details of …" link. */
async function titleOf(row: Locator) {
  const text = await row.getByRole("link", { name: /^Details of / }).textContent();
  return text!.replace(/^Details of /, "").trim();
}

/** Titles and prices of the result rows, as shown. */
async function results(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("tbody tr")).map((row) => {
      const details = Array.from(row.querySelectorAll("a")).find((a) =>
        a.textContent?.startsWith("Details of "),
      );
      const price = /([\d,]+)\$/.exec((row as HTMLElement).innerText)?.[1] ?? "";
      return {
        title: (details?.textContent ?? "").replace(/^Details of /, "").trim(),
        price: Number(price.replace(/,/g, "")),
      };
    }),
  );
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("finding a car on a %s", (name, viewport) => {
  test("filter by make, model and price, sort, page; the URL says it all", async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    try {
      await page.goto("/products/allProducts");
      await page.waitForLoadState("networkidle");
      const details = page.locator("details", {
        has: page.locator("summary", { hasText: "Filters" }),
      });
      if (name === "phone") {
        // Folded on phones until asked for.
        expect(await details.getAttribute("open")).toBeNull();
        await page.locator("summary", { hasText: "Filters" }).click();
      } else {
        await poll(() => details.getAttribute("open")).toBe("");
      }

      await page.getByLabel("Make").selectOption("Toyota");
      await page.waitForURL(/\?make=Toyota$/);
      // The URL changes before the new results replace the old ones: wait for them.
      await poll(async () => {
        const rows = await results(page);
        return rows.length > 1 && rows.every((row) => row.title.includes("Toyota"));
      }).toBe(true);

      await page.getByLabel("Model").selectOption("RAV4 Hybrid XLE");
      await page.waitForURL(/\?make=Toyota&model=RAV4\+Hybrid\+XLE$/);
      await poll(async () => (await results(page)).map((r) => r.title)).toEqual([
        "Toyota RAV4 Hybrid XLE",
      ]);
      await page.getByText("1 car for sale").waitFor();

      await page.getByLabel("Model").selectOption("");
      await page.getByLabel("Price ($), to").fill("30000");
      await page.waitForURL(/\?make=Toyota&maxPrice=30000$/);
      await poll(async () => {
        const rows = await results(page);
        return rows.length > 1 && rows.every((row) => row.price <= 30_000);
      }).toBe(true);
      const count = (await page.getByTestId("result-count").textContent())!;
      if (name === "phone") {
        // "Show N cars" closes the panel over the results.
        await page.getByRole("button", { name: /^Show \d+ cars?$/ }).click();
        await poll(() => details.getAttribute("open")).toBeNull();
      }
      expect(count).toMatch(/^\d+ cars for sale$/);

      await page.getByLabel("Sort by").selectOption("price-desc");
      await page.waitForURL(/\?make=Toyota&maxPrice=30000&sort=price-desc$/);
      await poll(async () => {
        const prices = (await results(page)).map((row) => row.price);
        return prices.join(",") === [...prices].sort((a, b) => b - a).join(",");
      }).toBe(true);
      await page.getByRole("link", { name: "Toyota (remove this filter)" }).waitFor();
      await expectAccessible(page, `search on a ${name}`);
      await noOverflow(page);

      // Back goes to the previous search.
      await page.goBack();
      await page.waitForURL(/\?make=Toyota&maxPrice=30000$/);
      await poll(() => page.getByLabel("Sort by").inputValue()).toBe("newest");

      // Pages with numbers; the filters stay in the links.
      await page.goto("/products/allProducts");
      const pages = page.getByRole("navigation", { name: "Pages" });
      if (name === "desktop") await pages.getByRole("link", { name: "Page 2" }).click();
      else await pages.getByRole("link", { name: "Next" }).click();
      await page.waitForURL(/\/products\/allProducts\?page=2$/);
      if (name === "desktop") {
        await poll(() => pages.locator('[aria-current="page"]').textContent()).toBe("Page 2");
      } else {
        await pages.getByText(/^Page 2 of \d+$/).waitFor();
      }
      expect((await results(page)).length).toBeGreaterThan(0);

      // A shared search shows the same cars to a new visitor.
      const shared = "/products/allProducts?make=Toyota&maxPrice=30000&sort=price-desc";
      await page.goto(shared);
      const mine = await results(page);
      const other = await openPage(browser, viewport);
      try {
        await other.page.goto(shared);
        expect(await results(other.page)).toEqual(mine);
        expect(other.problems).toEqual([]);
      } finally {
        await other.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  test("compare three cars and share the comparison", async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    try {
      await page.goto("/products/allProducts");
      await page.waitForLoadState("networkidle");
      const rows = page.locator("tbody tr");
      const chosen: string[] = [];
      for (let i = 0; i < 3; i++) {
        const row = rows.nth(i);
        chosen.push(await titleOf(row));
        const toggle = row.getByRole("button", { name: /^Compar(e|ing) / });
        await toggle.click();
        await poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
      }
      const bar = page.getByRole("region", { name: "Cars to compare" });
      await bar.getByText("3 of 4").waitFor();
      await expectAccessible(page, `list with the compare bar on a ${name}`);
      await bar.getByRole("link", { name: "Compare 3 cars" }).click();
      await page.waitForURL(/\/compare\?ids=\d+,\d+,\d+$/);
      const heads = page.locator("thead th");
      await poll(() => heads.count()).toBe(3);
      for (const [i, title] of chosen.entries()) {
        expect((await heads.nth(i).textContent())!).toContain(title);
      }
      await page.getByText("differs").first().waitFor();
      await expectAccessible(page, `compare on a ${name}`);
      await noOverflow(page);

      // The URL is the comparison: a new visitor sees the same cars.
      const url = page.url();
      const visitor = await openPage(browser, viewport);
      try {
        await visitor.page.goto(url);
        const theirs = visitor.page.locator("thead th");
        await poll(() => theirs.count()).toBe(3);
        for (const [i, title] of chosen.entries()) {
          expect((await theirs.nth(i).textContent())!).toContain(title);
        }
        expect(visitor.problems).toEqual([]);
      } finally {
        await visitor.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

test("without JavaScript: the form searches, corrections are shown, compare links work", async () => {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: baseURL(),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  try {
    await page.goto("/products/allProducts");
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByLabel("Make").selectOption("Toyota");
    await page.getByLabel("Price ($), to").fill("30000");
    await page.getByRole("button", { name: /^Show \d+ cars?$/ }).click();
    // The GET form's empty fields are dropped: the canonical address.
    await page.waitForURL(/\/products\/allProducts\?make=Toyota&maxPrice=30000$/);
    for (const row of await results(page)) {
      expect(row.title).toContain("Toyota");
      expect(row.price).toBeLessThanOrEqual(30_000);
    }
    await page.goto("/products/allProducts?minPrice=-5&make=Lada");
    await page.getByText("We ignored the minimum price “-5”: it cannot be negative.").waitFor();
    await page.getByText("We ignored the make “Lada”: no car on Carlot has it.").waitFor();

    // "Compare" is a link to the comparison with that car.
    const first = page.locator("tbody tr").first();
    await first.getByRole("button", { name: /Compare/ }).click();
    await page.waitForURL(/\/compare\?ids=\d+$/);
    await page.locator("thead th").first().waitFor();
  } finally {
    await context.close();
  }
});

test("with JavaScript: typed prices are tidied, a value the form cannot use is named, and a search for nothing offers looser ones", async () => {
  const { page, problems, close } = await openPage(browser, DESKTOP);
  try {
    await page.goto("/products/allProducts");
    await page.waitForLoadState("networkidle");
    // The browser tidies what the server would (no redirect, the field keeps focus)…
    const maxPrice = page.getByLabel("Price ($), to");
    await maxPrice.fill("30,000");
    await page.waitForURL(/\/products\/allProducts\?maxPrice=30000$/);
    await poll(() => maxPrice.evaluate((input) => input === document.activeElement)).toBe(true);
    // …and leaves what only the server can judge to the server, which says what it ignored.
    await maxPrice.fill("cheap");
    await page.waitForURL(/\/products\/allProducts\?maxPrice=cheap$/);
    await page
      .getByText("We ignored the maximum price “cheap”: it is not a whole number.")
      .waitFor();
    // Nothing matches: the page, reached by the form, offers looser searches.
    await page.getByLabel("Search cars").fill("zzqx nothing like this");
    await page.getByText("No cars match this search").waitFor();
    await expectAccessible(page, "an empty search");
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});

test("two quick changes on a slow phone: the price typed as the second one lands is kept", async () => {
  const { page, problems, close } = await openPage(browser, PHONE);
  try {
    // A slow phone's CPU (6×): the URL of a change is in the address bar a moment before
    // React shows its page. The form once took the first change's page landing for a change
    // from elsewhere, remounted, and lost what was typed next (9 of 20 tries).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    for (let round = 1; round <= 6; round++) {
      await page.goto("/products/allProducts");
      await page.waitForLoadState("networkidle");
      await page.getByText("Filters", { exact: true }).click();
      await page.getByLabel("Make").selectOption({ index: 1 });
      await page.waitForURL((url) => url.searchParams.has("make"));
      await page.getByLabel("Fuel").selectOption("Petrol");
      await page.waitForURL((url) => url.searchParams.get("fuel") === "Petrol");
      const maxPrice = page.getByLabel("Price ($), to");
      await maxPrice.fill("60000");
      await page.waitForURL((url) => url.searchParams.get("maxPrice") === "60000", {
        timeout: 10_000,
      });
      expect(await maxPrice.inputValue(), `round ${round}`).toBe("60000");
    }
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});
