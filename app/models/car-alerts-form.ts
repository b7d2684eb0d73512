// The wishlist's "email me about saved cars" form: its schema, checked in the browser and in
// the /wishlist action.
import { z } from "zod";

import { msg } from "#app/i18n/translator.ts";
import { CAR_ALERT_CHOICES } from "#app/models/alerts.ts";
import "#app/models/text-field.ts";

export const CAR_ALERT_MESSAGES = {
  required: msg("Choose how often to hear about your saved cars."),
  saved: msg("Saved: we will tell you about your saved cars as you chose."),
} as const;

export const carAlertsSchema = z.object({
  carAlerts: z.enum(CAR_ALERT_CHOICES, { error: CAR_ALERT_MESSAGES.required }),
});
