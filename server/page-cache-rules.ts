// Which requests the page cache answers and which rendered responses it keeps: GET
// and HEAD for the public pages every visitor sees alike (and their `.data`), the
// sitemap, robots.txt and the router's manifest, without one of our cookies and for a
// Host answered before Express; kept only when the answer is a 200 page or data that
// sets no cookie and does not say no-store.
import type { IncomingMessage } from "node:http";

import { pagePathOf } from "#app/framework/data-url.ts";
import { requestedLanguage } from "#app/i18n/languages.ts";

import { answersHost } from "./response-negotiation.ts";

/** Public pages every visitor sees alike; their `.data` (client navigations) too. */
const CACHEABLE_PAGE =
  /^\/(?:|blogs|safety|about|terms|privacy|products|compare|products\/[A-Za-z0-9_-]{1,64}|dashboard\/productDetails\/\d{1,12})$/;
/** The sitemap, robots.txt and the router's `__manifest` (which routes exist: per build). */
const CACHEABLE_FILE = /^\/(?:sitemap\.xml|robots\.txt|__manifest)$/;
/** Longer addresses (long search queries) are rendered each time. */
const MAX_URL_LENGTH = 512;
/** Our cookies all carry the name (session, sign-in state, flash toast). */
const OUR_COOKIE = /carlot/i;
const STORABLE_TYPE = /^(?:text\/html|text\/x-script|text\/plain|text\/xml|application\/xml)\b/;

/** Between a stored page's URL and the language it asked for, in its key. */
const LANGUAGE_SEPARATOR = "\u0000";

/**
 * The key `req` is stored under, or null when the cache does not answer it: its URL,
 * and the language its `lang` cookie or Accept-Language asks for (decision 020), when
 * they ask for one of ours ("" → the site's default language).
 */
export function cacheKey(req: IncomingMessage, hosts: Set<string> | null): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url;
  if (!url || url.length > MAX_URL_LENGTH || url.charCodeAt(0) !== 47 /* "/" */) return null;
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!CACHEABLE_FILE.test(path) && !CACHEABLE_PAGE.test(pagePathOf(path))) return null;
  const cookie = req.headers.cookie;
  if (cookie !== undefined && OUR_COOKIE.test(cookie)) return null;
  if (!answersHost(hosts, req)) return null;
  const language = requestedLanguage(
    cookie,
    req.headers["accept-language"],
    process.env.CARLOT_PSEUDO_LOCALE === "1",
  );
  return language === null ? url : `${url}${LANGUAGE_SEPARATOR}${language}`;
}

/** A key's URL and the language it asked for (null: none). */
export function partsOfKey(key: string): { url: string; language: string | null } {
  const at = key.indexOf(LANGUAGE_SEPARATOR);
  return at === -1
    ? { url: key, language: null }
    : { url: key.slice(0, at), language: key.slice(at + 1) };
}

/** Whether the response rendered for `key` may be kept and served to every visitor. */
export function isStorable(key: string, response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return (
    response.status === 200 &&
    response.headers.getSetCookie().length === 0 &&
    (STORABLE_TYPE.test(type) ||
      (key.startsWith("/__manifest?") && type.startsWith("application/json"))) &&
    !/no-store/i.test(response.headers.get("cache-control") ?? "")
  );
}
