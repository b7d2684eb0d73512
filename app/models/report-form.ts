// The 'Report To Admin' form's schema, used by the car page's action (STYLE 3).
// Kept apart from report.ts so pages load zod only with the form.
import { z } from "zod";

import { REPORT_DETAILS_MAX, REPORT_MESSAGES, REPORT_REASONS } from "#app/models/report.ts";
import { textField } from "#app/models/text-field.ts";

/** A known reason, and optional words within the limit (empty words are none). */
export const reportFormSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  details: textField({ kind: "multi-line" })
    .trim()
    .max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsTooLong)
    .optional()
    .transform((value) => value || null),
});
