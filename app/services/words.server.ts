// Words the server writes itself (decision 020), where no request says the language:
// in English by default, and in an email's recipient's language. Both format their
// values, as every catalogue message does (the key is the English text).
import { serverTranslator } from "#app/i18n/catalog.server.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#app/i18n/languages.ts";
import type { Translate, Translator } from "#app/i18n/translator.ts";

/** English words: the default of every function that writes them for someone. */
export const english: Translate = (message, values) =>
  serverTranslator(DEFAULT_LANGUAGE).t(message, values);

/**
 * The words of an email to someone: the language saved on their account, else the
 * site's default language.
 */
export function recipientWords(saved: unknown, siteDefault: Language): Translator {
  return serverTranslator(isLanguage(saved) ? saved : siteDefault);
}
