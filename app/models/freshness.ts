// Fresh listings (DESIGN decision 21): how old a listing and its last "still for
// sale" confirmation are, worded for people, and when a car counts as stale.
// Pure and client-safe: pages pass the server's "now" so server and browser agree,
// and the site's `freshDays` (a site setting, 14–365; the spec's 60 by default).
import type { Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import { LISTING_REMINDER_DAYS_BEFORE, type ListingStatus } from "#app/models/listing.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

type Instant = Date | string | number;

function toMs(value: Instant): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Whole days from `from` to `now` (24-hour periods, never negative). */
export function daysSince(from: Instant, now: Instant): number {
  return Math.max(0, Math.floor((toMs(now) - toMs(from)) / DAY_MS));
}

// The day counts are written as digits without separators ("1204 days"), as before.

/** "Listed today", "Listed 1 day ago", "Listed 12 days ago", in the reader's words. */
export function listedAgo(createdAt: Instant, now: Instant, t: Translate = english): string {
  return t(
    "{count, plural, =0 {Listed today} one {Listed {count} day ago} other {Listed {count} days ago}}",
    { count: daysSince(createdAt, now) },
  );
}

/** "Confirmed available today", "… 1 day ago", "… 12 days ago", in the reader's words. */
export function confirmedAgo(confirmedAt: Instant, now: Instant, t: Translate = english): string {
  return t(
    "{count, plural, =0 {Confirmed available today} one {Confirmed available {count} day ago} other {Confirmed available {count} days ago}}",
    { count: daysSince(confirmedAt, now) },
  );
}

/** Confirmations at or before this instant are too old for the public lists. */
export function freshnessCutoff(now: Instant, freshDays: number): Date {
  return new Date(toMs(now) - freshDays * DAY_MS);
}

/** Confirmations at or before this instant are owed a reminder email. */
export function reminderCutoff(now: Instant, freshDays: number): Date {
  return new Date(toMs(now) - (freshDays - LISTING_REMINDER_DAYS_BEFORE) * DAY_MS);
}

/** When a car confirmed at `confirmedAt` leaves the public lists unless confirmed again. */
export function hiddenFrom(confirmedAt: Instant, freshDays: number): Date {
  return new Date(toMs(confirmedAt) + freshDays * DAY_MS);
}

/**
 * An available car whose last confirmation is `freshDays` old or more: it
 * is kept (and its page works) but it is left out of the public lists. Sold cars
 * are never stale: there is nothing to confirm.
 */
export function isStale(
  car: { status: ListingStatus; confirmedAt: Instant },
  now: Instant,
  freshDays: number,
): boolean {
  return (
    car.status === "available" && toMs(car.confirmedAt) <= freshnessCutoff(now, freshDays).getTime()
  );
}

/** Whole days until an available car leaves the public lists (0 once it has). */
export function daysUntilHidden(confirmedAt: Instant, now: Instant, freshDays: number): number {
  return Math.max(
    0,
    Math.ceil((hiddenFrom(confirmedAt, freshDays).getTime() - toMs(now)) / DAY_MS),
  );
}

/** Whether My Products should nudge the seller to confirm soon (the reminder window). */
export function needsConfirmationSoon(
  car: { status: ListingStatus; confirmedAt: Instant },
  now: Instant,
  freshDays: number,
): boolean {
  return (
    car.status === "available" &&
    !isStale(car, now, freshDays) &&
    toMs(car.confirmedAt) <= reminderCutoff(now, freshDays).getTime()
  );
}
