// What the site accepts as text (issue 23 "Text is text"): letters of any
// script, emoji, punctuation and, in multi-line fields, line breaks and tabs.
// Control characters (NUL, escape, backspace, DEL, the C1 range) and broken
// UTF-16 are refused with one message: PostgreSQL cannot store NUL at all, and
// the rest are invisible in every page and email that would show them.
// Zod-free so pages that check text by hand do not load zod; the schemas use
// text-field.ts, which builds on this.
import { msg } from "#app/i18n/translator.ts";

export const TEXT_MESSAGES = {
  control: msg(
    "This text has an invisible control character in it. Delete it, or type the text instead of pasting it.",
  ),
} as const;

/**
 * C0 controls, DEL, C1 controls and lone surrogates (\p{Cs} in a /u pattern
 * matches only halves without their pair; String#isWellFormed is too new for
 * some browsers that run these checks). Format characters (bidi marks,
 * joiners) are text.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- the same, less newline and tab
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Cs}/u;

export type TextKind = "single-line" | "multi-line";

/**
 * Whether `value` may be stored as text of this kind. Multi-line text keeps
 * newline, tab and the CR of a CRLF pair (browsers send textarea line breaks as
 * CRLF); a CR on its own is refused.
 */
export function isPlainText(value: string, kind: TextKind = "single-line"): boolean {
  if (kind === "single-line") return !CONTROL.test(value);
  return !CONTROL_EXCEPT_LINES.test(value.replaceAll("\r\n", "\n"));
}
