// Making it yours (issue 25), in Chromium: the admin reaches Site Settings by a link,
// renames the site, rewrites the hero, hides the banner, writes an About page and
// picks a brand colour; a visitor sees all of it at once, and the audit log names
// each change. Bad input gets its message next to the field and saves nothing. Last,
// the stored-XSS walk: a payload in every settings field, then every public page, the
// Markdown pages and the admin pages open with no script run, no dialog and no CSP
// violation. The demo site gets its defaults back afterwards, for the files after this.
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SITE_DEFAULTS } from "#app/models/site.ts";
import { settingsAsForm } from "#app/models/site-form.ts";

import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from "./browser.ts";

type Session = Awaited<ReturnType<typeof openPage>>;

let browser: Browser;
let admin: Session;

/** Saves settings as the admin's browser would without JavaScript. */
async function saveSettings(values: Record<string, unknown>) {
  const answer = await admin.page.request.post("/dashboard/settings", {
    form: settingsAsForm({ ...SITE_DEFAULTS, removeLogo: true, removeFavicon: true, ...values }),
    maxRedirects: 0,
  });
  expect(answer.status(), (await answer.text()).slice(0, 300)).toBe(302);
  // The redirect carries a "Site settings saved" toast in a cookie: read it now, or the
  // admin's next page would show it, and a wait for a save's toast would end at once.
  await admin.page.request.get(answer.headers().location!);
}

async function expectToast(page: Page, message: string) {
  await page.getByRole("region", { name: "Notifications" }).getByText(message).waitFor();
}

beforeAll(async () => {
  browser = await launch();
  admin = await openPage(browser);
  await admin.page.goto("/login?redirectTo=%2Fdashboard");
  await admin.page.getByLabel("Email").fill("admin@example.com");
  await admin.page.getByLabel("Password").fill("carlot-demo");
  await admin.page.getByRole("button", { name: "Log In", exact: true }).click();
  await admin.page.waitForURL("**/dashboard");
});

afterAll(async () => {
  if (admin) await saveSettings({});
  await admin?.close();
  await browser?.close();
});

describe("an admin makes the site their own", () => {
  test("from the dashboard, through the form, onto every visitor's page", async () => {
    const { page } = admin;
    await page.getByRole("link", { name: "Site Settings" }).click();
    await page.waitForURL("**/dashboard/settings");
    await page.getByRole("heading", { level: 1, name: "Site Settings" }).waitFor();
    await page.getByLabel("Site name").fill("Harbour Motors");
    await page.getByLabel("Tagline").fill("Family cars, checked by hand.");
    await page.getByLabel("Contact email").fill("hello@harbour.example");
    await page.getByLabel("Video channel link").fill("");
    await page.getByLabel("Hero title").fill("Drive Home Happy");
    await page.getByLabel("Hero text").fill("Sixty cars, one honest garage.");
    await page.getByLabel("Show the statistics banner").uncheck();
    const logo = await sharp({
      create: { width: 400, height: 300, channels: 4, background: "#0f766e" },
    })
      .png()
      .toBuffer();
    await page.getByLabel("Logo").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: logo,
    });
    await page
      .getByLabel("About", { exact: true })
      .fill("# Who we are\n\nA **family** garage since 1987.\n\n- Free test drives\n- Fair prices");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Site settings saved");
    await page.getByRole("banner").getByText("Harbour Motors").waitFor();
    expect(await page.title()).toBe("Site Settings — Harbour Motors");

    const visitor = await openPage(browser);
    try {
      const home = visitor.page;
      await home.goto("/");
      expect(await home.title()).toBe(
        "Find your dream car: used cars from trusted sellers — Harbour Motors",
      );
      await home.getByRole("heading", { level: 1, name: "Drive Home Happy" }).waitFor();
      // The uploaded logo, stored square, in the header.
      const headerLogo = home.getByRole("banner").locator("img").first();
      expect(await headerLogo.getAttribute("src")).toMatch(/^\/media\/site\/logo\/.+\.webp$/);
      expect(await headerLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
      await home.getByText("Sixty cars, one honest garage.").waitFor();
      expect(await home.getByText("Cars delivered").count()).toBe(0);
      const footer = home.getByRole("contentinfo");
      await footer.getByRole("link", { name: "hello@harbour.example" }).waitFor();
      expect(await footer.getByRole("link", { name: /opens youtube/ }).count()).toBe(0);
      expect(await footer.getByRole("link", { name: /opens x\.com/ }).count()).toBe(1);
      expect(await footer.getByText("Family cars, checked by hand.").count()).toBe(1);
      // The About page, reached by its footer link and loaded directly: the same words.
      await footer.getByRole("link", { name: "About", exact: true }).click();
      await home.waitForURL("**/about");
      await home.getByRole("heading", { level: 2, name: "Who we are" }).waitFor();
      const linked = await home.locator("main").innerText();
      await home.goto("/about");
      expect(await home.locator("main").innerText()).toBe(linked);
      expect(linked).toContain("Free test drives");
      await expect(home.locator("main strong").innerText()).resolves.toBe("family");
      expect(await home.title()).toBe("About — Harbour Motors");
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.close();
    }
    // Empty pages do not exist; written ones are in the sitemap.
    expect((await fetch(`${baseURL()}/terms`)).status).toBe(404);
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).toContain("/about</loc>");
    expect(sitemap).not.toContain("/terms</loc>");
    // A car's page names the site in its title and preview.
    const list = await (await fetch(`${baseURL()}/products/allProducts`)).text();
    const carId = /productDetails\/(\d+)/.exec(list)?.[1];
    const carPage = await (await fetch(`${baseURL()}/dashboard/productDetails/${carId}`)).text();
    expect(carPage).toContain('<meta property="og:site_name" content="Harbour Motors"/>');
    expect(carPage).toMatch(/<title>[^<]+ — Harbour Motors<\/title>/);
    // The audit log says who changed what, from what to what.
    await page.goto("/dashboard/audit?action=update_settings");
    await page.getByText("Site name: “Carlot” → “Harbour Motors”").first().waitFor();
    expect(admin.problems).toEqual([]);
  });

  test("a brand colour recolours buttons, links and the header", async () => {
    await saveSettings({ brandColour: "#166534" });
    const visitor = await openPage(browser);
    try {
      await visitor.page.goto("/login");
      const button = visitor.page.getByRole("button", { name: "Log In", exact: true });
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        "rgb(22, 101, 52)",
      );
      const theme = visitor.page.locator('meta[name="theme-color"]');
      expect(await theme.getAttribute("content")).not.toBe("#172554");
      expect(await seriousViolations(visitor.page)).toEqual([]);
    } finally {
      await visitor.close();
    }
    await saveSettings({ brandColour: "" });
  });

  test("listing rules: days, photos and verified sellers, from the form to every page", async () => {
    const { page } = admin;
    const listed = async () => (await fetch(`${baseURL()}/products/allProducts`)).text();
    expect(await listed()).toContain("Sofia Marquez");
    await page.goto("/dashboard/settings");
    await page.getByLabel("Days a car stays listed unconfirmed").fill("30");
    await page.getByLabel("Photos per car").fill("4");
    await page.getByLabel("Only verified sellers' cars are public").check();
    // The save's own answer, not only a toast (an earlier one could still be showing).
    const saved = page.waitForResponse(
      (answer) =>
        answer.request().method() === "POST" &&
        new URL(answer.url()).pathname.startsWith("/dashboard/settings"),
    );
    await page.getByRole("button", { name: "Save Settings" }).click();
    await saved;
    await expectToast(page, "Site settings saved");
    expect(await page.getByLabel("Photos per car").inputValue()).toBe("4");

    // Sofia Marquez is not verified in the demo: her cars leave every public list.
    const list = await listed();
    expect(list).not.toContain("Sofia Marquez");
    expect(list).toContain("Maya Thompson");
    const seller = await openPage(browser);
    try {
      await seller.page.goto("/login?redirectTo=%2Fdashboard%2FmyProducts");
      await seller.page.getByLabel("Email").fill("sofia.marquez@example.com");
      await seller.page.getByLabel("Password").fill("carlot-demo");
      await seller.page.getByRole("button", { name: "Log In", exact: true }).click();
      await seller.page.waitForURL("**/dashboard/myProducts");
      await seller.page.getByText("Your cars are not public yet.").waitFor();
      await seller.page.getByText("at least every 30 days").waitFor();
      // Her own car's page still opens for her, marked; a visitor gets "not found".
      const carLink = seller.page.locator('main a[href^="/dashboard/productDetails/"]').first();
      const href = (await carLink.getAttribute("href"))!;
      await seller.page.goto(href);
      await seller.page.getByText("Awaiting the seller's verification.").waitFor();
      expect((await fetch(`${baseURL()}${href}`)).status).toBe(404);
      // The sell form offers the site's number of photos.
      await seller.page.goto("/dashboard/sellCar");
      await seller.page.getByText("1 to 4 photos:").waitFor();
      expect(seller.problems).toEqual([]);
    } finally {
      await seller.close();
    }
    await saveSettings({});
    expect(await listed()).toContain("Sofia Marquez");
  });

  test("bad input gets its message next to the field, and nothing is saved", async () => {
    const { page } = admin;
    await page.goto("/dashboard/settings");
    await page.getByLabel("Brand colour").fill("#ffff00");
    await page.getByLabel("Microblog link").fill("http://x.com/carlot");
    await page.getByLabel("Site name").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page
      .getByText(/White text on buttons would have a contrast of 1\.0:1; it needs at least 4\.5:1/)
      .waitFor();
    await page.getByText("Enter a full address starting with https://").waitFor();
    await page.getByText("Site name is required").waitFor();
    await expect(page.getByLabel("Site name").getAttribute("aria-invalid")).resolves.toBe("true");
    // A drawing passes the browser's check; the server refuses it next to its field.
    await page.getByLabel("Brand colour").fill("");
    await page.getByLabel("Microblog link").fill("https://x.com/");
    await page.getByLabel("Site name").fill("Never Saved");
    await page.getByLabel("Favicon").setInputFiles({
      name: "icon.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'),
    });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page
      .getByText("SVG drawings are not accepted. Choose a JPEG, PNG or WebP photo.")
      .waitFor();
    await expect(page.getByLabel("Favicon").getAttribute("aria-invalid")).resolves.toBe("true");
    // Without the browser's check, the server says the same and keeps the settings.
    const answer = await page.request.post("/dashboard/settings", {
      form: settingsAsForm({ ...SITE_DEFAULTS, brandColour: "#ffff00", name: "Never Saved" }),
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("White text on buttons would have a contrast");
    const home = await (await fetch(`${baseURL()}/`)).text();
    expect(home).not.toContain("Never Saved");
  });

  test("the settings page passes axe and fits a phone", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await admin.page.setViewportSize(viewport);
      await admin.page.goto("/dashboard/settings");
      await admin.page.waitForLoadState("networkidle");
      expect(await seriousViolations(admin.page)).toEqual([]);
      const overflow = await admin.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await admin.page.setViewportSize(DESKTOP);
  });
});

describe("stored XSS", () => {
  // Each payload sets window.__xss if it ever runs. Fields with a shape (the colour,
  // the number of advertised cars, the email address, the https links) refuse other
  // text; the links carry what an https address can.
  const HTML = `<img src=x onerror="window.__xss=1">`;
  const SCRIPT = `"><script>window.__xss=1</script>`;
  const MARKDOWN = [
    "# <script>window.__xss=1</script>",
    `[click me](javascript:window.__xss=1) and [this](https://x.example/"onmouseover="window.__xss=1)`,
    `**${HTML}** *${SCRIPT}*`,
    "- <svg onload=window.__xss=1>",
    `<iframe src="javascript:window.__xss=1"></iframe>`,
  ].join("\n\n");
  const PAYLOADS = {
    name: HTML,
    tagline: SCRIPT,
    contactEmail: "x@x.example",
    socialMicroblogUrl: `https://x.example/"><script>window.__xss=1</script>`,
    socialVideoUrl: `https://x.example/'onmouseover='window.__xss=1`,
    socialNetworkUrl: `https://x.example/<img src=x onerror=window.__xss=1>`,
    heroTitle: SCRIPT,
    heroText: HTML,
    stat1Value: "<b>1</b>",
    stat1Label: "<img src=x>",
    stat2Value: "</dd><s>",
    stat2Label: SCRIPT.slice(0, 24),
    stat3Value: "{{7*7}}",
    stat3Label: "<%= 7*7 %>",
    aboutMd: MARKDOWN,
    termsMd: MARKDOWN,
    privacyMd: MARKDOWN,
  };

  // Checkboxes, pictures, and fields with a shape, which are refused below.
  const NOT_TEXT = [
    ...["statsShown", "sellersNeedVerification", "logoKey", "faviconKey"],
    ...["brandColour", "advertisedCount", "freshDays", "photosPerCar"],
    ...["currency", "priceStyle", "locale", "distanceUnit", "language"],
  ];

  test("a payload in every settings field runs nowhere", async () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual(
      Object.keys(SITE_DEFAULTS)
        .filter((key) => !NOT_TEXT.includes(key))
        .sort(),
    );
    // Fields with a shape take no text: the colour (it goes into a <style> element)
    // and the numbers refuse anything else.
    for (const shaped of [
      { brandColour: "#000;}</style><script>window.__xss=1" },
      { advertisedCount: "<img src=x onerror=window.__xss=1>" },
      { freshDays: "60<script>window.__xss=1</script>" },
      { photosPerCar: "<svg onload=window.__xss=1>" },
      { currency: "<b>" },
      { priceStyle: "<script>window.__xss=1</script>" },
      { locale: "en-US<img src=x onerror=window.__xss=1>" },
      { distanceUnit: "km<script>" },
      { language: "en<script>window.__xss=1</script>" },
    ]) {
      const refused = await admin.page.request.post("/dashboard/settings", {
        form: settingsAsForm({ ...SITE_DEFAULTS, ...shaped }),
        maxRedirects: 0,
      });
      expect(refused.status(), JSON.stringify(shaped)).toBe(400);
    }
    await saveSettings(PAYLOADS);
    const list = await (await fetch(`${baseURL()}/products/allProducts`)).text();
    const carId = /productDetails\/(\d+)/.exec(list)?.[1];
    const visitorPaths = [
      ...["/", "/products", "/products/allProducts", "/products/sedan", "/blogs", "/safety"],
      ...["/about", "/terms", "/privacy", `/dashboard/productDetails/${carId}`, "/login"],
      ...["/register", "/no/such/page"],
    ];
    const adminPaths = ["/dashboard", "/dashboard/settings", "/dashboard/audit"];
    const visitor = await openPage(browser);
    try {
      for (const [session, paths] of [
        [visitor, visitorPaths],
        [admin, adminPaths],
      ] as const) {
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
              `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
            );
          });
        });
        for (const path of paths) {
          await page.goto(path);
          await page.waitForLoadState("networkidle");
          // Hover every link too: an injected onmouseover would run then.
          for (const link of await page.locator("footer a, main a").all()) {
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
      // The payloads show as text where they belong.
      await visitor.page.goto("/about");
      await visitor.page.getByText("<svg onload=window.__xss=1>").waitFor();
      await visitor.page
        .getByText("[click me](javascript:window.__xss=1)", { exact: false })
        .waitFor();
      // 404 pages have no console errors of their own beyond the 404 itself.
      expect(visitor.problems.filter((problem) => !/404|Not Found/i.test(problem))).toEqual([]);
    } finally {
      await visitor.close();
    }
    // The sitemap is XML: the names never reach it unescaped.
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).not.toMatch(/<script|<img/);
  });
});
