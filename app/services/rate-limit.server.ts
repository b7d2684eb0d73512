// Fixed-window rate limits kept in the database (rate_limit table), so every app
// process shares them: per client address and per account for sign-in and sign-up,
// per client address for the reset page and per account for reset emails, per buyer
// for contact requests and per seller for the emails those requests cause.
import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { rateLimit } from "#app/db/schema.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { english } from "#app/services/words.server.ts";

export type Limit = { max: number; windowMs: number };

/** A database handle or an open transaction: a limit can count inside the write it guards. */
export type Counter = Pick<Db, "insert">;

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const LIMITS = {
  // Failed sign-ins from one address, whatever the accounts.
  signInPerAddress: { max: 20, windowMs: 15 * 60_000 },
  // Failed sign-ins from one address for one account.
  signInPerAddressAndAccount: { max: 5, windowMs: 15 * 60_000 },
  // Failed sign-ins for one account from everywhere. Past it, attempts are slowed
  // down, never refused: strangers must not be able to lock the owner out.
  signInPerAccount: { max: 30, windowMs: 15 * 60_000 },
  signUpPerAddress: { max: 10, windowMs: 60 * 60_000 },
  // The forgot-password page per address. The page never refuses an account: that
  // would let strangers hold its owner's reset off.
  resetPerAddress: { max: 10, windowMs: HOUR },
  // Reset emails per account, whoever asks: one per 5 minutes and 10 a day. Past
  // them the page answers as usual and no email goes out; the owner's own request
  // gets its email once 5 minutes have passed since the last one.
  resetEmailPerAccount: { max: 1, windowMs: 5 * 60_000 },
  resetEmailsPerAccountPerDay: { max: 10, windowMs: DAY },
  // New contact requests per buyer. People compare a few cars an evening; a script
  // places dozens a second.
  ordersPerBuyerPerMinute: { max: 5, windowMs: 60_000 },
  ordersPerBuyerPerDay: { max: 40, windowMs: DAY },
  // New contact requests (each a conversation) from an account younger than a day: the
  // shape of a fresh scam account writing to every seller (issue 27).
  ordersPerYoungAccountPerHour: { max: 5, windowMs: HOUR },
  // Contact-request emails to one seller in an hour; the rest wait for one digest.
  sellerNotificationsPerHour: { max: 10, windowMs: HOUR },
  // "Send the link again" for one signed-in account (the email at registration is free).
  verifyEmailPerAccount: { max: 3, windowMs: HOUR },
} satisfies Record<string, Limit>;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` and says whether it is within `limit`. One
 * statement: concurrent attempts cannot both slip under the limit.
 */
export async function hit(
  db: Counter,
  key: string,
  limit: Limit,
  now = Date.now(),
): Promise<RateLimitResult> {
  // last_request holds the start of the current window. The id is random: PostgreSQL
  // resolves a race on the conflict target (key) only, and a second unique value
  // shared by concurrent first attempts would fail one of them instead.
  const windowStart = now - limit.windowMs;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  const count = row?.count ?? 1;
  const started = row?.lastRequest ?? now;
  return {
    allowed: count <= limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((started + limit.windowMs - now) / 1000)),
  };
}

/** Takes back one counted attempt under `key` (one that turned out to be fine). */
export async function undo(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(sql`${rateLimit.key} = ${key}`);
}

/** Forgets the attempts under `key` (after a successful sign-in). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(sql`${rateLimit.key} = ${key}`);
}

/** Deletes counters whose window ended (the longest window is a day). */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimit).where(sql`${rateLimit.lastRequest} < ${now - DAY}`);
}

/** Checks several limits; the first one exceeded wins. */
export async function hitAll(
  db: Db,
  checks: { key: string; limit: Limit }[],
  now = Date.now(),
): Promise<RateLimitResult> {
  let worst: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
  for (const check of checks) {
    const result = await hit(db, check.key, check.limit, now);
    if (!result.allowed && (worst.allowed || result.retryAfterSeconds > worst.retryAfterSeconds)) {
      worst = result;
    }
  }
  return worst;
}

/**
 * A route's `headers`: passes its action's Retry-After on to the answer. React Router
 * keeps only the cookies of an action's headers unless the route exports this.
 */
export function passRetryAfter({
  actionHeaders,
  loaderHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * "in a minute", "in 12 minutes", "in 3 hours": when a limited person may try again,
 * in `t`'s words (the request's language).
 */
export function waitWords(retryAfterSeconds: number, t: Translate = english): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (minutes <= 1) return t("in a minute");
  if (minutes < 120) {
    return t("{minutes, plural, one {in {minutes} minute} other {in {minutes} minutes}}", {
      minutes,
    });
  }
  return t("{hours, plural, one {in {hours} hour} other {in {hours} hours}}", {
    hours: Math.ceil(minutes / 60),
  });
}
