// Turning a message into the reader's words (decision 020). Messages are keyed by
// their English text (the spec's texts stay in the code where they are used), and
// written in ICU MessageFormat: "{count, plural, one {# car} other {# cars}}".
// message-format.ts writes them in the page's language. Client-safe.
import { DEFAULT_LANGUAGE, directionOf, type PageLanguage } from "./languages.ts";
import { english, formatterOf } from "./message-format.ts";

/** A page's messages: each key (the English text) → its ICU text in the page's language. */
export type Messages = Readonly<Record<string, string>>;
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
 * The locale messages are written in: the pseudo-language's rules are English ones, and
 * Arabic writes Western digits everywhere, as the prices and dates beside them do (and
 * as every browser then agrees with the server).
 */
const FORMAT_LOCALE: Partial<Record<PageLanguage, string>> = {
  "en-XA": DEFAULT_LANGUAGE,
  ar: "ar-u-nu-latn",
};

/**
 * A translator over `messages`. A key that is not there is its own English text, with
 * its values put in (`english`).
 */
export function translatorOf(language: PageLanguage, messages: Messages): Translator {
  const format = formatterOf(FORMAT_LOCALE[language] ?? language);
  return {
    language,
    dir: directionOf(language),
    t: (message, values) =>
      Object.hasOwn(messages, message)
        ? format(messages[message]!, values)
        : english(message, values),
  };
}

export const ENGLISH: Translator = translatorOf(DEFAULT_LANGUAGE, {});
