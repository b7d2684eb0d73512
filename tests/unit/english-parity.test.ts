// English pages are sent no messages (catalog.server.ts messagesFor): the browser writes
// every English message with english.ts from the message's own text. That is right only
// while english.ts writes each one exactly as Lingui writes its compiled form, which the
// server uses for mail and for the other languages' fallbacks. This checks every English
// message of the catalogue with plain, numeric, plural and select values.
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, test } from "vitest";

import { english } from "#app/i18n/english.ts";
import { CATALOGUES } from "#app/i18n/messages/index.ts";
import { translatorOf } from "#app/i18n/translator.ts";

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
      return [0, 1, 2, 7, 1234];
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

describe("English written from the message's own text", () => {
  const parts = Object.entries(CATALOGUES.en as Record<string, Record<string, string>>);
  test.each(parts)("every %s message is what Lingui writes", (_, messages) => {
    const mismatches: string[] = [];
    for (const key of Object.keys(messages)) {
      const compiled = compileMessageOrThrow(key);
      const lingui = translatorOf("en", { [key]: compiled });
      for (const values of combinations(argumentsOf(compiled))) {
        const wanted = lingui.t(key, values);
        const written = english(key, values);
        if (written !== wanted) {
          mismatches.push(`${key} ${JSON.stringify(values)}: ${written} ≠ ${wanted}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
