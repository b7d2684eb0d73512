import { useLocation } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { pageHref, shownPageNumbers } from "#app/models/page-numbers.ts";

/**
 * Previous / next and page-number links. By default they keep the rest of the
 * query string; `href` builds them instead (search pages use their canonical URLs).
 */
export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href?: (page: number) => string;
}) {
  const location = useLocation();
  const t = useT();
  if (pageCount <= 1) return null;
  const hrefFor = href ?? ((target: number) => pageHref(location, target));
  const linkClass =
    "inline-flex items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50";
  const numberClass =
    "inline-flex min-w-10 items-center justify-center rounded-lg px-2 py-2 text-sm font-semibold";
  return (
    <nav aria-label={t("Pages")} className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <AppLink to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          {t("Previous")}
        </AppLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600 sm:hidden">
        {t("Page {page} of {count}", {
          page: String(page),
          count: pageCount.toLocaleString("en-US"),
        })}
      </p>
      <ol className="hidden flex-wrap items-center gap-1 sm:flex">
        {shownPageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span
                  aria-current="page"
                  className={`${numberClass} bg-brand-600 text-white shadow-sm`}
                >
                  <span className="sr-only">{t("Page")} </span>
                  {n.toLocaleString("en-US")}
                </span>
              ) : (
                <AppLink
                  to={hrefFor(n)}
                  className={`${numberClass} bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100`}
                >
                  <span className="sr-only">{t("Page")} </span>
                  {n.toLocaleString("en-US")}
                </AppLink>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <AppLink to={hrefFor(page + 1)} rel="next" className={linkClass}>
          {t("Next")}
        </AppLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
