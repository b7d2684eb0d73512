// The note a seller's "Verified" badge opens (DESIGN decision 23): when Carlot verified
// them and what it checked. Visitors' pages show it; the admin's side is verification.ts.
import { dateLocaleOf } from "#app/models/dates.ts";

export const VERIFICATION_CHECKS = ["identity", "phone", "business", "in_person"] as const;
export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number];

/** How the badge's note names each check. */
const CHECK_NOTE: Record<VerificationCheck, string> = {
  identity: "identity document",
  phone: "phone",
  business: "business registration",
  in_person: "in person",
};

/** What the badge needs to explain itself; null when no details were recorded. */
export type VerificationNote = { at: string; checks: string[] };

const NOTE_DATE: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
};
const noteDates = new Map<string, Intl.DateTimeFormat>();

function noteDate(locale: string): Intl.DateTimeFormat {
  let format = noteDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocaleOf(locale), NOTE_DATE);
    noteDates.set(locale, format);
  }
  return format;
}

/** "Verified by Carlot on 3 March 2026: identity document, phone" (the site's name). */
export function verificationNoteText(
  note: VerificationNote | null | undefined,
  siteName: string,
  /** The site's locale (dates as dateLocaleOf says). */
  locale = "en-US",
): string {
  if (!note) return `Verified by ${siteName}.`;
  const checks = VERIFICATION_CHECKS.filter((check) => note.checks.includes(check)).map(
    (check) => CHECK_NOTE[check],
  );
  const date = noteDate(locale).format(new Date(note.at));
  return checks.length > 0
    ? `Verified by ${siteName} on ${date}: ${checks.join(", ")}`
    : `Verified by ${siteName} on ${date}`;
}
