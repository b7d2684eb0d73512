// GET /alerts/feed?token=…: a saved search's private Atom feed (issue 28), for feed readers,
// which cannot sign in: the token is signed for this one search and for reading only.
import { readLinkToken } from "#app/models/alert-links.server.ts";
import { searchFeed } from "#app/models/alert-feed.server.ts";
import { getSavedSearch } from "#app/models/saved-search.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage, config } = servicesOf(context);
  const target = readLinkToken(config.secret, "feed", url.searchParams.get("token") ?? "");
  const search = target && "search" in target ? await getSavedSearch(db, target.search) : null;
  if (!search) {
    return new Response("This feed does not exist (any more).", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(await searchFeed(db, storage, search, config.publicUrl), {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
