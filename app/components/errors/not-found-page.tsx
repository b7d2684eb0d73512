import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";

// A 404 page's title and description (the routes' meta). Written here, with the root's
// words (`common`), because a route whose loader answered 404 sent none of its own.
export const NOT_FOUND_TITLE = msg("Page not found");
export const NOT_FOUND_DESCRIPTION = msg("There is no page at this address on {site}.");

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <p
        className="text-7xl font-black tracking-tight text-brand-600 sm:text-8xl"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t("OOPS! PAGE NOT BE FOUND")}
      </h1>
      <p className="mt-4 text-slate-600">
        {t("The page you are looking for does not exist, or the car has been removed.")}
      </p>
      <AppLink
        to="/"
        className="mt-8 inline-flex items-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        {t("Back to the home page")}
      </AppLink>
    </section>
  );
}
