// Accounts (DESIGN decisions 1–3, 12, 13): better-auth on our own database, email +
// password hashed with argon2id, sessions in the database, an optional OpenID
// Connect provider for "Continue With Google", and the admin plugin for bans.
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, isAPIError } from "better-auth/api";
import { admin, genericOAuth } from "better-auth/plugins";

import type { Db } from "#app/db/client.server.ts";
import * as schema from "#app/db/schema.ts";
import { deliverHeldMail } from "#app/models/held-mail.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { REGISTRATION_ROLES } from "#app/models/user.ts";
import { requestLogger } from "#app/services/logger.server.ts";
import type { Mailer } from "#app/services/mail.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

/** OWASP's recommended argon2id settings (19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export const OIDC_PROVIDER_ID = "oidc";
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** How long the link in a verification email works (decision 018). */
export const VERIFY_TOKEN_TTL_SECONDS = 60 * 60 * 24;

/** Sessions last 30 days and are extended (a new cookie) when a day old. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
/** Our cookies' names start with it (carlot.session_token, carlot.toast, …). */
export const COOKIE_PREFIX = "carlot";

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; name: string };

/** A PostgreSQL unique violation (23505), however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let at = error, depth = 0; at && typeof at === "object" && depth < 5; depth++) {
    if ((at as { code?: unknown }).code === "23505") return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

/** The emails that give a person one link: the words before and after it, in `t`'s language. */
const LINK_EMAILS = {
  reset: (t: Translate, site: string) => ({
    subject: t("Reset your {site} password", { site }),
    before: [
      t("Someone (hopefully you) asked to reset the password of your {site} account.", { site }),
      t("Open this link within one hour to choose a new password:"),
    ],
    after: [t("If you did not ask for this, ignore this email: your password stays the same.")],
  }),
  verify: (t: Translate, site: string) => ({
    subject: t("Confirm your email address for {site}", { site }),
    before: [
      t(
        "Welcome to {site}. Please confirm that this is your email address by opening\nthis link within 24 hours:",
        { site },
      ),
    ],
    after: [
      t(
        "Until then we send no emails on your behalf, such as the copies of your contact\nrequests: they wait and are sent when you confirm.",
      ),
      "",
      t("If you did not create a {site} account, ignore this email.", { site }),
      "",
      `— ${site}`,
    ],
  }),
};

/**
 * One of LINK_EMAILS for `user`, in the words of the site's current name and in the
 * person's language (saved on the account; else the site's).
 */
async function linkEmail(
  db: Db,
  user: { name: string; email: string; language?: unknown },
  url: string,
  kind: keyof typeof LINK_EMAILS,
) {
  const site = await getSiteSettings(db);
  const { t } = recipientWords(user.language, site.language);
  const { subject, before, after } = LINK_EMAILS[kind](t, site.name);
  const text = [t("Hello {name},", { name: user.name }), "", ...before, "", url, "", ...after];
  return { to: user.email, subject, text: text.join("\n") };
}

export type AuthOptions = {
  db: Db;
  secret: string;
  /** The site's public address, e.g. http://localhost:3000. */
  baseURL: string;
  mailer: Mailer;
  oidc: OidcConfig | null;
};

/**
 * What better-auth logs at error level when a client, not the server, went wrong:
 * a stale or forged OAuth callback, an off-site callback or redirect address, a
 * cross-site sign-in. Anyone can cause these, so they are warnings.
 */
const CLIENT_MISTAKES = [
  /^State not found/,
  /^Failed to parse state/,
  /^INVALID_CALLBACK_REQUEST/,
  /^Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b/,
  /^Blocked cross-site navigation/,
];

/** The level a better-auth log line gets in our log: client mistakes are warnings. */
export function authLogLevel(level: string, message: string): "error" | "warn" {
  if (level !== "error") return "warn";
  return CLIENT_MISTAKES.some((pattern) => pattern.test(message)) ? "warn" : "error";
}

/** Errors better-auth's endpoints answer: 4xx are the client's (warn), the rest ours (error). */
function logAuthError(error: unknown) {
  const log = requestLogger();
  if (isAPIError(error) && error.statusCode < 500) {
    log.warn({ status: error.statusCode }, `better-auth: ${error.message}`);
  } else {
    log.error({ err: error }, "better-auth: endpoint failed");
  }
}

export function createAuth(options: AuthOptions) {
  const { db, mailer, oidc } = options;
  return betterAuth({
    appName: "Carlot",
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        // With the request's id (its log binding) when a request is being served. A
        // sign-up that loses a race for its address hits the unique index; the register
        // action answers "already exists", so it is no error of ours.
        const log = requestLogger();
        if (level === "error" && args.some(isUniqueViolation)) {
          log.info(`better-auth: ${message} (address already taken)`);
        } else log[authLogLevel(level, message)](`better-auth: ${message}`);
      },
    },
    onAPIError: { onError: logAuthError },
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [new URL(options.baseURL).origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    // Our own limits (app/services/rate-limit.server.ts) cover the form actions.
    rateLimit: { enabled: false },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: options.baseURL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "buyer" },
        verified: { type: "boolean", input: false, defaultValue: false },
        language: { type: "string", input: false, required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: {
        hash: hashPassword,
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(await linkEmail(db, user, url, "reset"));
      },
    },
    // Decision 018: a link at registration proves the address; until then the site
    // sends nothing on the person's behalf. Signing in does not depend on it, and
    // opening the link does not sign anyone in (it may be opened elsewhere).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_TTL_SECONDS,
      async sendVerificationEmail({ user, token }) {
        const url = `${options.baseURL}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send(await linkEmail(db, user, url, "verify"));
      },
      async afterEmailVerification(user) {
        await deliverHeldMail({ db, mailer }, { userId: user.id }).catch((error: unknown) =>
          requestLogger().error({ err: error }, "could not release held emails"),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The role is never taken from a client. Our register action passes the
          // chosen account type; everything else (OIDC sign-up) becomes a buyer.
          async before(user, context) {
            // Pictures from a sign-in provider live on its servers; we show our own
            // initials instead of loading them (CSP and privacy).
            const image =
              user.image && !user.image.startsWith("/media/") ? null : (user.image ?? null);
            const requested = (context?.body as { accountType?: unknown } | undefined)?.accountType;
            if (requested === undefined) return { data: { ...user, image, role: "buyer" } };
            if (!REGISTRATION_ROLES.includes(requested as never)) {
              throw new APIError("BAD_REQUEST", {
                code: "INVALID_ACCOUNT_TYPE",
                message: "Choose Buyer/User or Seller.",
              });
            }
            return { data: { ...user, image, role: requested as string } };
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: "buyer", adminRoles: ["admin"] }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
