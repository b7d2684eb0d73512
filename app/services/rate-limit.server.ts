// Fixed-window rate limits kept in the database (rate_limit table), so every app
// process shares them: per client address and per account for sign-in, sign-up
// and password reset.
import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { rateLimit } from "#app/db/schema.ts";

export type Limit = { max: number; windowMs: number };

export const LIMITS = {
  // Failed sign-ins from one address, whatever the accounts.
  signInPerAddress: { max: 20, windowMs: 15 * 60_000 },
  // Failed sign-ins from one address for one account.
  signInPerAddressAndAccount: { max: 5, windowMs: 15 * 60_000 },
  // Failed sign-ins for one account from everywhere. Past it, attempts are slowed
  // down, never refused: strangers must not be able to lock the owner out.
  signInPerAccount: { max: 30, windowMs: 15 * 60_000 },
  signUpPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetPerAddressAndAccount: { max: 3, windowMs: 60 * 60_000 },
  // Reset emails for one account from everywhere (a cap on mail bombing).
  resetPerAccount: { max: 10, windowMs: 60 * 60_000 },
  // "Send the link again" for one signed-in account (the email at registration is free).
  verifyEmailPerAccount: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` and says whether it is within `limit`. One
 * statement: concurrent attempts cannot both slip under the limit.
 */
export async function hit(
  db: Db,
  key: string,
  limit: Limit,
  now = Date.now(),
): Promise<RateLimitResult> {
  // last_request holds the start of the current window.
  const windowStart = now - limit.windowMs;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: key, key, count: 1, lastRequest: now })
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

/** Deletes counters whose window ended long ago (the longest window is an hour). */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimit).where(sql`${rateLimit.lastRequest} < ${now - 24 * 60 * 60_000}`);
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

/** The status and headers of a form answer: 429 with Retry-After when a limit refused it. */
export function limitedInit(
  retryAfterSeconds: number | undefined,
  otherwise: number,
): ResponseInit {
  return retryAfterSeconds === undefined
    ? { status: otherwise }
    : { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } };
}
