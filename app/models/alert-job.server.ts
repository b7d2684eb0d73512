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
import { and, asc, eq, inArray, isNull, lte, min, sql } from "drizzle-orm";

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
/** Alert groups (a person and a search) one run mails at most; the next run goes on. */
const MAIL_BATCH = 500;

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
    for (let start = 0; start < rows.length; start += 1000) {
      const inserted = await tx
        .insert(alert)
        .values(rows.slice(start, start + 1000).map((row) => ({ ...row, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: alert.id });
      alerts += inserted.length;
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
  const [watches, rules] = await Promise.all([loadWatches(db).then(byMake), publicRules(db, now)]);
  for (;;) {
    const batch = await matchBatch(db, watches, rules, now);
    if (batch.events === 0) return total;
    total.events += batch.events;
    total.alerts += batch.alerts;
  }
}

/**
 * The groups whose email is due: at once for "instant", else when their oldest alert has
 * waited a day or a week. Groups nobody wants mailed (paused, saved-car emails off) are
 * marked mailed without an email, so they do not wait forever.
 */
async function dueGroups(db: Db, now: Date): Promise<AlertGroup[]> {
  const groups = await db
    .select({
      userId: alert.userId,
      savedSearchId: alert.savedSearchId,
      oldest: min(alert.createdAt),
      frequency: savedSearch.frequency,
      paused: savedSearch.paused,
      carAlerts: user.carAlerts,
    })
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
    .limit(MAIL_BATCH);
  const due: AlertGroup[] = [];
  for (const group of groups) {
    const frequency = group.savedSearchId === null ? group.carAlerts : group.frequency;
    const { userId, savedSearchId } = group;
    if (group.paused || frequency === "off" || frequency === null) {
      await db
        .update(alert)
        .set({ mailedAt: now })
        .where(and(groupWhere({ userId, savedSearchId }), isNull(alert.mailedAt)));
      continue;
    }
    const oldest = group.oldest ?? now;
    if (frequency === "instant" || oldest.getTime() <= now.getTime() - DIGEST_MS[frequency]) {
      due.push({ userId, savedSearchId });
    }
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
  const matched = await matchEvents(services.db, now);
  const groups = await dueGroups(services.db, now);
  const emails = await mailAlerts(services, groups, now);
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
