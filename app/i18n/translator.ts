// Turning a message into the reader's words (decision 020). Messages are keyed by
// their English text (the spec's texts stay in the code where they are used), and
// written in ICU MessageFormat: "{count, plural, one {# car} other {# cars}}". Lingui's
// runtime formats the compiled messages; the server compiles the catalogues once.
// Client-safe.
import { setupI18n, type Messages } from "@lingui/core";

import { english } from "./english.ts";
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
 * its own English text, with its values put in (`english`).
 */
/**
 * The locale Lingui formats with: the pseudo-language's rules are English ones, and
 * Arabic writes Western digits everywhere, as the prices and dates beside them do (and
 * as every browser then agrees with the server).
 */
const LINGUI_LOCALE: Partial<Record<PageLanguage, string>> = {
  "en-XA": DEFAULT_LANGUAGE,
  ar: "ar-u-nu-latn",
};

export function translatorOf(language: PageLanguage, messages: Messages): Translator {
  const locale = LINGUI_LOCALE[language] ?? language;
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return {
    language,
    dir: directionOf(language),
    t: (message, values) =>
      Object.hasOwn(messages, message) ? i18n._(message, values) : english(message, values),
  };
}

export const ENGLISH: Translator = translatorOf(DEFAULT_LANGUAGE, {});
