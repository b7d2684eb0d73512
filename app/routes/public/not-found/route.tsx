// Any path no other route matches: the 404 page, with HTTP status 404.
import { data } from "react-router";

import { siteNameOf, titleOf } from "#app/models/seo.ts";
import { NotFoundPage } from "#app/components/errors/not-found-page.tsx";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, "Page not found"),
  { name: "description", content: `There is no page at this address on ${siteNameOf(matches)}.` },
  { name: "robots", content: "noindex" },
];

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
