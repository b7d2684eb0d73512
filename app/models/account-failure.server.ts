// How the account forms answer a refusal (app/models/account.server.ts): better-auth's
// error codes and our limits become a message people can act on, in `t`'s words (the
// request's language).
import { isAPIError } from "better-auth/api";

import type { Translate } from "#app/i18n/translator.ts";
import { ACCOUNT_ERRORS } from "#app/models/account.ts";
import type { Problem } from "#app/models/problem.ts";
import { logger } from "#app/services/logger.server.ts";
import type { RateLimitResult } from "#app/services/rate-limit.server.ts";

/** A refused account form: what to show on it, and why it was refused. */
export type AccountFailure = {
  ok: false;
  formError: string;
  fieldErrors?: Record<string, string[]>;
} & Problem<"invalid" | "rate-limited">;

/** ACCOUNT_ERRORS.tooMany, in `t`'s words. */
export function tooManyWords(t: Translate, retryAfterSeconds: number): string {
  return t(
    "{minutes, plural, one {Too many attempts. Please wait {minutes} minute and try again.} other {Too many attempts. Please wait {minutes} minutes and try again.}}",
    { minutes: Math.ceil(retryAfterSeconds / 60) },
  );
}

export function tooMany(result: RateLimitResult, t: Translate): AccountFailure {
  return {
    ok: false,
    code: "rate-limited",
    formError: tooManyWords(t, result.retryAfterSeconds),
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

export function apiErrorCode(error: unknown): string | null {
  // Body validation errors are not APIError instances; isAPIError covers both.
  if (isAPIError(error)) {
    const body = (error as { body?: { code?: string } }).body;
    return body?.code ?? null;
  }
  return null;
}

/** The form comes back with a message (and, when given, messages next to fields). */
export function refused(formError: string, fieldErrors?: Record<string, string[]>): AccountFailure {
  return { ok: false, code: "invalid", formError, ...(fieldErrors && { fieldErrors }) };
}

/**
 * The form's answer to a better-auth refusal. Every one is "invalid": the form comes
 * back with a message, our own failures included (they have always answered so).
 */
export function failure(error: unknown, context: string, t: Translate): AccountFailure {
  switch (apiErrorCode(error)) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return refused(t(ACCOUNT_ERRORS.emailInUse), { email: [t(ACCOUNT_ERRORS.emailInUse)] });
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return refused(t(ACCOUNT_ERRORS.wrongCredentials));
    case "BANNED_USER":
      return refused(t(ACCOUNT_ERRORS.disabled));
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return refused(t("Choose a password between 8 and 128 characters."));
    case "INVALID_TOKEN":
      return refused(t(ACCOUNT_ERRORS.resetLinkInvalid));
    default:
      logger.error({ err: error }, `${context} failed`);
      return refused(t(ACCOUNT_ERRORS.unexpected));
  }
}

/** ACCOUNT_ERRORS.verifyTooMany, in `t`'s words. */
export function verifyTooManyWords(t: Translate, retryAfterSeconds: number): string {
  return t(
    "{minutes, plural, one {We have sent you several links already. Please wait {minutes} minute before asking for another one.} other {We have sent you several links already. Please wait {minutes} minutes before asking for another one.}}",
    { minutes: Math.ceil(retryAfterSeconds / 60) },
  );
}
