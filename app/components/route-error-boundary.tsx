import { isRouteErrorResponse, useRouteError } from "react-router";

import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { PageErrorMessage } from "#app/components/page-error.tsx";

// Most pages are found: the browser loads the 404 page only for one that is not. The
// other error messages stay in every page, since the network may be what failed.
const NotFoundPage = loadWhenShown(() =>
  import("#app/components/not-found-page.tsx").then((m) => m.NotFoundPage),
);

/** The error boundary every route shares: the 404 page for 404s, a clear message otherwise. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageErrorMessage error={error} />;
}
