// The schemas of the admin's verification forms (DESIGN decision 23), used by the
// dialogs and by the action. Kept apart from verification.ts so pages load zod
// only with the forms.
import { z } from "zod";

import { textField } from "#app/models/text-field.ts";
import { VERIFICATION_CHECKS } from "#app/models/verification-note.ts";
import { VERIFICATION_MESSAGES, WITHDRAWAL_REASON_MAX } from "#app/models/verification.ts";

/** Verify Seller: what the admin checked. Unknown checks are dropped; at least one must remain. */
export const verifySchema = z.object({
  checks: z
    .array(z.string(), { error: VERIFICATION_MESSAGES.checksRequired })
    .transform((values) => VERIFICATION_CHECKS.filter((check) => values.includes(check)))
    .pipe(z.array(z.enum(VERIFICATION_CHECKS)).min(1, VERIFICATION_MESSAGES.checksRequired)),
});

/** Withdrawing a verification: why, kept in the audit log. */
export const withdrawSchema = z.object({
  reason: textField({ required: VERIFICATION_MESSAGES.reasonRequired, kind: "multi-line" })
    .trim()
    .min(1, VERIFICATION_MESSAGES.reasonRequired)
    .max(WITHDRAWAL_REASON_MAX, VERIFICATION_MESSAGES.reasonTooLong),
});
