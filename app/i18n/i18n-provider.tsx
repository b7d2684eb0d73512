// Pages' words in React: the root Layout gathers the messages the matched routes'
// loaders sent (each route sends its part of the catalogue, in the page's language)
// and every component below reads them with `useT()`. Client-safe.
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";

import type { PageLanguage } from "./languages.ts";
import {
  ENGLISH,
  translatorOf,
  type Messages,
  type Translate,
  type Translator,
} from "./translator.ts";

const TranslatorContext = createContext<Translator>(ENGLISH);

/** What a loader adds to its data so its page can speak: the language and its messages. */
export type PageWords = { language: PageLanguage; messages: Messages };

/** The words the matched routes' loaders sent, in one table (null when none did). */
function wordsOfMatches(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
): PageWords | null {
  const found: PageWords[] = [];
  for (const match of matches) {
    const words = (match?.loaderData as { words?: PageWords } | undefined)?.words;
    if (words) found.push(words);
  }
  const [first] = found;
  if (!first) return null;
  return found.length === 1 ? first : merged(found);
}

type MergeCache = WeakMap<Messages, { words?: PageWords; next: MergeCache }>;
const mergeCache: MergeCache = new WeakMap();

/**
 * One table per list of message objects (each route's is kept until its loader runs
 * again), so a render that finds the same ones gets the same table and translator.
 */
function merged(found: PageWords[]): PageWords {
  let level = mergeCache;
  let entry: { words?: PageWords; next: MergeCache } | undefined;
  for (const words of found) {
    entry = level.get(words.messages);
    if (!entry) level.set(words.messages, (entry = { next: new WeakMap() }));
    level = entry.next;
  }
  entry!.words ??= {
    language: found[0]!.language,
    messages: Object.assign({}, ...found.map((words) => words.messages)),
  };
  return entry!.words;
}

/** The page's translator, from the words its routes' loaders sent (for the root Layout). */
export function usePageTranslator(): Translator {
  const words = wordsOfMatches(useMatches());
  return useMemo(() => (words ? translatorOf(words.language, words.messages) : ENGLISH), [words]);
}

export function I18nProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

export function useTranslator(): Translator {
  return useContext(TranslatorContext);
}

/** The page's `t`: `t("Sell Your Car")`, `t("{count, plural, one {# car} other {# cars}}", { count })`. */
export function useT(): Translate {
  return useContext(TranslatorContext).t;
}

/** For `meta` functions, which have the matches' data but no React context. */
export function translatorOfMatches(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
): Translator {
  const words = wordsOfMatches(matches);
  return words ? translatorOf(words.language, words.messages) : ENGLISH;
}

/**
 * A message with parts that are elements: `<Rich message="Read our {terms}" values={{ terms: <a…/> }} />`.
 * The words are translated whole (translators may move the parts), then the elements
 * are put in their places; strings and numbers are plain values (plurals work).
 */
export function Rich({ message, values }: { message: string; values: Record<string, ReactNode> }) {
  const t = useT();
  const elements: ReactNode[] = [];
  const formatted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string" || typeof value === "number") formatted[name] = value;
    else formatted[name] = `\u0000${elements.push(value) - 1}\u0000`;
  }
  return t(message, formatted)
    .split("\u0000")
    .map((piece, index) =>
      index % 2 === 0 ? piece : <Fragment key={index}>{elements[Number(piece)]}</Fragment>,
    );
}
