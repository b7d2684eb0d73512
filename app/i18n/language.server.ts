// Which language a request is answered in (decision 020), and the words its page is
// sent. The person's account wins, then the `lang` cookie, then Accept-Language, then
// the site's default language.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { getSiteSettings } from "#app/models/site.server.ts";
import { dbContext, sessionUserContext } from "#app/services/app-context.server.ts";

import { messagesFor, serverTranslator } from "./catalog.server.ts";
import type { PageWords } from "./i18n-provider.tsx";
import {
  languageFromAcceptLanguage,
  languageFromCookie,
  PSEUDO_LANGUAGE,
  type Language,
  type PageLanguage,
} from "./languages.ts";
import type { PageNamespace } from "./namespaces.ts";
import type { Translator } from "./translator.ts";

type Context = Readonly<RouterContextProvider>;

export const languageContext = createContext<PageLanguage>("en");

/** The tests' pseudo-language may be chosen only where CARLOT_PSEUDO_LOCALE=1. */
export function pseudoLanguageAllowed(): boolean {
  return process.env.CARLOT_PSEUDO_LOCALE === "1";
}

/** The language for a request, given the person's saved choice and the site's default. */
export function languageOfRequest(
  request: Request,
  saved: Language | null,
  siteDefault: Language,
): PageLanguage {
  const cookie = languageFromCookie(request.headers.get("cookie"), pseudoLanguageAllowed());
  if (cookie === PSEUDO_LANGUAGE) return cookie;
  return (
    saved ??
    cookie ??
    languageFromAcceptLanguage(request.headers.get("accept-language")) ??
    siteDefault
  );
}

/** Root middleware, after the session's: every loader and action knows the language. */
export const languageMiddleware: MiddlewareFunction<Response> = async (
  { context, request },
  next,
) => {
  const [user, settings] = await Promise.all([
    context.get(sessionUserContext),
    getSiteSettings(context.get(dbContext)),
  ]);
  const language = languageOfRequest(request, user?.language ?? null, settings.language);
  context.set(languageContext, language);
  const response = await next();
  // Pages differ by language: shared caches and browsers must keep them apart.
  if (!response.headers.has("Content-Language")) {
    response.headers.set("Content-Language", language === PSEUDO_LANGUAGE ? "en" : language);
  }
  response.headers.append("Vary", "Accept-Language, Cookie");
  return response;
};

export function languageOf(context: Context): PageLanguage {
  return context.get(languageContext);
}

/** What a route's loader returns as `words`: its parts of the catalogue, in the page's language. */
export function pageWords(context: Context, ...namespaces: PageNamespace[]): PageWords {
  const language = languageOf(context);
  return { language, messages: messagesFor(language, namespaces) };
}

/** Every message in the request's language: for words an action or the server writes. */
export function translatorFor(context: Context): Translator {
  return serverTranslator(languageOf(context));
}
