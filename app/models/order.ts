// Order (contact request) vocabulary shared by client and server.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";

export const ORDER_STATUSES = ["open", "cancelled", "closed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why a request was closed without the buyer cancelling it. */
export const ORDER_CLOSED_REASONS = ["sold", "removed"] as const;
export type OrderClosedReason = (typeof ORDER_CLOSED_REASONS)[number];

/** Digits a plausible phone number has (E.164 allows at most 15). */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

export const ORDER_MESSAGES = {
  phoneFormat: msg(
    "Enter a phone number with 7 to 15 digits, like +1 512 555 0100",
  ) satisfies `Enter a phone number with ${typeof PHONE_DIGITS.min} to ${typeof PHONE_DIGITS.max} digits, like +1 512 555 0100`,
  ownCar: msg("This is your own car: you cannot contact yourself about it."),
  soldCar: msg("This car has been sold, so the seller is no longer taking requests for it."),
  duplicate: msg(
    "You have already contacted the seller about this car. You can follow your request in My Orders.",
  ),
  missingCar: (site: string, t: Translate = english) =>
    t("This car is no longer on {site}.", { site }),
  placed: msg("Order placed successfully"),
  cancelled: msg("Deleted successfully"),
  notYours: msg("This request is not one of yours."),
  /** `when` is already in the reader's words ("in 5 minutes"). */
  tooMany: (when: string, t: Translate = english) =>
    t("You have sent many requests in a short time. Please try again {when}.", { when }),
} as const;

/** True when `value` looks like a phone number: digits with spaces, dashes, dots, brackets, a leading +. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}
