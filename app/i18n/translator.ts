// Turning a message into the reader's words (decision 020). Messages are keyed by
// their English text (the spec's texts stay in the code where they are used), and
// written in ICU MessageFormat: "{count, plural, one {# car} other {# cars}}". Lingui's
// runtime formats the compiled messages; the server compiles the catalogues once.
// Client-safe.
import { setupI18n, type Messages } from "@lingui/core";

import { DEFAULT_LANGUAGE, directionOf, type PageLanguage } from "./languages.ts";

export type { Messages };
export type MessageValues = Record<string, unknown>;
/** A message's English text (its key) and its values → the reader's words. */
export type Translate = (message: string, values?: MessageValues) => string;

export type Translator = {
  language: PageLanguage;
  dir: "ltr" | "rtl";
  t: Translate;
};

/**
 * Marks an English message that is used later, where `t` cannot see its text (a
 * schema's error, a label in a table of choices): the extractor collects it, and the
 * component that shows it translates it with `t(value)`.
 */
export function msg<const M extends string>(message: M): M {
  return message;
}

/**
 * A translator over `messages` (key → compiled message). A key that is not there is
 * its own English text (with its values filled in, when the English was sent compiled).
 */
export function translatorOf(language: PageLanguage, messages: Messages): Translator {
  const i18n = setupI18n({
    // Plural rules and number formats of the pseudo-language are English ones.
    locale: language === "en-XA" ? DEFAULT_LANGUAGE : language,
    messages: { [language === "en-XA" ? DEFAULT_LANGUAGE : language]: messages },
    missing: (_locale, id) => id,
  });
  return {
    language,
    dir: directionOf(language),
    t: (message, values) => (values ? i18n._(message, values) : i18n._(message)),
  };
}

export const ENGLISH: Translator = translatorOf(DEFAULT_LANGUAGE, {});
