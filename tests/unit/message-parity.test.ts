// Pages and mail write messages with message-format.ts, from the catalogue's ICU texts
// (English from the message's own text, which is why an English page is sent none). This
// holds it to Lingui's runtime, which formats ICU MessageFormat from its compiled form and
// which Carlot used until the browser's first-load JavaScript had to lose its 1.9 kB:
// every message of every language (the pseudo-language's made from the English as Lingui
// made it) with plain, numeric, plural and select values.
import { setupI18n } from "@lingui/core";
import {
  compileMessage,
  compileMessageOrThrow,
  type CompiledMessage,
} from "@lingui/message-utils/compileMessage";
import { describe, expect, test } from "vitest";

import { pseudoText } from "#app/i18n/catalog.server.ts";
import {
  LANGUAGES,
  PSEUDO_LANGUAGE,
  type Language,
  type PageLanguage,
} from "#app/i18n/languages.ts";
import { english, partsOf } from "#app/i18n/message-format.ts";
import { CATALOGUES } from "#app/i18n/messages/index.ts";
import { translatorOf, type Translate } from "#app/i18n/translator.ts";

type Argument = { name: string; kind: "plain" | "plural" | "select" | "number"; cases: string[] };

/** Every argument a compiled message names, with the cases of its plurals and selects. */
function argumentsOf(message: CompiledMessage | string, found = new Map<string, Argument>()) {
  if (!Array.isArray(message)) return [...found.values()];
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, kind, cases] = token as [
      string,
      string?,
      Record<string, CompiledMessage | string>?,
    ];
    const known = found.get(name);
    const entry: Argument = known ?? {
      name,
      kind: (kind as Argument["kind"] | undefined) ?? "plain",
      cases: [],
    };
    if (kind && kind !== "plain") entry.kind = kind as Argument["kind"];
    for (const [selector, inner] of Object.entries(cases ?? {})) {
      entry.cases.push(selector);
      argumentsOf(inner, found);
    }
    found.set(name, entry);
  }
  return [...found.values()];
}

/** The values each argument is tried with. */
function samplesOf(argument: Argument): unknown[] {
  switch (argument.kind) {
    case "plural":
    case "number":
      return [0, 1, 2, 3, 7, 11, 100, 1234, 1.5];
    case "select":
      return [...argument.cases.filter((value) => value !== "other"), "something-else"];
    default:
      return ["Ford <Focus> & ‘co’", 3, 12345];
  }
}

/** Every combination of the arguments' samples (each message names a few at most). */
function combinations(args: Argument[]): Record<string, unknown>[] {
  let all: Record<string, unknown>[] = [{}];
  for (const argument of args) {
    all = all.flatMap((values) =>
      samplesOf(argument).map((sample) => ({ ...values, [argument.name]: sample })),
    );
  }
  return all.slice(0, 400);
}

/** The locale Lingui wrote each language in (Arabic with Western digits). */
const LINGUI_LOCALE: Record<PageLanguage, string> = {
  en: "en",
  es: "es",
  ar: "ar-u-nu-latn",
  [PSEUDO_LANGUAGE]: "en",
};

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."aeiouycnsAEIOUYCNS"].map((letter, index) => [letter, "àéîöüýçñšÀÉÎÖÜÝÇÑŠ"[index]!]),
);
/** The pseudo-language as it was made with Lingui: the English compiled, its words accented. */
function linguiPseudo(key: string): CompiledMessage {
  const accent = (text: string) => text.replace(/[aeiouycnsAEIOUYCNS]/g, (c) => ACCENTED[c]!);
  return ["⟦", ...compileMessage(key, accent), "⟧"];
}

/** What we write a message from in `language`: its text, or the pseudo-language's made from the key. */
function ourText(language: PageLanguage, key: string, text: string): string {
  return language === PSEUDO_LANGUAGE ? `⟦${pseudoText(partsOf(key))}⟧` : text;
}

/** The mismatches between Lingui and us for one message in one language. */
function mismatchesOf(
  language: PageLanguage,
  key: string,
  text: string,
  ours: Translate = language === "en"
    ? english
    : translatorOf(language, { [key]: ourText(language, key, text) }).t,
): string[] {
  const compiled = language === PSEUDO_LANGUAGE ? linguiPseudo(key) : compileMessageOrThrow(text);
  const locale = LINGUI_LOCALE[language];
  const lingui = setupI18n({ locale, messages: { [locale]: { [key]: compiled } } });
  const found: string[] = [];
  for (const values of combinations(argumentsOf(compileMessageOrThrow(key)))) {
    const wanted = lingui._(key, values);
    const written = ours(key, values);
    if (written !== wanted) found.push(`${key} ${JSON.stringify(values)}: ${written} ≠ ${wanted}`);
  }
  return found;
}

const cases = ([...LANGUAGES, PSEUDO_LANGUAGE] as PageLanguage[]).flatMap((language) =>
  Object.keys(CATALOGUES.en).map((namespace): [PageLanguage, string] => [language, namespace]),
);

describe("messages written as Lingui writes them", () => {
  test.each(cases)("every %s message of %s", (language: PageLanguage, namespace: string) => {
    const source: Language = language === PSEUDO_LANGUAGE ? "en" : language;
    const texts = (CATALOGUES[source] as Record<string, Record<string, string>>)[namespace]!;
    const mismatches: string[] = [];
    let checked = 0;
    for (const [key, text] of Object.entries(texts)) {
      if (source !== "en" && text === "") continue;
      mismatches.push(...mismatchesOf(language, key, source === "en" ? key : text));
      checked++;
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  test("a wrong plural rule is found", () => {
    const key = "{count, plural, one {# car} other {# cars}}";
    const arabic =
      "{count, plural, zero {لا سيارات} one {سيارة واحدة} two {سيارتان} few {# سيارات} many {# سيارة} other {# سيارة}}";
    expect(mismatchesOf("ar", key, arabic, translatorOf("ar", { [key]: arabic }).t)).toEqual([]);
    expect(mismatchesOf("ar", key, arabic, translatorOf("es", { [key]: arabic }).t)).not.toEqual(
      [],
    );
  });
});
