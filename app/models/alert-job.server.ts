// The alert job (issue 28): what happened to cars (listing_event, written by triggers in
// each write's transaction) becomes alerts for the people it concerns, and due alerts
// become emails.
//
// 1. Matching takes a batch of events (FOR UPDATE SKIP LOCKED: two nodes never take the
//    same one), records an alert per person it concerns and marks the events done, all in
//    one transaction: a kill before the commit leaves the events for the next run, a kill
//    after leaves the alerts recorded, and the unique (event, person, search) key makes a
//    retry add nothing twice.
// 2. Mailing takes one person's due alerts of one search (or of their saved cars), writes
//    their email to held_mail and marks them mailed in one transaction; held_mail sends it
//    with a stable Message-ID (decision 018), so a kill sends it neither zero times nor as
//    two different emails.
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { alert, listingEvent, savedSearch, user } from "#app/db/schema.ts";
import { DIGEST_MS, type AlertKind } from "#app/models/alerts.ts";
import {
  byMake,
  loadWatches,
  searchAlerts,
  type AlertRow,
  type Event,
  type Tx,
  type Watch,
} from "#app/models/alert-match.server.ts";
import { publicRules, type PublicRules } from "#app/models/listing.server.ts";
import { deliverHeldMail } from "#app/models/held-mail.server.ts";
import { mailAlerts, type AlertGroup } from "#app/models/alert-mail.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";

/** Events one matching transaction takes. */
const EVENT_BATCH = 200;
/** Alert groups (a person and a search) mailed per batch. */
const MAIL_BATCH = 500;
/** A run stops writing emails after this long; the next run goes on. */
const MAIL_SECONDS = 45;

/** What happened to saved cars: price cuts (never rises), sold, back on sale, removed. */
async function savedCarAlerts(tx: Tx, events: Event[]): Promise<AlertRow[]> {
  const told = events.filter(
    (event) =>
      (event.kind === "price" && (event.newPrice ?? 0) < (event.oldPrice ?? 0)) ||
      event.kind === "sold" ||
      event.kind === "available" ||
      event.kind === "removed",
  );
  // The people the events name (who had saved the car then), less those who want no news.
  const named = [...new Set(told.flatMap((event) => event.watchers ?? []))];
  if (named.length === 0) return [];
  const listening = new Set(
    (
      await tx
        .select({ id: user.id })
        .from(user)
        .where(and(inArray(user.id, named), sql`${user.carAlerts} <> 'off'`))
    ).map((row) => row.id),
  );
  return told.flatMap((event) =>
    (event.watchers ?? [])
      .filter((userId) => listening.has(userId))
      .map((userId): AlertRow => ({
        userId,
        savedSearchId: null,
        eventId: event.id,
        listingId: event.listingId,
        kind: event.kind as Exclude<AlertKind, "match">,
        oldPrice: event.oldPrice,
        newPrice: event.newPrice,
        title: event.title,
      })),
  );
}

/**
 * One matching transaction: takes up to EVENT_BATCH events, records their alerts, marks them
 * done. Returns how many events and alerts it handled (0 events: nothing was waiting).
 */
async function matchBatch(
  db: Db,
  watches: Map<string, Watch[]>,
  rules: PublicRules,
  now: Date,
): Promise<{ events: number; alerts: number }> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(listingEvent)
      .where(isNull(listingEvent.doneAt))
      .orderBy(asc(listingEvent.id))
      .limit(EVENT_BATCH)
      .for("update", { skipLocked: true });
    if (events.length === 0) return { events: 0, alerts: 0 };
    const rows = [
      ...(await searchAlerts(tx, events, watches, rules)),
      ...(await savedCarAlerts(tx, events)),
    ];
    let alerts = 0;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      alerts += await insertAlerts(tx, rows.slice(start, start + INSERT_CHUNK), now);
    }
    await tx
      .update(listingEvent)
      .set({ doneAt: now })
      .where(
        inArray(
          listingEvent.id,
          events.map((event) => event.id),
        ),
      );
    return { events: events.length, alerts };
  });
}

/** Alerts inserted per statement. */
const INSERT_CHUNK = 5000;

/**
 * Inserts alerts (one already recorded is skipped), as one JSON parameter: thousands of rows
 * in one statement cost one round trip and one parse, not a parameter each. Returns how many
 * were new.
 */
async function insertAlerts(tx: Tx, rows: AlertRow[], now: Date): Promise<number> {
  const json = JSON.stringify(
    rows.map((row) => [
      row.userId,
      row.savedSearchId ?? null,
      row.eventId,
      row.listingId ?? null,
      row.kind,
      row.oldPrice ?? null,
      row.newPrice ?? null,
      row.title ?? "",
    ]),
  );
  const result = await tx.execute<{ n: number }>(sql`
    with given as (select value as r from json_array_elements(${json}::json)),
    inserted as (
      insert into ${alert} (user_id, saved_search_id, event_id, listing_id, kind, old_price,
        new_price, title, created_at)
      select r->>0, (r->>1)::int, (r->>2)::bigint, (r->>3)::int, r->>4, (r->>5)::int,
        (r->>6)::int, r->>7, ${now}
      from given
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from inserted`);
  return Number((result as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0);
}

/** Matches every waiting event; returns the counts. */
export async function matchEvents(
  db: Db,
  now = new Date(),
): Promise<{ events: number; alerts: number }> {
  const total = { events: 0, alerts: 0 };
  const first = await db
    .select({ id: listingEvent.id })
    .from(listingEvent)
    .where(isNull(listingEvent.doneAt))
    .limit(1);
  if (first.length === 0) return total;
  const rules = await publicRules(db, now);
  const watches = byMake(await loadWatches(db, rules.distanceUnit));
  for (;;) {
    const batch = await matchBatch(db, watches, rules, now);
    if (batch.events === 0) return total;
    total.events += batch.events;
    total.alerts += batch.alerts;
  }
}

/**
 * Up to MAIL_BATCH groups whose email is due: at once for "instant", else when their oldest
 * alert has waited a day or a week (decided in the query, so groups that are not due never
 * crowd out the due ones). Groups nobody wants mailed (paused, saved-car emails off) are
 * marked mailed without an email, so they do not wait forever.
 */
async function dueGroups(db: Db, now: Date): Promise<AlertGroup[]> {
  const frequency = sql<string>`coalesce(${savedSearch.frequency}, ${user.carAlerts})`;
  const quiet = sql<boolean>`(coalesce(${savedSearch.paused}, false) or ${frequency} = 'off')`;
  const dayAgo = new Date(now.getTime() - DIGEST_MS.daily);
  const weekAgo = new Date(now.getTime() - DIGEST_MS.weekly);
  const groups = await db
    .select({ userId: alert.userId, savedSearchId: alert.savedSearchId, quiet })
    .from(alert)
    .innerJoin(user, eq(user.id, alert.userId))
    .leftJoin(savedSearch, eq(savedSearch.id, alert.savedSearchId))
    .where(isNull(alert.mailedAt))
    .groupBy(
      alert.userId,
      alert.savedSearchId,
      savedSearch.frequency,
      savedSearch.paused,
      user.carAlerts,
    )
    .having(
      sql`${quiet} or ${frequency} = 'instant'
        or (${frequency} = 'daily' and min(${alert.createdAt}) <= ${dayAgo})
        or (${frequency} = 'weekly' and min(${alert.createdAt}) <= ${weekAgo})`,
    )
    .limit(MAIL_BATCH);
  const due: AlertGroup[] = [];
  for (const { userId, savedSearchId, quiet: unwanted } of groups) {
    if (!unwanted) {
      due.push({ userId, savedSearchId });
      continue;
    }
    await db
      .update(alert)
      .set({ mailedAt: now })
      .where(and(groupWhere({ userId, savedSearchId }), isNull(alert.mailedAt)));
  }
  return due;
}

const groupWhere = (group: AlertGroup) =>
  and(
    eq(alert.userId, group.userId),
    group.savedSearchId === null
      ? isNull(alert.savedSearchId)
      : eq(alert.savedSearchId, group.savedSearchId),
  );

/** The advisory lock key of the alert job: one process runs it at a time (tryExclusive). */
export const ALERT_JOB_KEY = 4_242_028;

export type AlertRun = { events: number; alerts: number; emails: number; sent: number };

/**
 * The whole job, as the server runs it every minute and `npm run alerts -- --once` runs it:
 * match, write the due emails, send them. The callers run it in one process at a time
 * (`tryExclusive(ALERT_JOB_KEY)`: PostgreSQL releases the lock when a holder dies); each step
 * also claims its rows, so two runs at once would still do nothing twice. Returns what it did.
 */
export async function runAlerts(
  services: Pick<AppServices, "db" | "mailer" | "config">,
  now = new Date(),
): Promise<AlertRun> {
  const started = performance.now();
  const matched = await matchEvents(services.db, now);
  // Every due group, a batch at a time, for at most MAIL_SECONDS a run (the next run goes on).
  let emails = 0;
  for (;;) {
    const groups = await dueGroups(services.db, now);
    emails += await mailAlerts(services, groups, now);
    if (groups.length < MAIL_BATCH) break;
    if (performance.now() - started > MAIL_SECONDS * 1000) break;
  }
  const sent = emails > 0 ? await deliverHeldMail(services) : 0;
  if (matched.alerts > 0 || emails > 0) {
    logger.info({ ...matched, emails, sent }, "alerts run");
  }
  return { ...matched, emails, sent };
}

/** Forgets done events and mailed alerts older than `days` (the counts look back a day). */
export async function pruneAlerts(db: Db, now: Date, days = 30): Promise<void> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  await db.delete(listingEvent).where(lte(listingEvent.doneAt, before));
  await db.delete(alert).where(and(lte(alert.mailedAt, before), lte(alert.createdAt, before)));
}
