import { Form, isRouteErrorResponse, useLocation } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

/** Any error other than 404 and a failed network: say what happened, in words people understand. */
export function PageErrorMessage({ error }: { error: unknown }) {
  const location = useLocation();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading =
    status === 403
      ? t("You do not have access to this page")
      : status === 405
        ? t("This page cannot do that")
        : status < 500
          ? t("That request did not make sense")
          : t("Something went wrong on our side");
  // Our own refusals carry a sentence for people; the router's internal errors
  // (405 for a page without a form, 400 for a malformed request) carry details
  // for developers, which are never shown. A refusal's sentence is a catalogue
  // message, or already in the reader's words when the server wrote it so.
  const ownMessage =
    isRouteErrorResponse(error) &&
    !(error as { internal?: boolean }).internal &&
    typeof error.data === "string"
      ? t(error.data)
      : null;
  const detail =
    status >= 500
      ? t("Please try again in a moment. If it keeps happening, let the site's operator know.")
      : (ownMessage ??
        (status === 405
          ? t("This address does not accept that kind of request.")
          : t("Please go back and try again.")));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AppLink
          to="/"
          className="inline-flex items-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {t("Back to the home page")}
        </AppLink>
        {status === 403 ? (
          // DESIGN decision 18: offer to switch accounts, then come back here.
          <Form method="post" action="/logout">
            <input
              type="hidden"
              name="redirectTo"
              value={`/login?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
            />
            <button
              type="submit"
              className="inline-flex items-center rounded-lg bg-white px-5 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t("Log in as another user")}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
