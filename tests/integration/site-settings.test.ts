// The site settings row (decision 019): the migration writes the spec's texts, a
// save is one transaction with its audit entry, and the database refuses what the
// form would refuse.
import fs from "node:fs/promises";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { auditLog, siteSetting, siteSettings } from "#app/db/schema.ts";
import { getSiteSettings, saveSiteSettings } from "#app/models/site.server.ts";
import { publicSiteOf, SITE_DEFAULTS, socialLinksOf } from "#app/models/site.ts";
import { createUser } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

let t: TestEnv;
let admin: { id: string; name: string };

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createUser(t.db, { role: "admin", name: "Ada Admin" });
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
