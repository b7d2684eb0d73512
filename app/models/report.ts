// Reports of a listing to the admins (spec §3 Report, DESIGN decision 19): the
// reasons a person can give, the limits and the words the pages use.
import { msg } from "#app/i18n/translator.ts";

export const REPORT_REASONS = [
  "scam",
  "wrong_information",
  "already_sold",
  "offensive",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABEL: Record<ReportReason, string> = {
  scam: msg("Scam or fraud"),
  wrong_information: msg("Wrong information"),
  already_sold: msg("Already sold"),
  offensive: msg("Offensive"),
  other: msg("Other"),
};

/** The reporter's own words are optional and at most this long. */
export const REPORT_DETAILS_MAX = 1000;

export const REPORT_RESOLUTIONS = ["deleted", "dismissed"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const REPORT_MESSAGES = {
  /** The spec's confirm text (§8). */
  confirm: msg("Are you sure to report to the admin about this product?"),
  sent: msg("Thank you. Your report was sent to the admins, who will look at this car."),
  duplicate: msg("You have already reported this car to the admins."),
  ownCar: msg("This is your own car: you cannot report it."),
  missingCar: msg("This car is not listed any more."),
  reasonRequired: msg("Choose why you are reporting this car"),
  detailsTooLong: msg(
    "Please keep it under 1000 characters",
  ) satisfies `Please keep it under ${typeof REPORT_DETAILS_MAX} characters`,
  /** The spec's empty message (§2). */
  empty: msg("There is no Reported Product"),
  /** The spec's confirm text for deleting a reported car (§8). */
  confirmDelete: msg("Confirm Delete?"),
  /** The spec's toast after deleting a car (§8). */
  deleted: msg("Successfully Deleted The Product From This Website"),
} as const;

export type ReportInput = { reason: ReportReason; details: string | null };
