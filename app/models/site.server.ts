// The site settings row (decision 019): read from each process's memory, at most
// once a second, and saved by an admin in one transaction with its audit entry.
// Every change also empties every process's copy at once: the row's trigger
// announces it on the page-change feed (server/change-feed.ts).
import { eq, getTableColumns, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { siteSettings } from "#app/db/schema.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { brandCss, brandShades } from "#app/models/brand-colour.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import { priceFormatOf } from "#app/models/money-intl.ts";
import { SITE_PAGES } from "#app/models/site-labels.ts";
import {
  SITE_DEFAULTS,
  SOCIAL_KINDS,
  type PublicSite,
  type SettingChange,
  type SiteSettings,
  type SocialKind,
  type SocialLink,
} from "#app/models/site.ts";
import { cached, invalidate } from "#app/services/cache.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { ImageRejectedError, storeSitePicture } from "#app/services/images.server.ts";
import type { Sender } from "#app/services/mail.server.ts";
import { MEDIA_ROUTE, removeStoredFiles, type Storage } from "#app/services/storage.server.ts";
import { english } from "#app/services/words.server.ts";

const SOCIAL_COLUMN = {
  microblog: "socialMicroblogUrl",
  video: "socialVideoUrl",
  social: "socialNetworkUrl",
} as const satisfies Record<SocialKind, keyof SiteSettings>;

// A link's accessible name says where it goes: the service's own name when it is one
// of the well-known ones, else what kind of page it is.
const KNOWN_SERVICES: Record<string, string> = {
  "x.com": "X",
  "twitter.com": "X",
  "youtube.com": "YouTube",
  "facebook.com": "Facebook",
};
const KIND_NAME: Record<SocialKind, string> = {
  microblog: msg("Microblog"),
  video: msg("Videos"),
  social: msg("Social network"),
};

/** The footer's icons: only links that are set and use https, named in `t`'s words. */
export function socialLinksOf(settings: SiteSettings, t: Translate = english): SocialLink[] {
  return SOCIAL_KINDS.flatMap((kind) => {
    const href = settings[SOCIAL_COLUMN[kind]];
    const url = href ? URL.parse(href) : null;
    if (!href || url?.protocol !== "https:") return [];
    const host = url.hostname.replace(/^www\./, "");
    const service = KNOWN_SERVICES[host] ?? t(KIND_NAME[kind]);
    return [{ kind, href, label: t("{service} (opens {host})", { service, host }) }];
  });
}

/**
 * What the root loader sends. `mediaUrl` turns a storage key into the address
 * pictures are served from (the storage's own, so a CDN works too).
 */
/** The site's name and how it writes prices, distances and dates (decision 019, step 6). */
export function siteDisplayOf(
  settings: SiteSettings,
): Pick<PublicSite, "name" | "price" | "distanceUnit" | "locale"> {
  return {
    name: settings.name,
    price: priceFormatOf(settings.currency, settings.locale, settings.priceStyle),
    distanceUnit: settings.distanceUnit,
    locale: settings.locale,
  };
}

export function publicSiteOf(
  settings: SiteSettings,
  mediaUrl: (key: string) => string = (key) => `${MEDIA_ROUTE}/${key}`,
  /** The page's words (translatorFor(context).t): the social links' names. */
  t: Translate = english,
): PublicSite {
  return {
    ...siteDisplayOf(settings),
    logoUrl: settings.logoKey ? mediaUrl(settings.logoKey) : "/logo.svg",
    favicon: settings.faviconKey
      ? { href: mediaUrl(settings.faviconKey), type: "image/png" }
      : { href: "/favicon.svg", type: "image/svg+xml" },
    tagline: settings.tagline,
    contactEmail: settings.contactEmail,
    social: socialLinksOf(settings, t),
    pages: SITE_PAGES.filter((page) => settings[page.column].trim() !== "").map((page) => ({
      href: `/${page.slug}`,
      label: page.label,
    })),
    freshDays: settings.freshDays,
    photosPerCar: settings.photosPerCar,
  };
}

const CACHE_KEY = "site-settings";
const CACHE_MS = 1_000;

// Every column an operator sets (not the row id and the bookkeeping).
const { id: _id, updatedAt: _at, updatedBy: _by, ...columns } = getTableColumns(siteSettings);

/** The operator's settings; never a query per request. */
export function getSiteSettings(db: Db): Promise<SiteSettings> {
  return cached(db, CACHE_KEY, CACHE_MS, () => loadSiteSettings(db));
}

async function loadSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select(columns).from(siteSettings).where(eq(siteSettings.id, 1));
  if (row) return row;
  // The migration writes the row; only someone deleting it by hand gets here.
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  return { ...SITE_DEFAULTS };
}

/** Emails come from the site's name, and replies go to its contact email. */
export function senderOf(settings: SiteSettings): Sender {
  return { name: settings.name, replyTo: settings.contactEmail };
}

/** For the mailer: the sender of an email that does not name one. */
export function mailSenderOf(db: Db): () => Promise<Sender> {
  return async () => senderOf(await getSiteSettings(db));
}

let lastBrand: { colour: string; value: { css: string; themeColour: string } } | null = null;

/** The palette an operator's brand colour makes: the CSS that sets it, and the header's colour. */
export function brandOf(colour: string): { css: string; themeColour: string } {
  // The root loader asks on every rendered page; the palette changes only with the colour.
  if (lastBrand?.colour !== colour) {
    const shades = brandShades(colour);
    lastBrand = { colour, value: { css: brandCss(shades), themeColour: shades[900] } };
  }
  return lastBrand.value;
}

/** Audit entries keep long texts (the pages) shortened. */
const AUDIT_TEXT_MAX = 200;

function forAudit(value: SiteSettings[keyof SiteSettings]): string | number | boolean | null {
  if (typeof value !== "string" || value.length <= AUDIT_TEXT_MAX) return value;
  return `${value.slice(0, AUDIT_TEXT_MAX - 1)}…`;
}

/**
 * Saves every setting at once, with one audit row naming what changed (old → new).
 * Nothing changed: nothing is written. Returns the changes.
 */
export async function saveSiteSettings(
  db: Db,
  actor: AuditActor,
  next: SiteSettings,
): Promise<SettingChange[]> {
  const changes = await db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select(columns)
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update");
    const changed = (Object.keys(columns) as (keyof typeof columns)[])
      .filter((setting) => before![setting] !== next[setting])
      .map((setting) => ({
        setting,
        from: forAudit(before![setting]),
        to: forAudit(next[setting]),
      }));
    if (changed.length === 0) return changed;
    await tx
      .update(siteSettings)
      .set({ ...next, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(eq(siteSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "update_settings",
      subjectType: "site",
      subjectId: 1,
      subjectName: next.name,
      details: { changes: changed },
    });
    return changed;
  });
  invalidate(db, CACHE_KEY);
  return changes;
}

export type SettingsFormValue = Omit<SiteSettings, "logoKey" | "faviconKey"> & {
  logo: File | null;
  removeLogo: boolean;
  favicon: File | null;
  removeFavicon: boolean;
};

/** A key for the new picture, null to remove the old one, or the old one kept. */
async function pictureKey(
  storage: Storage,
  kind: "logo" | "favicon",
  upload: File | null,
  remove: boolean,
  current: string | null,
): Promise<string | null> {
  if (upload) return storeSitePicture(storage, Buffer.from(await upload.arrayBuffer()), kind);
  return remove ? null : current;
}

/**
 * Saves the settings form: new pictures are checked and stored first (a refused
 * one saves nothing and names its field), then every setting in one transaction;
 * the pictures it replaced are removed after the commit.
 */
export async function saveSettingsForm(
  services: Pick<AppServices, "db" | "storage">,
  admin: AuditActor,
  value: SettingsFormValue,
  /** The words of a refused picture's message (the request's). */
  t: Translate = english,
): Promise<
  { ok: true; changes: SettingChange[] } | { ok: false; field: "logo" | "favicon"; message: string }
> {
  const { db, storage } = services;
  const { logo, removeLogo, favicon, removeFavicon, ...texts } = value;
  const current = await getSiteSettings(db);
  const keys: Pick<SiteSettings, "logoKey" | "faviconKey"> = { logoKey: null, faviconKey: null };
  for (const [field, kind, column, upload, remove] of [
    ["logo", "logo", "logoKey", logo, removeLogo],
    ["favicon", "favicon", "faviconKey", favicon, removeFavicon],
  ] as const) {
    try {
      keys[column] = await pictureKey(storage, kind, upload, remove, current[column]);
    } catch (error) {
      if (error instanceof ImageRejectedError) return { ok: false, field, message: error.in(t) };
      throw error;
    }
  }
  const changes = await saveSiteSettings(db, admin, { ...texts, ...keys });
  const replaced = changes
    .filter((change) => change.setting === "logoKey" || change.setting === "faviconKey")
    .map((change) => change.from as string | null);
  await removeStoredFiles(storage, replaced);
  return { ok: true, changes };
}
