// Seller verification you can read (DESIGN decision 23): what an admin checked,
// and the note the "Verified" badge opens.
import { textProblem } from "#app/models/text.ts";

export const VERIFICATION_CHECKS = ["identity", "phone", "business", "in_person"] as const;
export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number];

/** What the admin ticks when verifying. */
export const VERIFICATION_CHECK_LABEL: Record<VerificationCheck, string> = {
  identity: "Identity document seen",
  phone: "Phone number confirmed",
  business: "Business registration checked",
  in_person: "Met in person",
};

/** How the badge's note names each check. */
const CHECK_NOTE: Record<VerificationCheck, string> = {
  identity: "identity document",
  phone: "phone",
  business: "business registration",
  in_person: "in person",
};

/** What the badge needs to explain itself; null when no details were recorded. */
export type VerificationNote = { at: string; checks: string[] };

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

const noteDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Verified by Carlot on 3 March 2026: identity document, phone". */
export function verificationNoteText(note: VerificationNote | null | undefined): string {
  if (!note) return "Verified by Carlot.";
  const checks = VERIFICATION_CHECKS.filter((check) => note.checks.includes(check)).map(
    (check) => CHECK_NOTE[check],
  );
  const date = noteDate.format(new Date(note.at));
  return checks.length > 0
    ? `Verified by Carlot on ${date}: ${checks.join(", ")}`
    : `Verified by Carlot on ${date}`;
}

/** What is wrong with a typed withdrawal reason (already trimmed), or null. */
export function withdrawalReasonProblem(reason: string): string | null {
  if (!reason) return VERIFICATION_MESSAGES.reasonRequired;
  return (
    textProblem(reason, "multi-line") ??
    (reason.length > WITHDRAWAL_REASON_MAX ? VERIFICATION_MESSAGES.reasonTooLong : null)
  );
}

/** The checks ticked on a verify form, in their usual order; empty when none is valid. */
export function parseChecks(values: unknown[]): VerificationCheck[] {
  return VERIFICATION_CHECKS.filter((check) => values.includes(check));
}
