// A message's words in a language (decision 020): the ICU MessageFormat the catalogue is
// written in — `{name}`, `{n, number}`, `{n, plural, =0 {…} one {# …} other {…}}`,
// `{k, select, … other {…}}`, quoting with `'` — with its values put in, as Lingui writes
// it (tests/unit/message-parity.test.ts holds every catalogue message in every language to
// that). Plural rules and numbers are the locale's own, from `Intl`. English needs no
// catalogue: `english` writes a message from its own text, and the models' functions that
// word something take the reader's `t` last and default to it. Client-safe and small.
import type { MessageValues, Translate } from "./translator.ts";

/** The index of the `}` that closes the `{` at `open`. */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let at = open; at < message.length; at++) {
    const char = message[at];
    const next = message[at + 1];
    if (char === "'" && next === "'") at++;
    else if (char === "'" && (next === "{" || next === "}" || next === "#")) {
      // A quoted stretch: skip to the quote that ends it.
      at = message.indexOf("'", at + 1);
      if (at === -1) break;
    } else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return at;
  }
  throw new Error(`Unbalanced braces in ${JSON.stringify(message)}`);
}

/** The `selector {message}` cases of a plural or select. */
function casesOf(body: string): Map<string, string> {
  const cases = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf("{", at);
    if (open === -1) break;
    const selector = body.slice(at, open).trim();
    const close = closing(body, open);
    cases.set(selector, body.slice(open + 1, close));
    at = close + 1;
  }
  return cases;
}

/**
 * A message taken apart once: text, and the places values go. `#` (the plural's number)
 * and the quoting of `#` only mean something inside a plural.
 */
type Part =
  | string
  | { kind: "value"; name: string }
  | { kind: "number"; name: string }
  | { kind: "count" }
  | { kind: "select" | "plural"; name: string; cases: Map<string, Part[]> };

function parse(message: string, inPlural: boolean): Part[] {
  const parts: Part[] = [];
  let text = "";
  for (let at = 0; at < message.length; at++) {
    const char = message[at]!;
    const next = message[at + 1];
    if (char === "'" && next === "'") {
      text += "'";
      at++;
    } else if (char === "'" && (next === "{" || next === "}" || (next === "#" && inPlural))) {
      const end = message.indexOf("'", at + 1);
      text += message.slice(at + 1, end === -1 ? undefined : end);
      at = end === -1 ? message.length : end;
    } else if (char === "#" && inPlural) {
      if (text) parts.push(text);
      text = "";
      parts.push({ kind: "count" });
    } else if (char === "{") {
      if (text) parts.push(text);
      text = "";
      const close = closing(message, at);
      parts.push(argument(message.slice(at + 1, close), inPlural));
      at = close;
    } else {
      text += char;
    }
  }
  if (text) parts.push(text);
  return parts;
}

function argument(inside: string, inPlural: boolean): Part {
  const [name = "", type, ...rest] = inside.split(",");
  if (type === undefined) return { kind: "value", name: name.trim() };
  const kind = type.trim();
  if (kind === "number") return { kind: "number", name: name.trim() };
  if (kind !== "select" && kind !== "plural") {
    throw new Error(`Unknown argument type ${type} in {${inside}}`);
  }
  const cases = new Map<string, Part[]>();
  for (const [selector, text] of casesOf(rest.join(","))) {
    cases.set(selector, parse(text, kind === "plural" || inPlural));
  }
  return { kind, name: name.trim(), cases };
}

/** A locale's plural rules and number format. */
type Rules = { plurals: Intl.PluralRules; numbers: Intl.NumberFormat };

function put(parts: Part[], values: MessageValues, rules: Rules, count?: number): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if (part.kind === "count") out += rules.numbers.format(count!);
    else {
      const value = values[part.name];
      if (part.kind === "value") out += value == null ? "" : String(value);
      else if (part.kind === "number") out += rules.numbers.format(Number(value));
      else if (part.kind === "select") {
        const chosen = part.cases.get(String(value)) ?? part.cases.get("other") ?? [];
        out += put(chosen, values, rules, count);
      } else {
        const n = Number(value);
        const chosen =
          part.cases.get(`=${n}`) ??
          part.cases.get(rules.plurals.select(n)) ??
          part.cases.get("other");
        out += put(chosen ?? [], values, rules, n);
      }
    }
  }
  return out;
}

/**
 * Messages taken apart, by their text: a page formats the same few dozen again and again
 * (a table's rows), and reading each one character by character every time cost a list
 * page about a twentieth of its rendering. Messages are the catalogue's texts (about 1,500
 * in each of four languages, the pseudo-language's counted), so this stays small; it starts
 * again should it ever pass its bound.
 */
const PARSED = new Map<string, Part[]>();
const PARSED_BOUND = 10_000;

/** `message`, taken apart (once): throws when its braces or an argument's type are wrong. */
export function partsOf(message: string): Part[] {
  let parts = PARSED.get(message);
  if (parts === undefined) {
    parts = parse(message, false);
    if (PARSED.size >= PARSED_BOUND) PARSED.clear();
    PARSED.set(message, parts);
  }
  return parts;
}

export type { Part };

const NO_VALUES: MessageValues = {};
const formatters = new Map<string, (message: string, values?: MessageValues) => string>();

/** Writes a message in `locale` (a BCP 47 tag `Intl` knows) with its values put in. */
export function formatterOf(locale: string): (message: string, values?: MessageValues) => string {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    const rules = { plurals: new Intl.PluralRules(locale), numbers: new Intl.NumberFormat(locale) };
    formatter = (message, values) => put(partsOf(message), values ?? NO_VALUES, rules);
    formatters.set(locale, formatter);
  }
  return formatter;
}

const inEnglish = formatterOf("en");

/** The English `t`: a message's own text, with its values put in. */
export const english: Translate = (message, values) =>
  values ? inEnglish(message, values) : message;
