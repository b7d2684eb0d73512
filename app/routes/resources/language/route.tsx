// POST /language: the language switcher (decision 020). Keeps the choice in the `lang`
// cookie and, for a signed-in person, on their account (pages and mail follow it),
// then goes back to the page the switcher was on, with its filters. Works without
// JavaScript: the switcher is a plain form.
import { data, redirect } from "react-router";

import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from "#app/i18n/languages.ts";
import { translatorFor } from "#app/i18n/language.server.ts";
import { saveLanguage } from "#app/models/user.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { forgetSessions, getSessionUser, safeRedirectTo } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export async function action({ context, request }: Route.ActionArgs) {
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const language = form.get("language");
  if (!isLanguage(language)) {
    return data({ error: t("Choose one of the languages.") }, { status: 400 });
  }
  const back = safeRedirectTo(form.get("redirectTo"));
  const { db, config } = servicesOf(context);
  const person = await getSessionUser(context, request);
  if (person) {
    await saveLanguage(db, person.id, language);
    // The remembered session carries the old language.
    forgetSessions(db, person.id);
  }
  const secure = config.secureCookies ? "; Secure" : "";
  return redirect(back, {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`,
    },
  });
}

export function loader() {
  // Choosing changes state, so it is a POST; a stray GET goes home.
  return redirect("/");
}
