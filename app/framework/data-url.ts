// React Router's data URLs (React Router 8.4, lib/server-runtime/urls.js and
// lib/dom/ssr/single-fetch.js): a client navigation asks for a page's loader data at
// the page's path plus `.data`, and a path that ends in `/` gets a `_` segment first
// (the home page's data is `/_.data`). The server's gates, metrics and page cache read
// a request's page with pagePathOf; the tests build data URLs with dataPathOf.
// Pinned by tests/unit/data-url.test.ts against React Router's own handler.

/** The suffix of a route's data URL: `/a/b` is answered at `/a/b.data`. */
export const DATA_SUFFIX = ".data";
/** A path ending in `/` (the home page, `/a/`) gets a segment first: `/_.data`, `/a/_.data`. */
export const TRAILING_SLASH_DATA_SEGMENT = "_";

/** The data URL path of a page's path: `/` → `/_.data`, `/products` → `/products.data`. */
export function dataPathOf(pathname: string): string {
  return pathname.endsWith("/")
    ? `${pathname}${TRAILING_SLASH_DATA_SEGMENT}${DATA_SUFFIX}`
    : `${pathname}${DATA_SUFFIX}`;
}

/** The page a path addresses: a data URL's page (`/_.data` → `/`), any other path as it is. */
export function pagePathOf(pathname: string): string {
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  const bare = pathname.slice(0, -DATA_SUFFIX.length);
  return bare.endsWith(`/${TRAILING_SLASH_DATA_SEGMENT}`) ? bare.slice(0, -1) : bare;
}
