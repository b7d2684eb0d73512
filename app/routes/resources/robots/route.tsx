// GET /robots.txt: what crawlers may visit, and where the sitemap is.
import { robotsTxt } from "#app/models/seo.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";

import type { Route } from "./+types/route";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = servicesOf(context);
  return new Response(robotsTxt(config.publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
