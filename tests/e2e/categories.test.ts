// Categories managed by admins (issue 25, decision 019), in Chromium: the admin reaches
// the page from the dashboard, adds a category (its errors next to the fields first),
// renames Sedan with a new address (the old one answers 301), moves, hides and shows
// one, and deletes a category with a car by moving it, after a confirm naming the
// count. Visitors see each change; the page passes axe and fits a phone. Last, the
// stored-XSS walk with payloads in category names. The demo's four come back after.
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

type Session = Awaited<ReturnType<typeof openPage>>;

let browser: Browser;
let admin: Session;
let seller: Session;

async function logIn(session: Session, email: string, landing: string) {
  await session.page.goto(`/login?redirectTo=${encodeURIComponent(landing)}`);
  await session.page.getByLabel("Email").fill(email);
  await session.page.getByLabel("Password").fill("carlot-demo");
  await session.page.getByRole("button", { name: "Log In", exact: true }).click();
  await session.page.waitForURL(`**${landing}`);
}

async function expectToast(page: Page, message: string) {
  await page.getByRole("region", { name: "Notifications" }).getByText(message).waitFor();
}

const photo = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The categories page's ids by name, read from its Edit links. */
async function categoryIds(): Promise<Map<string, string>> {
  const html = await (await admin.page.request.get("/dashboard/categories")).text();
  const unescape = (text: string) =>
    text
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const ids = new Map<string, string>();
  for (const [tag] of html.matchAll(/<a [^>]*aria-label="Edit [^"]*"[^>]*>/g)) {
    const id = /[?&;]edit=(\d+)/.exec(tag)?.[1];
    const name = /aria-label="Edit ([^"]*)"/.exec(tag)?.[1];
    if (id && name !== undefined) ids.set(unescape(name), id);
  }
  return ids;
}

/** Posts the categories page's form as the admin, without JavaScript. */
async function adminPost(form: Record<string, string>) {
  const answer = await admin.page.request.post("/dashboard/categories", {
    form,
    maxRedirects: 0,
  });
  expect(answer.status(), (await answer.text()).slice(0, 300)).toBe(302);
}

/** A visitor's category card names on the home page, in order. */
async function homeCategories(): Promise<string[]> {
  const html = await (await fetch(`${baseURL()}/`)).text();
  // The names are the admins' words: marked translate="no" (decision 020).
  return [
    ...html.matchAll(/<h3 [^>]*class="text-lg font-semibold text-slate-900">([^<]+)<\/h3>/g),
  ].map((match) => match[1]!);
}

/** Publishes a car in `category` as the seller (the sell form without JavaScript); its id. */
async function sellCar(category: string, title: string): Promise<string> {
  const page = await (await seller.page.request.get("/dashboard/sellCar")).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(page)?.[1] ?? "";
  const sold = await seller.page.request.post("/dashboard/sellCar", {
    multipart: {
      formToken,
      carName: title,
      category,
      details: "A test car for the categories page.",
      location: "Austin, TX",
      yearsUsed: "3",
      originalPrice: "30000",
      resalePrice: "21000",
      make: "Mazda",
      model: "MX-5",
      year: "2019",
      mileage: "41000",
      mileageUnit: "km",
      photos: { name: "car.jpg", mimeType: "image/jpeg", buffer: await photo("#335577") },
    },
    maxRedirects: 0,
  });
  expect(sold.status(), (await sold.text()).slice(0, 300)).toBe(302);
  const mine = await (await seller.page.request.get("/dashboard/myProducts")).text();
  const before = mine.slice(0, Math.max(0, mine.indexOf(title)));
  return [...before.matchAll(/productDetails\/(\d+)/g)].at(-1)?.[1] ?? "";
}

beforeAll(async () => {
  browser = await launch();
  admin = await openPage(browser);
  seller = await openPage(browser);
  await logIn(admin, "admin@example.com", "/dashboard");
  await logIn(seller, "maya.thompson@example.com", "/dashboard/myProducts");
});

afterAll(async () => {
  await admin?.close();
  await seller?.close();
  await browser?.close();
});

describe("an admin manages the categories", () => {
  let carId = "";
  afterAll(async () => {
    // The demo's four, by their names and addresses, and without the test car.
    if (carId) {
      const deleted = await seller.page.request.post("/dashboard/myProducts", {
        form: { intent: "delete", id: carId },
        maxRedirects: 0,
      });
      expect(deleted.status()).toBe(302);
    }
    const ids = await categoryIds();
    if (ids.has("Convertible")) {
      await adminPost({ intent: "delete", id: ids.get("Convertible")!, cars: "0" });
    }
    if (ids.has("Saloon")) {
      await adminPost({
        intent: "edit",
        id: ids.get("Saloon")!,
        name: "Sedan",
        changeAddress: "on",
      });
    }
    expect(await homeCategories()).toEqual(["Sedan", "Off Road", "Muscle", "SUV"]);
  });

  test("adds, renames with a new address, reorders, hides, moves a car and deletes", async () => {
    const { page } = admin;
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Categories", exact: true }).click();
    await page.waitForURL("**/dashboard/categories");
    await page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();

    // Errors next to their fields, before anything is sent.
    const add = page.getByRole("region", { name: "Add a category" });
    await page.getByRole("button", { name: "Add Category" }).click();
    await page.getByText("Category name is required").waitFor();
    await page.getByText("Choose a photo for the category").waitFor();
    await expect(add.getByLabel(/^Name/).getAttribute("aria-invalid")).resolves.toBe("true");
    await add.getByLabel(/^Name/).fill("Convertible");
    await add.getByLabel(/^Photo/).setInputFiles({
      name: "convertible.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("#aa3344"),
    });
    await page.getByRole("button", { name: "Add Category" }).click();
    await expectToast(page, "Convertible added");
    await page.getByRole("heading", { level: 3, name: "Convertible" }).waitFor();
    expect(await homeCategories()).toEqual(["Sedan", "Off Road", "Muscle", "SUV", "Convertible"]);

    // Renamed with its address: the old address leads to the new one.
    await page.getByRole("link", { name: "Edit Sedan" }).click();
    await page.getByRole("region", { name: "Edit Sedan" }).getByLabel(/^Name/).fill("Saloon");
    await page.getByLabel(/Change the address too/).check();
    await page.getByText("/products/sedan becomes /products/saloon").waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Saloon saved");
    const visitor = await openPage(browser);
    try {
      await visitor.page.goto("/products/sedan?sort=price-asc");
      expect(new URL(visitor.page.url()).pathname).toBe("/products/saloon");
      await visitor.page.getByRole("heading", { level: 1, name: "Saloon cars" }).waitFor();
    } finally {
      await visitor.close();
    }

    // Up, with the keyboard.
    await page.getByRole("button", { name: "Move Convertible up" }).focus();
    await page.keyboard.press("Enter");
    await expectToast(page, "Convertible moved up");
    expect(await homeCategories()).toEqual(["Saloon", "Off Road", "Muscle", "Convertible", "SUV"]);

    // Hidden after a confirm, shown again with one click.
    await page.getByRole("button", { name: "Hide Off Road" }).click();
    const hide = page.getByRole("alertdialog", { name: "Hide Off Road?" });
    await hide.getByRole("button", { name: "Yes, hide" }).click();
    await expectToast(page, "Off Road is hidden from visitors");
    expect(await homeCategories()).toEqual(["Saloon", "Muscle", "Convertible", "SUV"]);
    expect((await fetch(`${baseURL()}/products/off-road`)).status).toBe(404);
    await page.getByRole("button", { name: "Show Off Road" }).click();
    await expectToast(page, "Off Road is shown to visitors");

    // A seller's car in Convertible: deleting it means moving that car.
    carId = await sellCar("convertible", "Convertible Test Roadster");
    expect(carId).not.toBe("");
    await page.reload();
    await page.getByText("/products/convertible · 1 car").waitFor();
    await page.getByRole("link", { name: "Delete Convertible" }).click();
    await page.getByRole("button", { name: "Move 1 car and delete" }).click();
    await page.getByText("Choose the category its cars move to").waitFor();
    await page.getByLabel("Move its 1 car to").selectOption({ label: "Saloon" });
    await page.getByRole("button", { name: "Move 1 car and delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Move 1 car and delete Convertible?" });
    await confirm.getByText("1 car will move from Convertible to Saloon").waitFor();
    await confirm.getByRole("button", { name: "Yes, move 1 car and delete" }).click();
    await expectToast(page, "1 car moved to Saloon; Convertible deleted");
    expect(await homeCategories()).toEqual(["Saloon", "Off Road", "Muscle", "SUV"]);
    const moved = await fetch(`${baseURL()}/products/convertible`, { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/products/saloon"]);
    const car = await (await fetch(`${baseURL()}/dashboard/productDetails/${carId}`)).text();
    expect(car).toContain('href="/products/saloon"');

    // The audit log says who did what, old → new.
    await page.goto("/dashboard/audit?action=update_category");
    await page
      .getByText(
        "Name: “Sedan” → “Saloon”; Address: /products/sedan → /products/saloon (the old one leads to the new)",
      )
      .first()
      .waitFor();
    await page.goto("/dashboard/audit?action=delete_category");
    await page
      .getByText("Was /products/convertible; 1 car and its addresses moved to Saloon")
      .first()
      .waitFor();
    expect(admin.problems).toEqual([]);
  });

  test("the page passes axe and fits a phone, with its edit and delete panels", async () => {
    const ids = await categoryIds();
    for (const viewport of [DESKTOP, PHONE]) {
      await admin.page.setViewportSize(viewport);
      for (const query of ["", `?edit=${ids.get("Muscle")}`, `?delete=${ids.get("Saloon")}`]) {
        await admin.page.goto(`/dashboard/categories${query}`);
        await admin.page.waitForLoadState("networkidle");
        expect(await seriousViolations(admin.page), `${viewport.width} ${query}`).toEqual([]);
        const overflow = await admin.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${viewport.width} ${query}`).toBeLessThanOrEqual(0);
      }
    }
    await admin.page.setViewportSize(DESKTOP);
  });
});

describe("stored XSS in category names", () => {
  const HTML = `<img src=x onerror="window.__xss=1">`;
  const SCRIPT = `"><script>window.__xss=1</script>`;

  test("a payload in a new name and a renamed one runs nowhere", async () => {
    const added = await admin.page.request.post("/dashboard/categories", {
      multipart: {
        intent: "add",
        name: HTML,
        photo: { name: "x.jpg", mimeType: "image/jpeg", buffer: await photo("#224466") },
      },
      maxRedirects: 0,
    });
    expect(added.status(), (await added.text()).slice(0, 300)).toBe(302);
    const before = await categoryIds();
    const muscle = before.get("Muscle")!;
    await adminPost({ intent: "edit", id: muscle, name: SCRIPT });
    const slug = "img-src-x-onerror-window-xss-1";
    const muscleCars = await (await fetch(`${baseURL()}/products/muscle`)).text();
    const carId = /productDetails\/(\d+)/.exec(muscleCars)?.[1];
    const visitorPaths = ["/", "/products", "/products/allProducts", `/products/${slug}`];
    const paths: [Session, string[]][] = [
      [
        admin,
        ["/dashboard/categories", "/dashboard/audit", `/dashboard/categories?edit=${muscle}`],
      ],
      [seller, ["/dashboard/sellCar"]],
    ];
    const visitor = await openPage(browser);
    try {
      paths.unshift([
        visitor,
        [...visitorPaths, "/products/muscle", `/dashboard/productDetails/${carId}`],
      ]);
      for (const [session, list] of paths) {
        const { page } = session;
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => {
            (window as unknown as { __csp: string[] }).__csp ??= [];
            (window as unknown as { __csp: string[] }).__csp.push(
              `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
            );
          });
        });
        for (const path of list) {
          await page.goto(path);
          await page.waitForLoadState("networkidle");
          for (const link of await page.locator("main a").all()) {
            await link.hover({ timeout: 1000 }).catch(() => {});
          }
          const seen = await page.evaluate(() => ({
            xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
            csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
          }));
          expect(seen, path).toEqual({ xss: null, csp: [] });
        }
        expect(dialogs).toEqual([]);
      }
      // The names show as text.
      await visitor.page.goto("/");
      await visitor.page.getByRole("heading", { level: 3, name: HTML }).waitFor();
      await visitor.page.getByRole("heading", { level: 3, name: SCRIPT }).waitFor();
    } finally {
      await visitor.close();
    }
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).not.toMatch(/<script|<img/);
    // Back to the demo's four.
    await adminPost({ intent: "edit", id: muscle, name: "Muscle" });
    await adminPost({ intent: "delete", id: (await categoryIds()).get(HTML)!, cars: "0" });
    expect(await homeCategories()).toEqual(["Sedan", "Off Road", "Muscle", "SUV"]);
  });
});
