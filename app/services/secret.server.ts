// The secret that signs session cookies: AUTH_SECRET, or for the embedded
// database a random one created once and kept in DATA_DIR.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "#app/db/client.server.ts";
import { siteSetting } from "#app/db/schema.ts";

/** Where the embedded database's generated secret is kept. */
export function authSecretFile(dataDir: string): string {
  return path.join(dataDir, "auth-secret");
}

/** The secret an earlier start generated in `dataDir`, if there is one. */
export function generatedAuthSecret(dataDir: string): string | null {
  try {
    const existing = fs.readFileSync(authSecretFile(dataDir), "utf8").trim();
    return existing.length >= 32 ? existing : null;
  } catch {
    return null; // Not created yet.
  }
}

export function authSecret(options: { secret?: string; dataDir: string }): string {
  if (options.secret) return options.secret;
  const existing = generatedAuthSecret(options.dataDir);
  if (existing) return existing;
  const file = authSecretFile(options.dataDir);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// ── One secret for every node ───────────────────────────────────────────────
// Processes sharing a database must sign sessions with the same secret, or each
// rejects the others' cookies. The first one to start records a fingerprint of its
// secret (an HMAC of a fixed label, keyed with the secret: it cannot be turned back
// into the secret) in site_setting; every later start compares its own.

const FINGERPRINT_KEY = "auth.secret-fingerprint";
const FINGERPRINT_LABEL = "carlot: the AUTH_SECRET every node shares";
const fingerprintValue = z.object({ hmacSha256: z.string().min(1) });

export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update(FINGERPRINT_LABEL).digest("base64url");
}

/** How this secret compares with the one recorded in the database. */
export type SecretMatch = "unrecorded" | "same" | "different";

export async function compareSecretFingerprint(db: Db, secret: string): Promise<SecretMatch> {
  const [row] = await db
    .select({ value: siteSetting.value })
    .from(siteSetting)
    .where(eq(siteSetting.key, FINGERPRINT_KEY))
    .limit(1);
  const recorded = fingerprintValue.safeParse(row?.value);
  if (!recorded.success) return "unrecorded";
  const mine = Buffer.from(secretFingerprint(secret));
  const theirs = Buffer.from(recorded.data.hmacSha256);
  return mine.length === theirs.length && timingSafeEqual(mine, theirs) ? "same" : "different";
}

/** Records `secret`'s fingerprint as the one every node must match (replacing any other). */
export async function recordSecretFingerprint(db: Db, secret: string): Promise<void> {
  const value = { hmacSha256: secretFingerprint(secret), recordedAt: new Date().toISOString() };
  await db
    .insert(siteSetting)
    .values({ key: FINGERPRINT_KEY, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value } });
}

export const SECRET_MISMATCH_MESSAGE =
  "AUTH_SECRET differs from the one the other nodes use (its fingerprint does not match the one " +
  "recorded in the database by the first node to start), so this node would reject their session " +
  "cookies and they would reject its. Give every node the same AUTH_SECRET. To change the secret on " +
  "purpose (everyone is signed out): stop every node, set the new AUTH_SECRET on all of them, run " +
  "`npm run doctor -- --accept-new-secret` once, then start them.";

export class SecretMismatchError extends Error {
  constructor() {
    super(SECRET_MISMATCH_MESSAGE);
    this.name = "SecretMismatchError";
  }
}

/**
 * At start, inside the start-up lock: the first start records the fingerprint, later
 * ones compare. A different secret throws SecretMismatchError when `refuse` is set
 * (production on PostgreSQL, where other nodes may share the database); otherwise
 * (the embedded database has one process, development, tests) the change is logged
 * and the new fingerprint recorded.
 */
export async function checkSharedSecret(
  db: Db,
  secret: string,
  options: { refuse: boolean; log: { warn(message: string): void } },
): Promise<SecretMatch> {
  const match = await compareSecretFingerprint(db, secret);
  if (match === "same") return match;
  if (match === "different") {
    if (options.refuse) throw new SecretMismatchError();
    options.log.warn(
      "AUTH_SECRET changed since the last start: sessions signed with the old one are no longer accepted (everyone is signed out). Recorded the new one.",
    );
  }
  await recordSecretFingerprint(db, secret);
  return match;
}
