// /products/{category} and /products/allProducts: keyword search, filters, sorts
// and numbered pages over the public cars, all in the URL (decision 010).
import { data, redirect, useNavigation } from "react-router";

import { CompareBar } from "#app/components/compare-tray/compare-tray.tsx";
import { ListingTable } from "#app/components/listing-tables.tsx";
import { AppLink, AppNavLink } from "#app/components/ui/app-link.tsx";
import { SearchFilterPanel } from "./search-filters.tsx";
import { SearchBar } from "./search-bar.tsx";
import { useSearchForm } from "./use-search-form.ts";
import { ActiveFilters } from "./search-results.tsx";
import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import {
  findCategories,
  getCategoryByOldSlug,
  getCategoryBySlug,
} from "#app/models/category.server.ts";
import { categorySlug } from "#app/models/category.ts";
import { parseCompareIds } from "#app/models/search-compare.ts";
import { findMakeModels } from "#app/models/make-models.server.ts";
import { searchListings, suggestLooser } from "#app/models/search.server.ts";
import { filterChips, looserSearches, pageLinks, withQuery } from "#app/models/search-links.ts";
import { parseSearch } from "#app/models/search-parse.ts";
import { getSiteSettings, siteDisplayOf } from "#app/models/site.server.ts";
import { COUNT_CAP, searchQuery } from "#app/models/search.ts";
import { seoMeta } from "#app/models/seo.ts";
import { savedListingIds } from "#app/models/wishlist.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { cachedShared } from "#app/services/cache.server.ts";
import { getSessionUser } from "#app/services/session.server.ts";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import type { Translate } from "#app/i18n/translator.ts";

import { carCount } from "../car-words.ts";
import { browseHeading, saveSearchOf } from "./browse-words.ts";

import type { Route } from "./+types/route";

// Signed-in people's "Save this search" (its dialog, form and schema): visitors get a link.
const SavedSearchButton = loadWhenShown(() =>
  import("#app/components/saved-search-form.tsx").then((m) => m.SavedSearchButton),
);
// Shown only when nothing matches, and when the address needed correcting.
const EmptySearch = loadWhenShown(() => import("./empty-search.tsx").then((m) => m.EmptySearch));
const SearchNotices = loadWhenShown(() =>
  import("#app/components/search-notices.tsx").then((m) => m.SearchNotices),
);

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: translatorOfMatches(matches).t("Cars — Carlot") }];
  const { seo, canonicalQuery } = loaderData;
  return seoMeta({
    ...seo,
    path: `${location.pathname}${canonicalQuery ? `?${canonicalQuery}` : ""}`,
    matches,
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

type Db = ReturnType<typeof servicesOf>["db"];

/**
 * The category the address names: 404 for an unknown or hidden one, 301 to its
 * canonical slug, and 301 from an address it had before a rename or a merge.
 */
async function categoryOf(db: Db, named: string | undefined, url: URL) {
  if (named === undefined) return null;
  const slug = categorySlug(named);
  const category = (await getCategoryBySlug(db, slug)) ?? (await getCategoryByOldSlug(db, slug));
  if (!category || category.hidden) throw data("No such category", { status: 404 });
  // One canonical address per category: /products/Off%20Road → /products/off-road.
  if (named !== category.slug) throw redirect(`/products/${category.slug}${url.search}`, 301);
  return category;
}

/**
 * A clean search in another order (or with empty fields, as a form without JavaScript
 * sends it) moves to its canonical URL; a corrected one stays to say what was corrected.
 */
function redirectToCanonical(url: URL, wanted: string, corrected: boolean) {
  const given = new URLSearchParams(url.search);
  given.delete("_routes");
  if (!corrected && given.toString() !== wanted) {
    throw redirect(`${url.pathname}${wanted ? `?${wanted}` : ""}`);
  }
}

/** Moving between categories keeps the filters (and starts again at page 1). */
function categoryLinks(
  t: Translate,
  categories: { id: number; slug: string; name: string }[],
  sameSearch: string,
) {
  return [{ id: 0, slug: "allProducts", name: t("All cars") }, ...categories].map(
    ({ id, slug, name }) => ({ id, name, href: withQuery(`/products/${slug}`, sameSearch) }),
  );
}

export async function loader({ params, url, context, request }: Route.LoaderArgs) {
  const { db, storage } = servicesOf(context);
  const { t } = translatorFor(context);
  const category = await categoryOf(db, params.category, url);
  const [makeModels, categories, viewer, display] = await Promise.all([
    findMakeModels(db),
    findCategories(db, storage),
    getSessionUser(context, request),
    getSiteSettings(db).then(siteDisplayOf),
  ]);
  const { filters, notices } = parseSearch(url.searchParams, makeModels, new Date(), display, t);
  const compare = parseCompareIds(url.searchParams.get("compare")).ids.join(",");
  redirectToCanonical(url, searchQuery(filters, {}, { compare }), notices.length > 0);
  const scope = { categoryId: category?.id };
  const page = await cachedShared(db, `search:${JSON.stringify([filters, scope])}`, () =>
    searchListings(db, storage, filters, scope),
  );
  const shown = page.rows.map((row) => row.id);
  const [saved, looser] = await Promise.all([
    // Signed-in visitors get a save button on each row; null hides them.
    viewer ? savedListingIds(db, viewer.id, shown) : null,
    page.total === 0 ? suggestLooser(db, filters, scope, t) : [],
  ]);
  return {
    ...browseHeading(t, category, filters, page),
    saveSearch: saveSearchOf(url, filters, category, viewer !== null, display, t),
    categories: categoryLinks(t, categories, searchQuery(filters, { page: 1 }, { compare })),
    pageHrefs: pageLinks(url.pathname, filters, compare, page.page, page.pageCount),
    makeModels,
    filters,
    notices,
    canonicalQuery: searchQuery(filters),
    compare,
    saved,
    ...filterChips(url.pathname, filters, compare, display, t),
    suggestions: looserSearches(url.pathname, looser, compare, t),
    ...page,
    words: pageWords(context, "products"),
  };
}

/** "312 cars for sale", "1 car" (with sold cars), "More than 1,000 cars for sale". */
function resultCount(t: Translate, total: number, capped: boolean, withSold: boolean): string {
  if (capped) {
    return withSold
      ? carCount(t, total, true)
      : t("{count, plural, one {More than # car for sale} other {More than # cars for sale}}", {
          count: COUNT_CAP,
        });
  }
  return withSold
    ? carCount(t, total, false)
    : t("{count, plural, one {# car for sale} other {# cars for sale}}", { count: total });
}

/** "Save this search": a dialog when signed in, otherwise the way to sign in and come back. */
function SaveSearch({ path, name, signedIn }: { path: string; name: string; signedIn: boolean }) {
  const t = useT();
  const className =
    "inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50";
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M10 2a6 6 0 0 0-6 6v3.6l-1.7 2.6A1 1 0 0 0 3.1 16h13.8a1 1 0 0 0 .8-1.8L16 11.6V8a6 6 0 0 0-6-6Zm0 18a3 3 0 0 0 2.8-2H7.2A3 3 0 0 0 10 20Z" />
    </svg>
  );
  if (!signedIn) {
    return (
      <AppLink to={`/login?redirectTo=${encodeURIComponent(path)}`} className={className}>
        {icon}
        {t("Save this search")}
      </AppLink>
    );
  }
  return (
    <SavedSearchButton
      form={{ kind: "save", search: path, redirectTo: path, name }}
      trigger={t("Save this search")}
      fallbackHref={`/dashboard/savedSearches?save=${encodeURIComponent(path)}#saved-search-form`}
      className={className}
    />
  );
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const { heading, categories, filters, rows, total, capped, page, pageCount, compare } =
    loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const { formRef, formKey, go, schedule } = useSearchForm();
  const compareIds = parseCompareIds(compare).ids;
  const t = useT();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-8 lg:px-8 lg:py-10">
      <aside aria-label={t("Categories and filters")} className="min-w-0 lg:row-span-2">
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t("Categories")}
        </h2>
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:gap-1 lg:overflow-visible">
          {categories.map((item) => (
            <li key={item.id} className="shrink-0">
              <AppNavLink
                to={item.href}
                prefetch="intent"
                // Categories are named by the admins ("All cars" is ours, translated).
                translate={item.id === 0 ? undefined : "no"}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                    isActive
                      ? "bg-brand-600 text-white shadow-sm"
                      : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 lg:bg-transparent lg:ring-0"
                  }`
                }
              >
                {item.name}
              </AppNavLink>
            </li>
          ))}
        </ul>
        <div className="mt-4 lg:mt-8">
          <SearchFilterPanel
            key={formKey}
            formRef={formRef}
            go={go}
            schedule={schedule}
            filters={filters}
            makeModels={loaderData.makeModels}
            total={total}
            capped={capped}
            compare={compare}
          />
        </div>
      </aside>

      <section aria-labelledby="browse-heading" aria-busy={busy} className="min-w-0">
        <h1 id="browse-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {heading}
        </h1>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="result-count">
            {total === 0 ? t("No cars match") : resultCount(t, total, capped, filters.sold)}
          </p>
          <SaveSearch {...loaderData.saveSearch} />
        </div>
        <SearchBar key={formKey} go={go} schedule={schedule} filters={filters} />
        {loaderData.notices.length > 0 ? <SearchNotices notices={loaderData.notices} /> : null}
        <ActiveFilters chips={loaderData.chips} clearHref={loaderData.clearHref} />

        <div className={`mt-6 transition-opacity ${busy ? "opacity-60" : ""}`}>
          {rows.length > 0 ? (
            <ListingTable
              rows={rows}
              caption={t("{heading}, page {page} of {pageCount}", { heading, page, pageCount })}
              saved={loaderData.saved}
              compareIds={compareIds}
            />
          ) : (
            <EmptySearch
              suggestions={loaderData.suggestions}
              filtered={loaderData.chips.length > 0}
              inCategory={loaderData.categoryName}
            />
          )}
        </div>
        <Pagination
          page={page}
          pageCount={pageCount}
          href={(target) => loaderData.pageHrefs[target] ?? ""}
        />
        {capped && page === pageCount ? (
          <p className="mt-4 text-center text-sm text-slate-600">
            {t("That is as far as the pages go. Narrow the search to see the rest.")}
          </p>
        ) : null}
      </section>
      <CompareBar initialIds={compareIds} />
    </div>
  );
}
