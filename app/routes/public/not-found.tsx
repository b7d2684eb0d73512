// Any path no other route matches: the 404 page, with HTTP status 404.
import { data } from "react-router";

import { NotFoundPage } from "#app/components/not-found-page.tsx";

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
