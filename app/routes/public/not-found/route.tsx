// Any path no other route matches: the 404 page, with HTTP status 404.
import { data } from "react-router";

import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { siteNameOf, titleOf } from "#app/models/seo.ts";
import { NotFoundPage } from "#app/components/errors/not-found-page.tsx";

import type { Route } from "./+types/route";

// The loader throws, so this page has only the root's words (`common`): these two are
// translated where `common` has them too.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [
    titleOf(matches, t("Page not found")),
    {
      name: "description",
      content: t("There is no page at this address on {site}.", { site: siteNameOf(matches) }),
    },
    { name: "robots", content: "noindex" },
  ];
};

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
