// The one way actions read a submitted form. Bodies that are not a web form, or
// that cannot be parsed, become a 415 or 400 with a plain sentence instead of an
// exception deep inside the action (a 500). Every action calls this first.
import { data } from "react-router";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const FORM_ERRORS = {
  mediaType: "This address only accepts forms sent from its own page.",
  unreadable: "The form could not be read. Please reload the page and try again.",
} as const;

/** The media type of a request body, lower-cased, without parameters. */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The request's form fields. Throws a 415 response for any other kind of body and
 * a 400 response for a form that does not parse (a multipart body without its
 * boundary, a truncated upload).
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.has(mediaTypeOf(request))) {
    throw data(FORM_ERRORS.mediaType, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data(FORM_ERRORS.unreadable, { status: 400 });
  }
}
