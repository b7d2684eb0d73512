// Seller verification (DESIGN decision 23): what an admin ticks and the admin's
// messages. The forms' schemas are in verification-form.ts, the badge's note in
// verification-note.ts.
import { msg } from "#app/i18n/translator.ts";
import type { VerificationCheck } from "#app/models/verification-note.ts";

/** What the admin ticks when verifying. */
export const VERIFICATION_CHECK_LABEL: Record<VerificationCheck, string> = {
  identity: msg("Identity document seen"),
  phone: msg("Phone number confirmed"),
  business: msg("Business registration checked"),
  in_person: msg("Met in person"),
};

export const WITHDRAWAL_REASON_MAX = 500;

export const VERIFICATION_MESSAGES = {
  /** The spec's confirm text and toast (§8). */
  confirm: msg("Are you sure verify the seller?"),
  verified: msg("Successfully Verified The Seller"),
  checksRequired: msg("Tick at least one thing you checked"),
  reasonRequired: msg("Say why the verification is withdrawn"),
  reasonTooLong: msg(
    "Please keep it under 500 characters",
  ) satisfies `Please keep it under ${typeof WITHDRAWAL_REASON_MAX} characters`,
  notSeller: msg("Only sellers can be verified."),
  alreadyVerified: msg("This seller is already verified."),
  notVerified: msg("This seller is not verified."),
} as const;
