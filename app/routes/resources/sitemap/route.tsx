// GET /sitemap.xml (and /sitemap.xml?part=N past 50,000 addresses): for search engines.
import { parseId } from "#app/models/id.ts";
import { buildSitemap } from "#app/models/seo.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, storage, config } = servicesOf(context);
  const rawPart = url.searchParams.get("part");
  const part = rawPart === null ? null : parseId(rawPart);
  const xml =
    rawPart !== null && part === null
      ? null
      : await buildSitemap(db, storage, config.publicUrl, { part });
  if (xml === null) {
    return new Response("No such sitemap part.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
