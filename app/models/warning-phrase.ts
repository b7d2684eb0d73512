// The admins' warning words (issue 27), shared by client and server: what each kind of
// warning is about, and the forms that add and remove a phrase. Client-safe.
import { z } from "zod";

import { msg } from "#app/i18n/translator.ts";
import { WARNING_KINDS, WARNING_PHRASE_MAX, type WarningKind } from "#app/models/conversation.ts";
import { textField } from "#app/models/text-field.ts";

/** Each kind of warning, named for the admins' list. */
export const WARNING_KIND_LABEL: Record<WarningKind, string> = {
  deposit: msg("A deposit or payment before a viewing"),
  "gift-card": msg("Gift cards"),
  transfer: msg("Wire transfers, money-transfer services, crypto"),
  shipping: msg("A courier or shipping the car"),
  "pay-link": msg("Paying through a link or another site"),
  code: msg("Asking for a code"),
};

export const WARNING_PHRASE_MESSAGES = {
  phraseRequired: msg("Write a word or a phrase of at least 2 characters."),
  phraseTooLong: msg("Keep a phrase within 60 characters."),
  kindRequired: msg("Choose which warning it calls for."),
  taken: msg("“{phrase}” is already on the list, under “{kind}”."),
  added: msg("“{phrase}” added"),
  removed: msg("“{phrase}” removed"),
  gone: msg("That phrase is no longer on the list."),
  restored: msg(
    "{count, plural, one {# built-in phrase restored} other {# built-in phrases restored}}",
  ),
  nothingToRestore: msg("Every built-in phrase is already on the list."),
  unknown: msg("That button is not known here. Reload the page and try again."),
} as const;

/** A phrase as it is kept and matched: NFKC, lower-case, single spaces. */
export const normalPhrase = (text: string) =>
  text.normalize("NFKC").toLocaleLowerCase().trim().replace(/\s+/g, " ");

export const addWarningPhraseSchema = z.object({
  kind: z.enum(WARNING_KINDS, { error: WARNING_PHRASE_MESSAGES.kindRequired }),
  // Measured as it is kept: normalising can shorten ("e" + accent) or lengthen a phrase.
  phrase: textField({ required: WARNING_PHRASE_MESSAGES.phraseRequired })
    .transform(normalPhrase)
    .pipe(
      z
        .string()
        .min(2, WARNING_PHRASE_MESSAGES.phraseRequired)
        .max(WARNING_PHRASE_MAX, WARNING_PHRASE_MESSAGES.phraseTooLong),
    ),
});

export const warningPhraseIdSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
