// The operator's site (name, tagline, links) as the root loader sent it, for any
// component. A page drawn without the root data gets the built-in name and pictures.
import { useRouteLoaderData } from "react-router";

import { FALLBACK_SITE, type PublicSite } from "#app/models/site.ts";

export function useSite(): PublicSite {
  const root = useRouteLoaderData("root") as { site?: PublicSite } | undefined;
  return root?.site ?? FALLBACK_SITE;
}
