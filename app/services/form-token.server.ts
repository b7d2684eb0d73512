// One-time form tokens: a form that creates something carries a token its loader
// issued, and the action consumes it in the same transaction as the write, so a
// double click, a retry or a resent form creates one thing and every repeat is led
// to it. The token is signed (no write when a page is shown): a random nonce, its
// expiry, and an HMAC over them, the purpose and the user. Using it inserts its
// nonce into used_form_token; a concurrent repeat waits on that row's unique key
// and then finds what the first one created.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { eq, lt } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { usedFormToken } from "#app/db/schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a token is for; a token for one form (or one car's edit form) is refused by another. */
export type FormPurpose = "sell" | `edit:${number}`;

/** How long a rendered form may wait before it is sent: a day. */
export const FORM_TOKEN_LIFE_MS = 24 * 60 * 60_000;

export type FormToken = { nonce: string; expiresAt: Date };

const signature = (secret: string, purpose: FormPurpose, userId: string, body: string) =>
  createHmac("sha256", secret).update(`form:${purpose}:${userId}:${body}`).digest("base64url");

/** A new token for one render of `purpose`'s form, shown to `userId` only. */
export function issueFormToken(
  secret: string,
  userId: string,
  purpose: FormPurpose,
  now = Date.now(),
): string {
  const body = `${randomBytes(18).toString("base64url")}.${now + FORM_TOKEN_LIFE_MS}`;
  return `${body}.${signature(secret, purpose, userId, body)}`;
}

/** The form's token (its FORM_TOKEN_FIELD value) when it is genuine, for this user and purpose, and not expired. */
export function readFormToken(
  secret: string,
  userId: string,
  purpose: FormPurpose,
  value: unknown,
  now = Date.now(),
): FormToken | null {
  if (typeof value !== "string") return null;
  const [nonce, expires, sent] = value.split(".");
  if (!nonce || !expires || !sent || !/^\d{1,15}$/.test(expires)) return null;
  const expected = Buffer.from(signature(secret, purpose, userId, `${nonce}.${expires}`));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number(expires);
  return expiresAt > now ? { nonce, expiresAt: new Date(expiresAt) } : null;
}

/**
 * Uses the token inside the transaction of the write it guards. The first use gets
 * `{ first: true }`; a repeat (once the first one's transaction has committed) gets
 * what the first one created.
 */
export async function consumeFormToken(
  tx: Tx,
  token: FormToken,
  userId: string,
): Promise<{ first: true } | { first: false; listingId: number | null }> {
  const [inserted] = await tx
    .insert(usedFormToken)
    .values({ nonce: token.nonce, userId, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: usedFormToken.nonce });
  if (inserted) return { first: true };
  const [used] = await tx
    .select({ listingId: usedFormToken.listingId })
    .from(usedFormToken)
    .where(eq(usedFormToken.nonce, token.nonce));
  return { first: false, listingId: used?.listingId ?? null };
}

/** Records what the token's form created, in the same transaction. */
export async function recordFormResult(tx: Tx, token: FormToken, listingId: number) {
  await tx.update(usedFormToken).set({ listingId }).where(eq(usedFormToken.nonce, token.nonce));
}

/** Gives a token back inside its transaction, when the write it guarded was refused. */
export async function releaseFormToken(tx: Tx, token: FormToken) {
  await tx.delete(usedFormToken).where(eq(usedFormToken.nonce, token.nonce));
}

/** Forgets used tokens that have expired (they can no longer be sent). */
export async function pruneFormTokens(db: Db, now = new Date()): Promise<void> {
  await db.delete(usedFormToken).where(lt(usedFormToken.expiresAt, now));
}
