// /products/{category} and /products/allProducts: a category sidebar and one page
// of cars, available ones by default, sold ones too when asked.
import { data, Form, Link, NavLink, redirect, useNavigation, useSubmit } from "react-router";

import { ListingTable } from "#app/components/listing-tables.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { findCategories, getCategoryBySlug } from "#app/models/category.server.ts";
import { categorySlug } from "#app/models/category.ts";
import { findListings } from "#app/models/listing.server.ts";
import { parsePage } from "#app/models/id.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { savedListingIds } from "#app/models/wishlist.server.ts";
import { dbContext, storageContext } from "#app/services/app-context.server.ts";
import { getSessionUser } from "#app/services/session.server.ts";

import type { Route } from "./+types/browse";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.heading ?? "Cars"} — ${SITE_NAME}` },
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

export async function loader({ params, url, context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const storage = context.get(storageContext);
  let category: { id: number; slug: string; name: string } | null = null;
  if (params.category !== undefined) {
    const slug = categorySlug(params.category);
    category = await getCategoryBySlug(db, slug);
    if (!category) throw data("No such category", { status: 404 });
    // One canonical address per category: /products/Off%20Road → /products/off-road.
    if (params.category !== category.slug) {
      throw redirect(`/products/${category.slug}${url.search}`, 301);
    }
  }
  const includeSold = url.searchParams.get("sold") === "1";
  const [categories, page, viewer] = await Promise.all([
    findCategories(db, storage),
    findListings(db, storage, {
      categoryId: category?.id,
      includeSold,
      page: parsePage(url.searchParams.get("page")),
    }),
    getSessionUser(context, request),
  ]);
  // Signed-in visitors get a save button on each row; null hides them.
  const saved = viewer
    ? await savedListingIds(
        db,
        viewer.id,
        page.rows.map((row) => row.id),
      )
    : null;
  return {
    heading: category ? `${category.name} cars` : "All cars",
    categorySlug: category?.slug ?? null,
    categories: categories.map(({ id, slug, name }) => ({ id, slug, name })),
    includeSold,
    saved,
    ...page,
  };
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const { heading, categories, includeSold, rows, total, page, pageCount } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const what = includeSold ? "cars" : "available cars";
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_1fr] lg:px-8">
      <aside aria-label="Categories" className="min-w-0">
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Categories</h2>
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:gap-1 lg:overflow-visible">
          {[{ slug: "allProducts", name: "All cars", id: 0 }, ...categories].map((item) => (
            <li key={item.id} className="shrink-0">
              <NavLink
                to={`/products/${item.slug}${includeSold ? "?sold=1" : ""}`}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                    isActive
                      ? "bg-brand-600 text-white shadow-sm"
                      : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 lg:bg-transparent lg:ring-0"
                  }`
                }
              >
                {item.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </aside>

      <section aria-labelledby="browse-heading" aria-busy={busy} className="min-w-0">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 id="browse-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              {heading}
            </h1>
            <p className="mt-1 text-sm text-slate-600" aria-live="polite">
              {total === 0 ? `No ${what}` : `${total.toLocaleString("en-US")} ${what}`}
            </p>
          </div>
          <Form
            method="get"
            className="flex items-center gap-3"
            onChange={(event) => submit(event.currentTarget)}
          >
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
              <input
                type="checkbox"
                name="sold"
                value="1"
                defaultChecked={includeSold}
                key={String(includeSold)}
                className="size-4 rounded border-slate-300 accent-brand-600"
              />
              Include sold cars
            </label>
            <noscript>
              <button
                type="submit"
                className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white"
              >
                Apply
              </button>
            </noscript>
          </Form>
        </div>

        <div className={`mt-6 transition-opacity ${busy ? "opacity-60" : ""}`}>
          {rows.length > 0 ? (
            <ListingTable
              rows={rows}
              caption={`${heading}, page ${page} of ${pageCount}`}
              saved={loaderData.saved}
            />
          ) : (
            <div className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
              <p className="text-lg font-semibold text-slate-900">No cars here yet</p>
              <p className="mt-2 text-slate-600">
                {includeSold
                  ? "Nobody has listed a car in this category."
                  : "There are no available cars in this category right now."}
              </p>
              <Link
                to="/products/allProducts"
                className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
              >
                See all cars
              </Link>
            </div>
          )}
        </div>
        <Pagination page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
