// Any path no other route matches: the 404 page, with HTTP status 404.
import { data } from "react-router";

import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { siteNameOf, titleOf } from "#app/models/seo.ts";
import {
  NOT_FOUND_DESCRIPTION,
  NOT_FOUND_TITLE,
  NotFoundPage,
} from "#app/components/errors/not-found-page.tsx";

import type { Route } from "./+types/route";

// The loader throws, so this page has only the root's words (`common`): these two are
// translated where `common` has them too.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [
    titleOf(matches, t(NOT_FOUND_TITLE)),
    {
      name: "description",
      content: t(NOT_FOUND_DESCRIPTION, { site: siteNameOf(matches) }),
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
