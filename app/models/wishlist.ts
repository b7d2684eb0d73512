// Wishlist words shared by the save buttons and the server.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";

export const WISHLIST_MESSAGES = {
  saved: msg("Saved to your wishlist"),
  removed: msg("Removed from your wishlist"),
  missing: (site: string, t: Translate = english) =>
    t("This car is no longer on {site}.", { site }),
  notSaved: msg("This car is not in your wishlist."),
  empty: msg("You have not saved any cars yet."),
} as const;

export const WISHLIST_PATH = "/wishlist";
