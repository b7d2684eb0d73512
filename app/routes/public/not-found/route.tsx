// Any path no other route matches: the 404 page, with HTTP status 404.
import { data } from "react-router";

import { NotFoundPage } from "#app/components/errors/not-found-page.tsx";
import { SITE_NAME } from "#app/models/site.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [
  { title: `Page not found — ${SITE_NAME}` },
  { name: "description", content: "There is no page at this address on Carlot." },
  { name: "robots", content: "noindex" },
];

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
