// The hidden field that carries a form's one-time token (app/services/form-token.server.ts).
import { msg } from "#app/i18n/translator.ts";

export const FORM_TOKEN_FIELD = "formToken";

export const FORM_TOKEN_MESSAGES = {
  expired: msg(
    "This form was open for too long, so we could not be sure it was sent only once. Check your details and send it again.",
  ),
} as const;
