// /compare?ids=3,8,12: up to four public cars side by side. The URL is the whole
// comparison, so it can be shared with anyone, signed in or not.
import { useState } from "react";

import { CompareTable } from "./compare-table.tsx";
import { useSyncTray } from "#app/components/compare-tray/compare-tray.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { COMPARE_MAX, compareHref, parseCompareIds } from "#app/models/search-compare.ts";
import { findCompareCars } from "#app/models/compare.server.ts";
import { seoMeta } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";

import type { Route } from "./+types/route";

// Shown only when the address needed correcting.
const SearchNotices = loadWhenShown(() =>
  import("#app/components/search-notices.tsx").then((m) => m.SearchNotices),
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  // This page's own words too, should the matches not carry them.
  const { t } = translatorOfMatches([...matches, { loaderData }]);
  const cars = loaderData?.cars ?? [];
  const names = cars.map((car) => car.title);
  return seoMeta({
    title:
      names.length > 1 ? t("Compare {cars}", { cars: names.join(t(" vs ")) }) : t("Compare cars"),
    description:
      names.length > 1
        ? t(
            "{cars} side by side on Carlot: price, year, mileage, fuel, transmission, usage and seller.",
            { cars: names.join(t(", ")) },
          )
        : t(
            "Compare up to four used cars on Carlot side by side: price, year, mileage, fuel, transmission, usage and seller.",
          ),
    path: compareHref(cars.map((car) => car.id)),
    matches,
    // Any set of cars makes a comparison page: none of them is worth indexing.
    noindex: true,
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, storage } = servicesOf(context);
  const { t } = translatorFor(context);
  const { ids, invalid, extra } = parseCompareIds(url.searchParams.getAll("ids").join(","));
  const cars = await findCompareCars(db, storage, ids);
  const found = new Set(cars.map((car) => car.id));
  const missing = ids.filter((id) => !found.has(id));
  const notices: string[] = [];
  if (invalid.length > 0) {
    notices.push(
      t("{count, plural, other {We ignored {pieces}: not a car number.}}", {
        count: invalid.length,
        pieces: invalid.map((piece) => `“${piece}”`).join(", "),
      }),
    );
  }
  if (missing.length > 0) {
    notices.push(
      t(
        "{count, plural, one {Car {ids} is not for sale on Carlot any more, so it is left out.} other {Cars {ids} are not for sale on Carlot any more, so they are left out.}}",
        { count: missing.length, ids: missing.join(", ") },
      ),
    );
  }
  if (extra.length > 0) {
    notices.push(
      t(
        "{count, plural, one {You can compare up to {max} cars, so we left out car {ids}.} other {You can compare up to {max} cars, so we left out cars {ids}.}}",
        { count: extra.length, max: COMPARE_MAX, ids: extra.join(", ") },
      ),
    );
  }
  return {
    cars,
    notices,
    onlyDifferences: url.searchParams.get("diff") === "1",
    words: pageWords(context, "products"),
  };
}

function ShareLink({ href }: { href: string }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard
          ?.writeText(new URL(href, window.location.href).toString())
          .then(() => setCopied(true))
          .catch(() => setCopied(false));
      }}
      className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <span aria-live="polite">{copied ? t("Link copied") : t("Copy link")}</span>
    </button>
  );
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { cars, notices, onlyDifferences } = loaderData;
  const t = useT();
  const ids = cars.map((car) => car.id);
  useSyncTray(ids);
  const href = compareHref(ids);
  const addMore = `/products/allProducts${ids.length ? `?compare=${ids.join(",")}` : ""}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeading
        title={t("Compare cars")}
        intro={
          cars.length === 0
            ? t("Choose up to {max} cars with their Compare buttons.", { max: COMPARE_MAX })
            : t(
                "{count} of {max} cars. The address of this page shows these cars to anyone you send it to.",
                { count: cars.length, max: COMPARE_MAX },
              )
        }
      >
        <div className="flex flex-wrap items-center gap-2">
          {cars.length > 1 ? (
            <AppLink
              to={onlyDifferences ? href : `${href}&diff=1`}
              className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              aria-pressed={onlyDifferences}
              role="button"
            >
              {onlyDifferences ? t("Show every row") : t("Only differences")}
            </AppLink>
          ) : null}
          {cars.length > 0 ? <ShareLink href={href} /> : null}
          {cars.length < COMPARE_MAX ? (
            <AppLink
              to={addMore}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              {cars.length === 0 ? t("Find cars") : t("Add a car")}
            </AppLink>
          ) : null}
        </div>
      </PageHeading>
      {notices.length > 0 ? <SearchNotices notices={notices} /> : null}
      {cars.length > 0 ? (
        <CompareTable cars={cars} onlyDifferences={onlyDifferences} />
      ) : (
        <div className="mt-6 rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">{t("No cars to compare yet")}</p>
          <p className="mt-2 text-slate-600">
            {t(
              "Press “Compare” on up to {max} cars in the lists or on their pages, then open the comparison.",
              { max: COMPARE_MAX },
            )}
          </p>
        </div>
      )}
      {cars.length === 1 ? (
        <p className="mt-4 text-sm text-slate-600">
          {t("Add at least one more car to see differences.")}
        </p>
      ) : null}
    </div>
  );
}
