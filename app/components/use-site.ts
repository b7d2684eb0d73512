// The operator's site (name, tagline, links) as the root loader sent it, for any
// component. Error pages that render without the root data get the defaults.
import { useRouteLoaderData } from "react-router";

import { publicSiteOf, SITE_DEFAULTS, type PublicSite } from "#app/models/site.ts";

const DEFAULT_SITE = publicSiteOf(SITE_DEFAULTS);

export function useSite(): PublicSite {
  const root = useRouteLoaderData("root") as { site?: PublicSite } | undefined;
  return root?.site ?? DEFAULT_SITE;
}
