// The saved-search form's schema (save a search, rename it or change how often): the
// browser checks it in the dialog and the action again, as the authority.
import { z } from "zod";

import { ALERT_FREQUENCIES, SAVED_SEARCH_NAME_MAX } from "#app/models/alerts.ts";
import { filledText } from "#app/models/text-field.ts";
import { msg } from "#app/i18n/translator.ts";

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: msg("Give the search a name."),
  nameTooLong: msg("Keep the name within 80 characters."),
  frequencyRequired: msg("Choose how often to hear about new cars."),
  tooMany: msg(
    "You already keep 20 saved searches. Delete one you no longer need, then save this one.",
  ),
  saved: msg("Search saved. You will hear about new cars that match it."),
  savedAgain: msg("You had saved this search already: it now has the new name and frequency."),
  updated: msg("Saved search updated."),
  paused: msg("Paused: no emails for this search until you resume it."),
  resumed: msg("Resumed: you will hear about new cars again."),
  deleted: msg("Saved search deleted."),
  missing: msg("That saved search does not exist (any more)."),
  unsubscribed: msg("Done: you will get no more of these emails."),
} as const;

export const savedSearchFormSchema = z.object({
  name: filledText(SAVED_SEARCH_MESSAGES.nameRequired).max(
    SAVED_SEARCH_NAME_MAX,
    SAVED_SEARCH_MESSAGES.nameTooLong,
  ),
  frequency: z.enum(ALERT_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequencyRequired }),
});
