// Seller verification (DESIGN decision 23): what an admin ticks and the admin's
// messages. The forms' schemas are in verification-form.ts, the badge's note in
// verification-note.ts.
import type { VerificationCheck } from "#app/models/verification-note.ts";

/** What the admin ticks when verifying. */
export const VERIFICATION_CHECK_LABEL: Record<VerificationCheck, string> = {
  identity: "Identity document seen",
  phone: "Phone number confirmed",
  business: "Business registration checked",
  in_person: "Met in person",
};

export const WITHDRAWAL_REASON_MAX = 500;

export const VERIFICATION_MESSAGES = {
  /** The spec's confirm text and toast (§8). */
  confirm: "Are you sure verify the seller?",
  verified: "Successfully Verified The Seller",
  checksRequired: "Tick at least one thing you checked",
  reasonRequired: "Say why the verification is withdrawn",
  reasonTooLong: `Please keep it under ${WITHDRAWAL_REASON_MAX} characters`,
  notSeller: "Only sellers can be verified.",
  alreadyVerified: "This seller is already verified.",
  notVerified: "This seller is not verified.",
} as const;
