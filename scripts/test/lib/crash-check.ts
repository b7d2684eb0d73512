// The crash test's check, with the server stopped: reads the database, the media
// folder and the outbox. Every acknowledged write must be there and nothing may be
// half-written (a car without photos, a photo row whose file is missing, a request
// pointing at a missing car or person; a category merge that left a car behind).
// Files no row uses are orphans (allowed).
import fsp from "node:fs/promises";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import type { Query } from "#scripts/ops/lib/fingerprint.ts";

import { checkAlerts } from "./crash-alerts.ts";
import { checkCategories } from "./crash-categories.ts";
import { checkMail } from "./crash-mail.ts";
import { checkMessages } from "./crash-messages.ts";
import { checkViewings } from "./crash-viewings.ts";
import type { Ledger } from "./crash-workload.ts";
import { readOutbox } from "./outbox.ts";

async function withDatabase<T>(
  kind: "pglite" | "postgres",
  dataDir: string,
  databaseUrl: string,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  if (kind === "pglite") {
    const client = await PGlite.create(path.join(dataDir, "pg"));
    try {
      return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

async function mediaFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    );
}
export async function verify(
  kind: "pglite" | "postgres",
  dataDir: string,
  databaseUrl: string,
  ledger: Ledger,
  /** When the server was last up (the reminders due by then must be written). */
  upUntil: number,
) {
  const violations: string[] = [];
  const files = new Set(await mediaFiles(path.join(dataDir, "media")));
  const result = await withDatabase(kind, dataDir, databaseUrl, async (query) => {
    const listings = (await query(
      `select l.id, l.title, count(p.id)::int as photos
         from listing l left join listing_photo p on p.listing_id = l.id
        group by l.id, l.title`,
    )) as { id: number; title: string; photos: number }[];
    const photos = (await query(
      `select id, listing_id, small_key, medium_key, large_key,
              avif_small_key, avif_medium_key, avif_large_key from listing_photo`,
    )) as Record<string, string | number | null>[];
    const orders = (await query(
      `select o.id, o.status, o.meeting_location, o.listing_id,
              (l.id is not null) as listing_exists, (u.id is not null) as buyer_exists
         from "order" o
         left join listing l on l.id = o.listing_id
         left join "user" u on u.id = o.buyer_id`,
    )) as {
      id: number;
      status: string;
      meeting_location: string;
      listing_id: number | null;
      listing_exists: boolean;
      buyer_exists: boolean;
    }[];
    const pictures = (await query(
      `select image_key as key from category
       union all select substring(image from 8) from "user" where image like '/media/%'`,
    )) as { key: string }[];
    const people = (await query(
      `select id, email, email_verified as verified, language from "user"`,
    )) as { id: string; email: string; verified: boolean; language: string | null }[];
    const held = (await query(`select order_id, user_id from held_mail`)) as {
      order_id: number | null;
      user_id: string;
    }[];
    const notifications = (await query(
      `select buyer_id, listing_id, (sent_at is not null and digest_due_at is null) as immediate
         from seller_notification`,
    )) as { buyer_id: string; listing_id: number; immediate: boolean }[];
    const owners = (await query(`select id, buyer_id, seller_id from "order"`)) as {
      id: number;
      buyer_id: string;
      seller_id: string | null;
    }[];
    const settings = (await query(`select tagline, hero_title from site_settings`)) as {
      tagline: string;
      hero_title: string;
    }[];
    const settingsAudit = (await query(
      `select change->>'to' as tagline from audit_log,
              jsonb_array_elements(details->'changes') as change
        where action = 'update_settings' and change->>'setting' = 'tagline'`,
    )) as { tagline: string }[];
    const categories = await checkCategories(query, ledger.merges, ledger.publishes);
    const outbox = await readOutbox(path.join(dataDir, "outbox"));
    const alerts = await checkAlerts(
      query,
      ledger.buyers.map((buyer) => ({ ...buyer, savedSearch: buyer.savedSearch ?? false })),
      outbox,
    );
    const messages = await checkMessages(query, ledger.messages);
    const viewings = await checkViewings(query, ledger.viewings, outbox, upUntil);
    return {
      categories,
      alerts,
      messages,
      viewings,
      listings,
      photos,
      orders,
      pictures,
      people,
      held,
      notifications,
      owners,
      settings,
      settingsAudit,
    };
  });
  const mail = await checkMail(ledger, result, await readOutbox(path.join(dataDir, "outbox")));
  violations.push(
    ...mail.violations,
    ...result.categories.violations,
    ...result.alerts.violations,
    ...result.messages.violations,
    ...result.viewings.violations,
  );

  // Nothing half-written.
  const referenced = new Set<string>();
  for (const car of result.listings) {
    if (car.photos === 0) violations.push(`listing ${car.id} (${car.title}) has no photos`);
  }
  for (const row of result.photos) {
    for (const column of [
      "small_key",
      "medium_key",
      "large_key",
      "avif_small_key",
      "avif_medium_key",
      "avif_large_key",
    ]) {
      const key = row[column];
      if (typeof key !== "string") continue;
      referenced.add(key);
      if (!files.has(key)) violations.push(`listing photo ${row.id}: file ${key} is missing`);
    }
  }
  for (const key of result.messages.photoKeys) {
    referenced.add(key);
    if (!files.has(key)) violations.push(`message photo file ${key} is missing`);
  }
  for (const { key } of result.pictures) {
    referenced.add(key);
    if (!files.has(key)) violations.push(`picture ${key} is missing`);
  }
  for (const order of result.orders) {
    if (order.listing_id === null || !order.listing_exists)
      violations.push(`request ${order.id} points at a missing listing`);
    if (!order.buyer_exists) violations.push(`request ${order.id} points at a missing buyer`);
  }

  // Every acknowledged write is there.
  const titles = new Map<string, number>();
  for (const car of result.listings) {
    const marker = /^(crash-\S+-car-\d+) /.exec(car.title)?.[1];
    if (marker) titles.set(marker, (titles.get(marker) ?? 0) + 1);
  }
  for (const marker of ledger.publishes) {
    if (!titles.has(marker)) violations.push(`acknowledged publish ${marker} is missing`);
  }
  const duplicatePublishes = [...titles.values()].reduce((sum, count) => sum + count - 1, 0);
  if (duplicatePublishes > 0) {
    violations.push(`${duplicatePublishes} publishes were stored twice despite their form token`);
  }
  const byMarker = new Map(
    result.orders.map((order) => [order.meeting_location.split(" ")[0]!, order]),
  );
  for (const marker of ledger.orders) {
    if (!byMarker.has(marker)) violations.push(`acknowledged request ${marker} is missing`);
  }
  const byId = new Map(result.orders.map((order) => [Number(order.id), order]));
  for (const id of ledger.cancels) {
    const order = byId.get(id);
    if (!order) violations.push(`cancelled request ${id} is missing`);
    else if (order.status !== "cancelled")
      violations.push(`acknowledged cancel of request ${id} is lost (status ${order.status})`);
  }

  // Each acknowledged language choice is on its account.
  for (const buyer of ledger.buyers) {
    const saved = result.people.find((person) => person.email === buyer.email)?.language;
    if (buyer.language !== null && saved !== buyer.language)
      violations.push(`acknowledged language choice of ${buyer.email} is lost (${saved})`);
  }

  // The settings row is the last acknowledged save, whole; each save was audited once.
  const last = ledger.settings.at(-1);
  const [row, ...extra] = result.settings;
  if (!row || extra.length > 0) violations.push(`${result.settings.length} site settings rows`);
  else if (
    last &&
    (row.tagline !== last || row.hero_title !== `Crash save ${ledger.settings.length - 1}`)
  )
    violations.push(
      `site settings are "${row.tagline}" / "${row.hero_title}", not the last save ${last}`,
    );
  const audited = new Map<string, number>();
  for (const { tagline } of result.settingsAudit)
    audited.set(tagline, (audited.get(tagline) ?? 0) + 1);
  for (const tagline of ledger.settings) {
    const times = audited.get(tagline) ?? 0;
    if (times !== 1) violations.push(`settings save ${tagline} is in the audit log ${times} times`);
  }

  const orphanFiles = [...files].filter((file) => !referenced.has(file));
  return {
    violations,
    mail: { copies: mail.copies, sellerMails: mail.sellerMails, held: result.held.length },
    orphans: orphanFiles.filter((file) => !file.endsWith(".tmp")).length,
    partialFiles: orphanFiles.filter((file) => file.endsWith(".tmp")).length,
    duplicatePublishes,
    rows: {
      listings: result.listings.length,
      photos: result.photos.length,
      orders: result.orders.length,
      settingsSaves: result.settingsAudit.length,
      categoryMerges: result.categories.audited,
      alerts: result.alerts.alerts,
      alertEmails: result.alerts.alertEmails,
      messages: result.messages.messages,
    },
    viewings: result.viewings,
  };
}
