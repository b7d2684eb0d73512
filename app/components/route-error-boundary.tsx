import { isRouteErrorResponse, useRouteError } from "react-router";

import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { PageErrorMessage } from "#app/components/page-error.tsx";

/** The error boundary every route shares: the 404 page for 404s, a clear message otherwise. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageErrorMessage error={error} />;
}
