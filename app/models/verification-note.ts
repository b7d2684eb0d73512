// The note a seller's "Verified" badge opens (DESIGN decision 23): when Carlot verified
// them and what it checked. Visitors' pages show it; the admin's side is verification.ts.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { dateLocaleOf } from "#app/models/dates.ts";
import { english } from "#app/i18n/message-format.ts";

export const VERIFICATION_CHECKS = ["identity", "phone", "business", "in_person"] as const;
export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number];

/** How the badge's note names each check. */
const CHECK_NOTE: Record<VerificationCheck, string> = {
  identity: msg("identity document"),
  phone: msg("phone"),
  business: msg("business registration"),
  in_person: msg("in person"),
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

/** "Verified by Carlot on 3 March 2026: identity document, phone" (the site's name), in the reader's words. */
export function verificationNoteText(
  note: VerificationNote | null | undefined,
  siteName: string,
  /** The locale of the date: dateLocaleOf(site's locale, page's language). */
  locale = "en-US",
  t: Translate = english,
): string {
  if (!note) return t("Verified by {site}.", { site: siteName });
  const checks = VERIFICATION_CHECKS.filter((check) => note.checks.includes(check)).map((check) =>
    t(CHECK_NOTE[check]),
  );
  const date = noteDate(locale).format(new Date(note.at));
  return checks.length > 0
    ? t("Verified by {site} on {date}: {checks}", {
        site: siteName,
        date,
        checks: checks.join(t(", ")),
      })
    : t("Verified by {site} on {date}", { site: siteName, date });
}
