import { isRouteErrorResponse, Link } from "react-router";

/** Any error other than 404: say what happened, in words people understand. */
export function PageErrorMessage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading =
    status === 403
      ? "You do not have access to this page"
      : status === 400
        ? "That request did not make sense"
        : "Something went wrong on our side";
  const detail =
    status >= 500
      ? "Please try again in a moment. If it keeps happening, let the site's operator know."
      : isRouteErrorResponse(error) && typeof error.data === "string"
        ? error.data
        : "Please go back and try again.";
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Back to the home page
      </Link>
    </section>
  );
}
