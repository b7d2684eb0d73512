// The one way actions read a submitted form. Bodies that are not a web form, or
// that cannot be parsed, become a 415 or 400 with a plain sentence instead of an
// exception deep inside the action (a 500). Every action calls this first.
// Conform forms then go through parseSubmission, which hands values back in the
// schema's shape.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";

import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/services/words.server.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const FORM_ERRORS = {
  mediaType: msg("This address only accepts forms sent from its own page."),
  unreadable: msg("The form could not be read. Please reload the page and try again."),
} as const;

/** The media type of a request body, lower-cased, without parameters. */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The request's form fields. Throws a 415 response for any other kind of body and
 * a 400 response for a form that does not parse (a multipart body without its
 * boundary, a truncated upload), in `t`'s words (the request's: translatorFor).
 */
export async function readForm(request: Request, t: Translate = english): Promise<FormData> {
  if (!FORM_TYPES.has(mediaTypeOf(request))) {
    throw data(t(FORM_ERRORS.mediaType), { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data(t(FORM_ERRORS.unreadable), { status: 400 });
  }
}

type Shape = Record<string, { _zod: { def: unknown } }>;
type Def = {
  type: string;
  innerType?: { _zod: { def: unknown } };
  in?: { _zod: { def: unknown } };
};

/** Whether a schema field holds a list, looking through optional, default and pipes. */
function isListField(field: { _zod: { def: unknown } }): boolean {
  let def = field._zod.def as Def;
  for (;;) {
    const inner = def.innerType ?? def.in;
    if (def.type === "array") return true;
    if (!inner) return false;
    def = inner._zod.def as Def;
  }
}

/**
 * A form's values in the shape its page renders: one string for a single field
 * (the first, when a field came twice) and a list for a list field (a form with
 * one photo sends its `photoOrder` as one value). Fields the schema does not
 * know are left as they came.
 */
export function inSchemaShape(
  schema: { shape: Shape },
  values: Record<string, unknown>,
): Record<string, unknown> {
  const shaped: Record<string, unknown> = { ...values };
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = values[name];
    if (value === undefined) continue;
    if (isListField(field)) shaped[name] = Array.isArray(value) ? value : [value];
    else if (Array.isArray(value)) shaped[name] = value[0];
  }
  return shaped;
}

/**
 * Checks a form with its schema (Conform). The values its replies send back to
 * the page are in the schema's shape, so a repeated or single value never
 * reaches a component that expects the other.
 */
export function parseSubmission<Schema extends z.ZodObject>(form: FormData, schema: Schema) {
  const submission = parseWithZod(form, { schema });
  const reply: typeof submission.reply = (options) => {
    const result = submission.reply(options);
    const initialValue = result.initialValue && inSchemaShape(schema, result.initialValue);
    return { ...result, initialValue } as typeof result;
  };
  return { ...submission, reply };
}
