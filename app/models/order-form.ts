// The contact-seller form's schema, used by the dialog and by the action (STYLE 3).
// Kept apart from order.ts so pages load zod only with the form.
import { z } from "zod";

import { msg } from "#app/i18n/translator.ts";
import { isPlausiblePhone, ORDER_MESSAGES } from "#app/models/order.ts";
import { filledText } from "#app/models/text-field.ts";

/** The contact-seller form (spec §2, §5): the buyer's name, meeting place and number. */
export const contactSellerSchema = z.object({
  buyerName: filledText(msg("User Name is required")).max(80, msg("Use at most 80 characters")),
  meetingLocation: filledText(msg("Your location is required")).max(
    160,
    msg("Use at most 160 characters"),
  ),
  buyerPhone: filledText(msg("Contact number is required"))
    .max(40, ORDER_MESSAGES.phoneFormat)
    // An empty number already has its message.
    .refine((value) => value === "" || isPlausiblePhone(value), ORDER_MESSAGES.phoneFormat),
});

export type ContactSellerInput = z.output<typeof contactSellerSchema>;
