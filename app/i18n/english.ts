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

function argument(inside: string, values: MessageValues, count: number | undefined): string {
  const [name = "", type, ...rest] = inside.split(",");
  const value = values[name.trim()];
  if (type === undefined) return value == null ? "" : String(value);
  const cases = casesOf(rest.join(","));
  if (type.trim() === "select") {
    return format(cases.get(String(value)) ?? cases.get("other") ?? "", values, count);
  }
  if (type.trim() === "plural") {
    const n = Number(value);
    const chosen = cases.get(`=${n}`) ?? cases.get(PLURALS.select(n)) ?? cases.get("other") ?? "";
    return format(chosen, values, n);
  }
  if (type.trim() === "number") return NUMBERS.format(Number(value));
  throw new Error(`Unknown argument type ${type} in {${inside}}`);
}

/** `message` with `values` put in; `count` is the number `#` stands for inside a plural. */
function format(message: string, values: MessageValues, count?: number): string {
  let out = "";
  for (let at = 0; at < message.length; at++) {
    const char = message[at]!;
    const next = message[at + 1];
    if (char === "'" && next === "'") {
      out += "'";
      at++;
    } else if (
      char === "'" &&
      (next === "{" || next === "}" || (next === "#" && count !== undefined))
    ) {
      const end = message.indexOf("'", at + 1);
      out += message.slice(at + 1, end === -1 ? undefined : end);
      at = end === -1 ? message.length : end;
    } else if (char === "#" && count !== undefined) {
      out += NUMBERS.format(count);
    } else if (char === "{") {
      const close = closing(message, at);
      out += argument(message.slice(at + 1, close), values, count);
      at = close;
    } else {
      out += char;
    }
  }
  return out;
}

/** The English `t`: a message's own text, with its values put in. */
export const english: Translate = (message, values) => (values ? format(message, values) : message);
