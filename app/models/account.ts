// Account forms: one Zod schema per form, used by the browser for instant
// feedback and by the server as the authority (STYLE 3). Messages from spec §5.
import { z } from "zod";

import { filledText } from "#app/models/text-field.ts";
import { REGISTRATION_ROLES } from "#app/models/user.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const email = filledText("Email is required")
  .max(254, "That email address is too long")
  .pipe(z.email("Enter an email address like name@example.com"));

const password = filledText("Password is required", { trim: false });

const newPassword = password
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const loginSchema = z.object({
  email,
  password: password.max(PASSWORD_MAX, "Wrong email or password."),
  // Not text people type: safeRedirectTo turns anything odd into "/".
  redirectTo: z.string().optional(),
});

export const registerSchema = z.object({
  name: filledText("Name is required").max(80, "Use at most 80 characters"),
  image: z
    .instanceof(File, { error: "image is required" })
    .refine((file) => file.size > 0, "image is required")
    .refine(
      (file) => file.size <= PHOTO_MAX_BYTES,
      "The photo is larger than 5 MB; choose a smaller one",
    ),
  email,
  password: newPassword,
  accountType: z
    .enum(REGISTRATION_ROLES, { error: "Choose Buyer/User or Seller" })
    .default("buyer"),
  // Not text people type: safeRedirectTo turns anything odd into "/".
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: filledText("This reset link is not valid", {
      trim: false,
      control: "This reset link is not valid",
    }),
    password: newPassword,
    confirm: filledText("Repeat the new password", { trim: false }),
  })
  .refine((value) => value.password === value.confirm, {
    path: ["confirm"],
    message: "The two passwords do not match",
  });

/** What people see for each failure the spec's identity codes cover (spec §8). */
export const ACCOUNT_ERRORS = {
  emailInUse: "An account with this email already exists. Log in, or use another email.",
  wrongCredentials: "Wrong email or password.",
  disabled:
    "This account has been disabled. Contact the site's team if you think this is a mistake.",
  tooMany: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  resetLinkInvalid: "This reset link has expired or was already used. Ask for a new one.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  verifyTooMany: (minutes: number) =>
    `We have sent you several links already. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before asking for another one.`,
} as const;

/** How a verification link turned out (the page at /verify-email?result=…). */
export const VERIFY_RESULTS = ["verified", "used", "expired", "invalid"] as const;
export type VerifyResult = (typeof VERIFY_RESULTS)[number];
