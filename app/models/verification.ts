// Seller verification (DESIGN decision 23): what an admin ticks, the admin's messages and
// the checks of a withdrawal. The forms' schemas are in verification-form.ts, the
// badge's note in verification-note.ts.
import { textProblem } from "#app/models/text.ts";
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

/** What is wrong with a typed withdrawal reason (already trimmed), or null. */
export function withdrawalReasonProblem(reason: string): string | null {
  if (!reason) return VERIFICATION_MESSAGES.reasonRequired;
  return (
    textProblem(reason, "multi-line") ??
    (reason.length > WITHDRAWAL_REASON_MAX ? VERIFICATION_MESSAGES.reasonTooLong : null)
  );
}
