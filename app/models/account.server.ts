// Account operations behind the auth forms: rate limits, better-auth calls and
// the mapping of every failure to a message people can act on, in `t`'s words (the
// request's language: the route passes translatorFor(context).t).
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";

import { user } from "#app/db/schema.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { ACCOUNT_ERRORS, type VerifyResult } from "#app/models/account.ts";
import {
  apiErrorCode,
  failure,
  refused,
  tooMany,
  tooManyWords,
  verifyTooManyWords,
  type AccountFailure,
} from "#app/models/account-failure.server.ts";
import type { Problem } from "#app/models/problem.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { OIDC_PROVIDER_ID } from "#app/services/auth.server.ts";
import { ImageRejectedError, storeProfilePhoto } from "#app/services/images.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { clear, hit, hitAll, LIMITS, undo } from "#app/services/rate-limit.server.ts";
import { StorageUnavailableError } from "#app/services/storage.server.ts";
import { english } from "#app/services/words.server.ts";

export type { AccountFailure };

/**
 * A session step's outcome. `authHeaders` is what better-auth answered with,
 * passed on as it came: the route sets its cookies on the browser.
 */
export type AccountResult = { ok: true; authHeaders: Headers } | AccountFailure;

export const PHOTO_UNAVAILABLE = msg(
  "Your photo could not be saved right now. Please try again in a minute.",
);

const normal = (email: string) => email.trim().toLowerCase();

/** How long an attempt waits once an account's own ceiling is reached. */
export const SIGN_IN_SLOWDOWN_MS = 2_000;

/**
 * Signs in with email and password. Failures are limited per client address and
 * per address and account, so a stranger elsewhere cannot lock the owner out; an
 * account attacked from many addresses is slowed down, not closed.
 */
export async function signIn(
  services: AppServices,
  input: { email: string; password: string; headers: Headers; clientAddress: string },
  t: Translate = english,
): Promise<AccountResult> {
  const email = normal(input.email);
  const addressKey = `signin:address:${input.clientAddress}`;
  const pairKey = `signin:pair:${input.clientAddress}:${email}`;
  const accountKey = `signin:account:${email}`;
  const limit = await hitAll(services.db, [
    { key: addressKey, limit: LIMITS.signInPerAddress },
    { key: pairKey, limit: LIMITS.signInPerAddressAndAccount },
  ]);
  if (!limit.allowed) return tooMany(limit, t);
  const ceiling = await hit(services.db, accountKey, LIMITS.signInPerAccount);
  if (!ceiling.allowed) await new Promise((resolve) => setTimeout(resolve, SIGN_IN_SLOWDOWN_MS));
  try {
    const { headers } = await services.auth.api.signInEmail({
      body: { email, password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
    // Only failures count: a successful attempt is taken back.
    await Promise.all([
      undo(services.db, addressKey),
      clear(services.db, pairKey),
      clear(services.db, accountKey),
    ]);
    return { ok: true, authHeaders: headers };
  } catch (error) {
    return failure(error, "sign-in", t);
  }
}

export async function register(
  services: AppServices,
  input: {
    name: string;
    email: string;
    password: string;
    accountType: "buyer" | "seller";
    photo: Buffer;
    headers: Headers;
    clientAddress: string;
  },
  t: Translate = english,
): Promise<AccountResult> {
  const limit = await hitAll(services.db, [
    { key: `signup:address:${input.clientAddress}`, limit: LIMITS.signUpPerAddress },
  ]);
  if (!limit.allowed) return tooMany(limit, t);
  // Refuse a taken address before doing any work on the photo.
  if (await emailTaken(services, input.email))
    return failure(
      new APIError("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS" }),
      "sign-up",
      t,
    );

  let image: string;
  try {
    image = await storeProfilePhoto(services.storage, input.photo);
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return refused(error.in(t), { image: [error.in(t)] });
    }
    if (error instanceof StorageUnavailableError) {
      // Photo storage that is down or full: nothing was created, they may try again.
      logger.warn({ err: error }, "photo storage failed while registering");
      return refused(t(PHOTO_UNAVAILABLE), { image: [t(PHOTO_UNAVAILABLE)] });
    }
    return failure(error, "storing a profile photo", t);
  }
  try {
    const { headers } = await services.auth.api.signUpEmail({
      body: {
        name: input.name,
        email: normal(input.email),
        password: input.password,
        image,
        // Read by the user-create hook; never a role taken from the client as is.
        accountType: input.accountType,
      } as never,
      headers: input.headers,
      returnHeaders: true,
    });
    return { ok: true, authHeaders: headers };
  } catch (error) {
    await forgetUnusedPhoto(services, image);
    // Two registrations with one address at the same moment both pass the check
    // above; the unique index lets one in and better-auth reports the other as
    // FAILED_TO_CREATE_USER. That is the taken-address case, not our failure.
    if (
      apiErrorCode(error) === "FAILED_TO_CREATE_USER" &&
      (await emailTaken(services, input.email))
    ) {
      logger.info("sign-up lost a race for an address that was just taken");
      return failure(
        new APIError("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS" }),
        "sign-up",
        t,
      );
    }
    return failure(error, "sign-up", t);
  }
}

async function emailTaken(services: AppServices, email: string): Promise<boolean> {
  const [taken] = await services.db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${normal(email)}`)
    .limit(1);
  return Boolean(taken);
}

/** Removes a just-stored profile photo that no account uses (content keys may be shared). */
async function forgetUnusedPhoto(services: AppServices, url: string): Promise<void> {
  const [inUse] = await services.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.image, url))
    .limit(1);
  if (inUse) return;
  const key = url.replace(/^\/media\//, "");
  await services.storage
    .delete(key)
    .catch((error: unknown) => logger.warn({ err: error }, "could not remove a photo"));
}

/** Ends the session: better-auth's answer (which clears its cookies), or null when it failed. */
export async function signOut(services: AppServices, headers: Headers): Promise<Headers | null> {
  try {
    const result = await services.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  } catch (error) {
    logger.warn({ err: error }, "sign-out failed");
    return null;
  }
}

/**
 * Always answers the same way for an account, so the form cannot tell who has one
 * and strangers cannot hold its owner's reset off: only the client address is
 * limited on the page. The emails are throttled per account instead (one per 5
 * minutes, 10 a day); past that, nothing is sent and the answer is the same.
 */
export async function requestPasswordReset(
  services: AppServices,
  input: { email: string; clientAddress: string; now?: number },
  t: Translate = english,
): Promise<{ ok: true } | ({ ok: false; formError: string } & Problem<"rate-limited" | "failed">)> {
  const now = input.now ?? Date.now();
  const email = normal(input.email);
  const page = await hit(
    services.db,
    `reset:address:${input.clientAddress}`,
    LIMITS.resetPerAddress,
    now,
  );
  if (!page.allowed) {
    return {
      ok: false,
      code: "rate-limited",
      formError: tooManyWords(t, page.retryAfterSeconds),
      retryAfterSeconds: page.retryAfterSeconds,
    };
  }
  const mailAllowed = await hit(
    services.db,
    `reset:mail:${email}`,
    LIMITS.resetEmailPerAccount,
    now,
  ).then(async (short) =>
    short.allowed
      ? hit(services.db, `reset:mail-day:${email}`, LIMITS.resetEmailsPerAccountPerDay, now)
      : short,
  );
  if (!mailAllowed.allowed) {
    logger.info("password reset email skipped: one was sent for this address recently");
    return { ok: true };
  }
  try {
    await services.auth.api.requestPasswordReset({
      body: { email, redirectTo: `${services.config.publicUrl}/reset-password` },
    });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    return { ok: false, code: "failed", formError: t(ACCOUNT_ERRORS.unexpected) };
  }
  return { ok: true };
}

export async function resetPassword(
  services: AppServices,
  input: { token: string; password: string },
  t: Translate = english,
): Promise<{ ok: true } | AccountFailure> {
  try {
    await services.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
    });
    return { ok: true };
  } catch (error) {
    return failure(error, "password reset", t);
  }
}

/** Starts "Continue With Google": the provider's sign-in page to send the browser to. */
export async function startOidcSignIn(
  services: AppServices,
  input: { redirectTo: string; headers: Headers },
): Promise<{ url: string; authHeaders: Headers } | null> {
  if (!services.config.oidc) return null;
  const { headers, response } = await services.auth.api.signInSocial({
    body: {
      provider: OIDC_PROVIDER_ID,
      callbackURL: `${services.config.publicUrl}/auth/welcome?redirectTo=${encodeURIComponent(input.redirectTo)}`,
      errorCallbackURL: `${services.config.publicUrl}/login?error=oidc`,
      disableRedirect: true,
    },
    headers: input.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("The provider gave no sign-in address.");
  return { url: response.url, authHeaders: headers };
}

/**
 * Checks the link from a verification email (better-auth's signed, expiring token).
 * A token whose address is already verified changes nothing: "used".
 */
export async function verifyEmailToken(
  services: AppServices,
  token: string,
): Promise<VerifyResult> {
  const alreadyVerified = await isVerified(services, emailInToken(token));
  try {
    await services.auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "TOKEN_EXPIRED") return "expired";
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return "invalid";
    logger.error({ err: error }, "email verification failed");
    throw error;
  }
  return alreadyVerified ? "used" : "verified";
}

/** The address a token names, read without checking it (better-auth checks it). */
function emailInToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload?.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}

async function isVerified(services: AppServices, email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await services.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = ${normal(email)}`)
    .limit(1);
  return row?.emailVerified ?? false;
}

export type ResendResult =
  | { ok: true; alreadyVerified: boolean }
  | ({ ok: false; formError: string } & Problem<"rate-limited">);

/** "Send the link again", for the signed-in person, within its own limit. */
export async function resendVerification(
  services: AppServices,
  input: { userId: string; email: string; headers: Headers },
  t: Translate = english,
): Promise<ResendResult> {
  if (await isVerified(services, input.email)) return { ok: true, alreadyVerified: true };
  const limit = await hit(
    services.db,
    `verify:account:${input.userId}`,
    LIMITS.verifyEmailPerAccount,
  );
  if (!limit.allowed) {
    return {
      ok: false,
      code: "rate-limited",
      formError: verifyTooManyWords(t, limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  try {
    await services.auth.api.sendVerificationEmail({
      body: { email: input.email },
      headers: input.headers,
    });
  } catch (error) {
    if (apiErrorCode(error) === "EMAIL_ALREADY_VERIFIED")
      return { ok: true, alreadyVerified: true };
    throw error;
  }
  return { ok: true, alreadyVerified: false };
}
