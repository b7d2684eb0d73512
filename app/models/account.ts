// Account forms: one Zod schema per form, used by the browser for instant
// feedback and by the server as the authority (STYLE 3). Messages from spec §5.
import { z } from "zod";

import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import { filledText } from "#app/models/text-field.ts";
import { REGISTRATION_ROLES } from "#app/models/user.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const email = filledText(msg("Email is required"))
  .max(254, msg("That email address is too long"))
  .pipe(z.email(msg("Enter an email address like name@example.com")));

const password = filledText(msg("Password is required"), { trim: false });

const newPassword = password
  .min(
    PASSWORD_MIN,
    msg("Use at least 8 characters") satisfies `Use at least ${typeof PASSWORD_MIN} characters`,
  )
  .max(
    PASSWORD_MAX,
    msg("Use at most 128 characters") satisfies `Use at most ${typeof PASSWORD_MAX} characters`,
  );

export const loginSchema = z.object({
  email,
  password: password.max(PASSWORD_MAX, msg("Wrong email or password.")),
  // Not text people type: safeRedirectTo turns anything odd into "/".
  redirectTo: z.string().optional(),
});

export const registerSchema = z.object({
  name: filledText(msg("Name is required")).max(80, msg("Use at most 80 characters")),
  image: z
    .instanceof(File, { error: msg("image is required") })
    .refine((file) => file.size > 0, msg("image is required"))
    .refine(
      (file) => file.size <= PHOTO_MAX_BYTES,
      msg("The photo is larger than 5 MB; choose a smaller one"),
    ),
  email,
  password: newPassword,
  accountType: z
    .enum(REGISTRATION_ROLES, { error: msg("Choose Buyer/User or Seller") })
    .default("buyer"),
  // Not text people type: safeRedirectTo turns anything odd into "/".
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: filledText(msg("This reset link is not valid"), {
      trim: false,
      control: msg("This reset link is not valid"),
    }),
    password: newPassword,
    confirm: filledText(msg("Repeat the new password"), { trim: false }),
  })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    message: msg("The two passwords do not match"),
  });

/** What people see for each failure the spec's identity codes cover (spec §8). */
export const ACCOUNT_ERRORS = {
  emailInUse: msg("An account with this email already exists. Log in, or use another email."),
  wrongCredentials: msg("Wrong email or password."),
  disabled: msg(
    "This account has been disabled. Contact the site's team if you think this is a mistake.",
  ),
  tooMany: (minutes: number, t: Translate = english) =>
    t(
      "Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
      { minutes },
    ),
  resetLinkInvalid: msg("This reset link has expired or was already used. Ask for a new one."),
  unexpected: msg("Something went wrong on our side. Please try again in a moment."),
  verifyTooMany: (minutes: number, t: Translate = english) =>
    t(
      "We have sent you several links already. Please wait {minutes, plural, one {# minute} other {# minutes}} before asking for another one.",
      { minutes },
    ),
} as const;

/** How a verification link turned out (the page at /verify-email?result=…). */
export const VERIFY_RESULTS = ["verified", "used", "expired", "invalid"] as const;
export type VerifyResult = (typeof VERIFY_RESULTS)[number];
