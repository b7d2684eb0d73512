// A message's English words when no translator is at hand (decision 020): the models'
// functions that word something at run time take the reader's `t` last and default to
// this, so tests and callers not yet given a `t` keep the English they always had. It
// formats the ICU MessageFormat the models use — `{name}`, `{n, plural, =0 {…} one {# …}
// other {…}}`, `{k, select, … other {…}}`, quoting with `'` — as Lingui formats English.
// Client-safe and small.
import type { MessageValues, Translate } from "./translator.ts";

const PLURALS = new Intl.PluralRules("en");
const NUMBERS = new Intl.NumberFormat("en");

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

function put(parts: Part[], values: MessageValues, count: number | undefined): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if (part.kind === "count") out += NUMBERS.format(count!);
    else {
      const value = values[part.name];
      if (part.kind === "value") out += value == null ? "" : String(value);
      else if (part.kind === "number") out += NUMBERS.format(Number(value));
      else if (part.kind === "select") {
        out += put(part.cases.get(String(value)) ?? part.cases.get("other") ?? [], values, count);
      } else {
        const n = Number(value);
        const chosen =
          part.cases.get(`=${n}`) ?? part.cases.get(PLURALS.select(n)) ?? part.cases.get("other");
        out += put(chosen ?? [], values, n);
      }
    }
  }
  return out;
}

/**
 * Messages taken apart, by their text: a page formats the same few dozen again and again
 * (a table's rows), and reading each one character by character every time cost a list
 * page about a twentieth of its rendering. Messages are the code's own texts, so this
 * stays small; it starts again should it ever pass its bound.
 */
const PARSED = new Map<string, Part[]>();
const PARSED_BOUND = 5000;

/** `message` with `values` put in. */
function format(message: string, values: MessageValues): string {
  let parts = PARSED.get(message);
  if (parts === undefined) {
    parts = parse(message, false);
    if (PARSED.size >= PARSED_BOUND) PARSED.clear();
    PARSED.set(message, parts);
  }
  return put(parts, values, undefined);
}

/** The English `t`: a message's own text, with its values put in. */
export const english: Translate = (message, values) => (values ? format(message, values) : message);
