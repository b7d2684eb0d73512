// The catalogue (decision 020): every message of every language, checked once per
// process, and what a page is sent of it — its parts' ICU texts, in its language. English
// messages are their own keys, so an English page is sent none.
import { LANGUAGES, PSEUDO_LANGUAGE, type PageLanguage } from "./languages.ts";
import { partsOf, type Part } from "./message-format.ts";
import { CATALOGUES } from "./messages/index.ts";
import type { Namespace, PageNamespace } from "./namespaces.ts";
import { translatorOf, type Messages, type Translator } from "./translator.ts";

type Texts = Record<string, string>;

let checkedCatalogue: Map<PageLanguage, Record<Namespace, Texts>> | null = null;

/** Every language's texts by part; a text that does not parse stops the process here. */
function catalogue(): Map<PageLanguage, Record<Namespace, Texts>> {
  if (checkedCatalogue) return checkedCatalogue;
  const all = new Map<PageLanguage, Record<Namespace, Texts>>();
  for (const language of LANGUAGES) {
    const parts = {} as Record<Namespace, Texts>;
    for (const [namespace, texts] of Object.entries(CATALOGUES[language])) {
      const part: Texts = {};
      for (const [key, text] of Object.entries(texts)) {
        // A message not yet written in a language is shown in English.
        if (language !== "en" && text === "") continue;
        part[key] = language === "en" ? key : text;
        partsOf(part[key]);
      }
      parts[namespace as Namespace] = part;
    }
    all.set(language, parts);
  }
  all.set(PSEUDO_LANGUAGE, pseudoOf(all.get("en")!));
  checkedCatalogue = all;
  return all;
}

const sentCache = new Map<string, Messages>();
const NO_MESSAGES: Messages = Object.freeze({});

/** The messages a page in `language` is sent for `namespaces`. */
export function messagesFor(
  language: PageLanguage,
  namespaces: readonly PageNamespace[],
): Messages {
  // English messages are their own keys: the browser writes them (message-format.ts)
  // from their own text, so an English page is sent none.
  if (language === "en") return NO_MESSAGES;
  const cacheKey = `${language}:${namespaces.join(",")}`;
  const cached = sentCache.get(cacheKey);
  if (cached) return cached;
  const parts = catalogue().get(language)!;
  const messages: Texts = {};
  for (const namespace of namespaces) Object.assign(messages, parts[namespace]);
  sentCache.set(cacheKey, messages);
  return messages;
}

const serverTranslators = new Map<PageLanguage, Translator>();

/** Every message in `language`: for mail and for words the server writes itself. */
export function serverTranslator(language: PageLanguage): Translator {
  const cached = serverTranslators.get(language);
  if (cached) return cached;
  const parts = catalogue().get(language)!;
  const messages: Texts = Object.assign({}, ...Object.values(parts));
  const translator = translatorOf(language, messages);
  serverTranslators.set(language, translator);
  return translator;
}

// The pseudo-language: every letter of the English accented and each message in
// brackets, so a test sees at once any text that did not come through the catalogue.
// Only the message's own words are accented, never its arguments' names or selectors.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."aeiouycnsAEIOUYCNS"].map((letter, index) => [letter, "àéîöüýçñšÀÉÎÖÜÝÇÑŠ"[index]!]),
);

/** Words as ICU text: quotes doubled, braces (and `#` in a plural) quoted. */
function quoted(text: string, inPlural: boolean): string {
  return text.replace(/'/g, "''").replace(inPlural ? /[{}#]/g : /[{}]/g, (char) => `'${char}'`);
}

/** `parts` written back as ICU text, their words accented. */
export function pseudoText(parts: Part[], inPlural = false): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += quoted(
        part.replace(/[aeiouycnsAEIOUYCNS]/g, (letter) => ACCENTED[letter]!),
        inPlural,
      );
    } else if (part.kind === "count") out += "#";
    else if (part.kind === "value") out += `{${part.name}}`;
    else if (part.kind === "number") out += `{${part.name}, number}`;
    else {
      const plural = inPlural || part.kind === "plural";
      const cases = [...part.cases].map(
        ([selector, inner]) => `${selector} {${pseudoText(inner, plural)}}`,
      );
      out += `{${part.name}, ${part.kind}, ${cases.join(" ")}}`;
    }
  }
  return out;
}

function pseudoOf(english: Record<Namespace, Texts>): Record<Namespace, Texts> {
  const parts = {} as Record<Namespace, Texts>;
  for (const [namespace, messages] of Object.entries(english)) {
    const part: Texts = {};
    for (const key of Object.keys(messages)) part[key] = `⟦${pseudoText(partsOf(key))}⟧`;
    parts[namespace as Namespace] = part;
  }
  return parts;
}
