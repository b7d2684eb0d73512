// The one way a schema declares a text field: a string that holds plain text
// (text.ts), so every form refuses NUL and other control characters with the
// same message next to the field, before anything reaches the database.
import { z } from "zod";

import { isPlainText, TEXT_MESSAGES, type TextKind } from "#app/models/text.ts";

// Every form schema is built from this module. Zod would otherwise probe for
// `new Function` (to compile faster checks), which our Content-Security-Policy
// refuses and reports as a violation on every page with a form.
z.config({ jitless: true });

type TextFieldOptions = {
  /** The message when the field is missing (not a string). */
  required?: string;
  /** Newlines and tabs are allowed in multi-line fields (textareas). */
  kind?: TextKind;
  /** The message for a control character, when the generic one would puzzle (hidden fields). */
  control?: string;
};

/** A string field that refuses control characters; chain trim, min and max as usual. */
export function textField({ required, kind = "single-line", control }: TextFieldOptions = {}) {
  const base = required === undefined ? z.string() : z.string({ error: required });
  return base.refine((value) => isPlainText(value, kind), control ?? TEXT_MESSAGES.control);
}

/**
 * A text field that must hold something: `message` when it is missing or empty (after
 * trimming, unless `trim` is false, as for passwords).
 */
export function filledText(
  message: string,
  { trim = true, ...options }: Omit<TextFieldOptions, "required"> & { trim?: boolean } = {},
) {
  const field = textField({ ...options, required: message });
  return (trim ? field.trim() : field).min(1, message);
}
