// The site settings row (decision 019): the migration writes the spec's texts, a
// save is one transaction with its audit entry, and the database refuses what the
// form would refuse.
import fs from "node:fs/promises";

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { auditLog, category, listing, siteSetting, siteSettings } from "#app/db/schema.ts";
import {
  getSiteSettings,
  publicSiteOf,
  saveSettingsForm,
  saveSiteSettings,
  socialLinksOf,
} from "#app/models/site.server.ts";
import { siteSettingsSchema } from "#app/models/site-form.ts";
import { SITE_DEFAULTS } from "#app/models/site.ts";
import { createUserWithPassword } from "#app/models/user.server.ts";
import * as forgotPassword from "#app/routes/auth/forgot-password/route.tsx";
import { readOutbox } from "#scripts/test/lib/outbox.ts";
import { loadWishlistPage, saveToWishlist } from "#app/models/wishlist.server.ts";
import { createCategories, createListing, createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { callAction } from "./helpers.ts";

let t: TestEnv;
let admin: { id: string; name: string };

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t.db, { role: "admin", name: "Ada Admin" });
  await createCategories(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS });
  await t.db.delete(auditLog);
});

const readRow = async () => (await t.db.select().from(siteSettings))[0]!;

describe("the settings row", () => {
  test("the migration writes the spec's texts: a fresh install looks as before", async () => {
    const rows = await t.db.select().from(siteSettings);
    expect(rows).toHaveLength(1);
    const { id, updatedAt: _at, updatedBy: _by, ...settings } = rows[0]!;
    expect(id).toBe(1);
    expect(settings).toEqual(SITE_DEFAULTS);
    expect(publicSiteOf(settings).social.map((link) => link.label)).toEqual([
      "X (opens x.com)",
      "YouTube (opens youtube.com)",
      "Facebook (opens facebook.com)",
    ]);
  });

  test("there is only ever one row", async () => {
    await expect(t.db.insert(siteSettings).values({ id: 2 })).rejects.toThrow();
  });

  test.each([
    ["an empty name", { name: "" }],
    ["a 41-character name", { name: "x".repeat(41) }],
    ["a colour that is not #rrggbb", { brandColour: "red;}" }],
    ["an http link", { socialVideoUrl: "http://example.com/" }],
    ["a javascript: link", { socialNetworkUrl: "javascript:alert(1)" }],
    ["a 13-character figure", { stat1Value: "1234567890123" }],
    ["a page over 20,000 characters", { aboutMd: "a".repeat(20_001) }],
  ])("the database refuses %s, even from a script", async (_name, values) => {
    await expect(t.db.update(siteSettings).set(values)).rejects.toThrow();
    expect(await getSiteSettings(t.db)).toEqual(SITE_DEFAULTS);
  });

  test("the banner figures an operator set before move into the row", async () => {
    const migration = await fs.readFile("drizzle/0016_site_settings.sql", "utf8");
    // The statements after the table: insert the row, copy the figures, delete the key.
    const [insert, copy, remove] = migration.split("--> statement-breakpoint").slice(2, 5);
    await t.db.delete(siteSettings);
    await t.db.insert(siteSetting).values({
      key: "home.stats",
      value: { likes: "30K", carsDelivered: "2k", tasksDone: "90%" },
    });
    for (const statement of [insert, copy, remove]) await t.db.execute(sql.raw(statement!));
    const row = await readRow();
    expect([row.stat1Value, row.stat2Value, row.stat3Value]).toEqual(["30K", "2k", "90%"]);
    expect([row.stat1Label, row.name]).toEqual(["Likes", "Carlot"]);
    expect(await t.db.select().from(siteSetting).where(eq(siteSetting.key, "home.stats"))).toEqual(
      [],
    );
  });
});

describe("saving", () => {
  test("writes every setting and one audit entry naming what changed (old → new)", async () => {
    const changes = await saveSiteSettings(t.db, admin, {
      ...SITE_DEFAULTS,
      name: "Dealer Hub",
      statsShown: false,
      aboutMd: "a".repeat(500),
    });
    expect(changes.map((change) => change.setting)).toEqual(["name", "statsShown", "aboutMd"]);
    const row = await readRow();
    expect([row.name, row.statsShown, row.updatedBy]).toEqual(["Dealer Hub", false, admin.id]);
    expect((await getSiteSettings(t.db)).name).toBe("Dealer Hub");
    const [entry, ...more] = await t.db.select().from(auditLog);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "update_settings", actorId: admin.id });
    const details = entry!.details as {
      changes: { setting: string; from: unknown; to: unknown }[];
    };
    expect(details.changes[0]).toEqual({ setting: "name", from: "Carlot", to: "Dealer Hub" });
    expect(details.changes[1]).toEqual({ setting: "statsShown", from: true, to: false });
    // Long texts are kept shortened in the log.
    expect(String(details.changes[2]!.to)).toHaveLength(200);
  });

  test("saving the same values writes nothing", async () => {
    expect(await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS })).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  test("a save whose audit entry cannot be written leaves no half-saved settings", async () => {
    // The audit insert fails inside the transaction; the settings row must not change.
    await t.db.execute(sql`alter table audit_log add constraint no_settings_audit
      check (action <> 'update_settings') not valid`);
    try {
      await expect(
        saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS, name: "Half Saved", heroTitle: "Hi" }),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql`alter table audit_log drop constraint no_settings_audit`);
    }
    const row = await readRow();
    expect([row.name, row.heroTitle]).toEqual(["Carlot", "Find Your Dream Car"]);
    expect((await getSiteSettings(t.db)).name).toBe("Carlot");
  });

  test("a deleted row comes back with the defaults", async () => {
    await t.db.delete(siteSettings);
    await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS, name: "Back Again" });
    expect((await readRow()).name).toBe("Back Again");
  });
});

describe("logo and favicon", () => {
  const png = (colour: string, width = 300, height = 200) =>
    sharp({ create: { width, height, channels: 4, background: colour } })
      .png()
      .toBuffer();
  /** A stored file's bytes, or null once it is removed. */
  const stored = async (key: string) => {
    const object = await t.storage.get(key);
    return object ? Buffer.concat(await object.body.toArray()) : null;
  };
  const form = (files: Partial<Record<"logo" | "favicon", File>>, remove = false) => ({
    ...SITE_DEFAULTS,
    logo: files.logo ?? null,
    favicon: files.favicon ?? null,
    removeLogo: remove,
    removeFavicon: remove,
  });

  test("an upload is checked, stored square and shown; the one it replaces is removed", async () => {
    const first = await saveSettingsForm(
      t.services,
      admin,
      form({
        logo: new File([await png("#166534")], "logo.png", { type: "image/png" }),
        favicon: new File([await png("#b91c1c", 40, 40)], "icon.png", { type: "image/png" }),
      }),
    );
    expect(first.ok).toBe(true);
    const saved = await getSiteSettings(t.db);
    expect(saved.logoKey).toMatch(/^site\/logo\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(saved.faviconKey).toMatch(/^site\/favicon\/.+\.png$/);
    const logo = await sharp((await stored(saved.logoKey!))!).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(["webp", 256, 256]);
    const icon = await sharp((await stored(saved.faviconKey!))!).metadata();
    expect([icon.format, icon.width, icon.height]).toEqual(["png", 64, 64]);
    expect(publicSiteOf(saved).logoUrl).toBe(`/media/${saved.logoKey}`);

    const second = await saveSettingsForm(
      t.services,
      admin,
      form({
        logo: new File([await png("#1e3a8a")], "logo.png", { type: "image/png" }),
      }),
    );
    expect(second.ok).toBe(true);
    const now = await getSiteSettings(t.db);
    expect(now.logoKey).not.toBe(saved.logoKey);
    expect(now.faviconKey).toBe(saved.faviconKey);
    expect(await stored(saved.logoKey!)).toBeNull();

    await saveSettingsForm(t.services, admin, form({}, true));
    const cleared = await getSiteSettings(t.db);
    expect([cleared.logoKey, cleared.faviconKey]).toEqual([null, null]);
    expect(publicSiteOf(cleared).logoUrl).toBe("/logo.svg");
    expect(await stored(now.logoKey!)).toBeNull();
  });

  test("an SVG or a file that is not a picture is refused by name, and nothing is saved", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;
    for (const [file, message] of [
      [new File([svg], "logo.svg", { type: "image/svg+xml" }), /SVG drawings are not accepted/],
      [new File(["not a picture"], "logo.png", { type: "image/png" }), /not a photo we can read/],
    ] as const) {
      const refused = await saveSettingsForm(t.services, admin, {
        ...form({ logo: file }),
        name: "Never Saved",
      });
      expect(refused).toMatchObject({ ok: false, field: "logo" });
      expect(refused.ok ? "" : refused.message).toMatch(message);
    }
    expect((await getSiteSettings(t.db)).name).toBe("Carlot");
  });
});

describe("emails", () => {
  test("come from the site's name, answer to its contact email and speak its name", async () => {
    await saveSiteSettings(t.db, admin, {
      ...SITE_DEFAULTS,
      name: "Harbour Motors",
      contactEmail: "hello@harbour.example",
    });
    await createUserWithPassword(t.db, {
      name: "Nora",
      email: "nora@example.com",
      password: "a-long-password",
      role: "buyer",
    });
    await callAction(forgotPassword.action, {
      path: "/forgot-password",
      form: { email: "nora@example.com" },
      context: t.context(),
    });
    const mail = (await readOutbox(t.outbox)).find((each) => each.to === "nora@example.com");
    expect(mail).toMatchObject({
      from: "Harbour Motors <test@carlot.invalid>",
      replyTo: "hello@harbour.example",
      subject: "Reset your Harbour Motors password",
    });
    expect(mail!.body).toContain("the password of your Harbour Motors account");
    expect(mail!.body).not.toContain("Carlot");
  });

  test("a name with markup or an address in it stays a plain-text name", async () => {
    const name = '"x@evil.example" <img src=x onerror=1>';
    await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS, name });
    await createUserWithPassword(t.db, {
      name: "Otto",
      email: "otto@example.com",
      password: "a-long-password",
      role: "buyer",
    });
    await callAction(forgotPassword.action, {
      path: "/forgot-password",
      form: { email: "otto@example.com" },
      context: t.context(),
    });
    const mail = (await readOutbox(t.outbox)).find((each) => each.to === "otto@example.com");
    // The address stays ours; the name is quoted (emails are plain text: nothing runs).
    expect(mail!.from).toMatch(/<test@carlot\.invalid>$/);
    expect(mail!.from).not.toContain("<x@evil.example>");
    expect(mail!.replyTo).toBe("");
    expect(mail!.body).toContain(`the password of your ${name} account`);
  });
});

describe("the footer's social links", () => {
  test("only set https links get an icon, named after where they go", () => {
    const links = socialLinksOf({
      ...SITE_DEFAULTS,
      socialMicroblogUrl: "https://mastodon.social/@dealer",
      socialVideoUrl: null,
      socialNetworkUrl: "https://www.facebook.com/dealer",
    });
    expect(links).toEqual([
      {
        kind: "microblog",
        href: "https://mastodon.social/@dealer",
        label: "Microblog (opens mastodon.social)",
      },
      {
        kind: "social",
        href: "https://www.facebook.com/dealer",
        label: "Facebook (opens facebook.com)",
      },
    ]);
  });
});

describe("the home page's advertised cars", () => {
  test("show as many as the operator chose, 1 to 12", async () => {
    const parse = (count: string) =>
      siteSettingsSchema.shape.advertisedCount.safeParse(count).success;
    expect(["1", "12", " 7 "].map(parse)).toEqual([true, true, true]);
    expect(["0", "13", "2.5", "-1", "", "x"].map(parse)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    await expect(t.db.update(siteSettings).set({ advertisedCount: 13 })).rejects.toThrow();
  });
});

describe("messages", () => {
  test("a saved car that is gone is 'no longer on' the site's name", async () => {
    const buyer = await createUser(t.db, { role: "buyer" });
    const seller = await createUser(t.db, { role: "seller" });
    const [sedan] = await t.db.select().from(category).limit(1);
    const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedan!.id });
    expect(await saveToWishlist(t.db, buyer.id, car.id)).toBe(true);
    await t.db.delete(listing).where(eq(listing.id, car.id));
    await saveSiteSettings(t.db, admin, { ...SITE_DEFAULTS, name: "Harbour Motors" });
    const page = await loadWishlistPage(t.db, t.storage, buyer.id, 1);
    expect(page.rows.map((row) => row.note)).toEqual(["This car is no longer on Harbour Motors."]);
  });
});
