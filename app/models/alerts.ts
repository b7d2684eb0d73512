// Saved searches, saved cars and their alerts (issue 28): the choices people make and the
// limits, shared by the browser and the server.
import { msg } from "#app/i18n/translator.ts";

/** How often a saved search's owner hears about new matches. */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Saved cars may also be kept quiet. */
export const CAR_ALERT_CHOICES = [...ALERT_FREQUENCIES, "off"] as const;
export type CarAlertChoice = (typeof CAR_ALERT_CHOICES)[number];

export const FREQUENCY_LABEL: Record<CarAlertChoice, string> = {
  instant: msg("At once"),
  daily: msg("Daily"),
  weekly: msg("Weekly"),
  off: msg("Never"),
};

/** How long a digest gathers before it goes out. */
export const DIGEST_MS: Record<Exclude<AlertFrequency, "instant">, number> = {
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** An email lists at most this many cars, then links to all of them. */
export const ALERT_EMAIL_CARS = 20;
/** Past this many matches in a day, the owner is told the search is wide. */
export const WIDE_SEARCH_PER_DAY = 200;
/** A price cut is shown on cards and rows for this many days. */
export const PRICE_CUT_DAYS = 30;

/** What happened to a car: the alert kinds. */
export const ALERT_KINDS = ["match", "price", "sold", "available", "removed"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
