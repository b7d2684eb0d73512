// The compiled catalogue (decision 020): every message of every language, compiled once
// per process, and what a page is sent of it — its parts, in its language. English
// messages are their own keys, so an English page is sent none.
import {
  compileMessage,
  compileMessageOrThrow,
  type CompiledMessage,
} from "@lingui/message-utils/compileMessage";

import { LANGUAGES, PSEUDO_LANGUAGE, type PageLanguage } from "./languages.ts";
import { CATALOGUES } from "./messages/index.ts";
import type { Namespace, PageNamespace } from "./namespaces.ts";
import { translatorOf, type Messages, type Translator } from "./translator.ts";

type Compiled = Record<string, CompiledMessage>;

let compiledCatalogue: Map<PageLanguage, Record<Namespace, Compiled>> | null = null;

function compiled(): Map<PageLanguage, Record<Namespace, Compiled>> {
  if (compiledCatalogue) return compiledCatalogue;
  const all = new Map<PageLanguage, Record<Namespace, Compiled>>();
  for (const language of LANGUAGES) {
    const parts = {} as Record<Namespace, Compiled>;
    for (const [namespace, texts] of Object.entries(CATALOGUES[language])) {
      const part: Compiled = {};
      for (const [key, text] of Object.entries(texts)) {
        // A message not yet written in a language is shown in English.
        if (language !== "en" && text === "") continue;
        part[key] = compileMessageOrThrow(language === "en" ? key : text);
      }
      parts[namespace as Namespace] = part;
    }
    all.set(language, parts);
  }
  all.set(PSEUDO_LANGUAGE, pseudoOf(all.get("en")!));
  compiledCatalogue = all;
  return all;
}

const sentCache = new Map<string, Messages>();
const NO_MESSAGES: Messages = Object.freeze({});

/** The messages a page in `language` is sent for `namespaces`. */
export function messagesFor(
  language: PageLanguage,
  namespaces: readonly PageNamespace[],
): Messages {
  // English messages are their own keys: the browser writes them (english.ts) as Lingui
  // does (tests/unit/english-parity.test.ts), so an English page is sent none.
  if (language === "en") return NO_MESSAGES;
  const cacheKey = `${language}:${namespaces.join(",")}`;
  const cached = sentCache.get(cacheKey);
  if (cached) return cached;
  const parts = compiled().get(language)!;
  const messages: Messages = {};
  for (const namespace of namespaces) {
    for (const [key, message] of Object.entries(parts[namespace])) {
      messages[key] = message;
    }
  }
  sentCache.set(cacheKey, messages);
  return messages;
}

const serverTranslators = new Map<PageLanguage, Translator>();

/** Every message in `language`: for mail and for words the server writes itself. */
export function serverTranslator(language: PageLanguage): Translator {
  const cached = serverTranslators.get(language);
  if (cached) return cached;
  const parts = compiled().get(language)!;
  const messages: Messages = Object.assign({}, ...Object.values(parts));
  const translator = translatorOf(language, messages);
  serverTranslators.set(language, translator);
  return translator;
}

// The pseudo-language: every letter of the English accented and each message in
// brackets, so a test sees at once any text that did not come through the catalogue.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."aeiouycnsAEIOUYCNS"].map((letter, index) => [letter, "àéîöüýçñšÀÉÎÖÜÝÇÑŠ"[index]!]),
);

function pseudoText(text: string): string {
  return text.replace(/[aeiouycnsAEIOUYCNS]/g, (letter) => ACCENTED[letter]!);
}

function pseudoOf(english: Record<Namespace, Compiled>): Record<Namespace, Compiled> {
  const parts = {} as Record<Namespace, Compiled>;
  for (const [namespace, messages] of Object.entries(english)) {
    const part: Compiled = {};
    for (const key of Object.keys(messages)) {
      part[key] = ["⟦", ...compileMessage(key, pseudoText), "⟧"];
    }
    parts[namespace as Namespace] = part;
  }
  return parts;
}
