import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";

import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { useSite } from "#app/components/use-site.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";

// Most pages work: the browser loads the 404 page and the other error messages only
// for a page that shows one. The message for a failed network stays in every page,
// since nothing more can be downloaded then (a part that could not be downloaded
// fails with the same TypeError, and lands here).
const NotFoundPage = loadWhenShown(() =>
  import("./not-found-page.tsx").then((m) => m.NotFoundPage),
);
const PageErrorMessage = loadWhenShown(() =>
  import("./page-error.tsx").then((m) => m.PageErrorMessage),
);

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

function NetworkFailure() {
  const location = useLocation();
  const site = useSite();
  const t = useT();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        <Rich
          message="We could not reach {name}"
          values={{ name: <span translate="no">{site.name}</span> }}
        />
      </h1>
      <p className="mt-4 text-slate-600">{t("Check your internet connection, then try again.")}</p>
      <a
        href={`${location.pathname}${location.search}`}
        className="mt-8 inline-flex items-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        {t("Try again")}
      </a>
    </section>
  );
}

/** The error boundary every route shares: the 404 page for 404s, a clear message otherwise. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isNetworkFailure(error)) return <NetworkFailure />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageErrorMessage error={error} />;
}
