// The public detail page (DESIGN decision 4): anyone can read it; contacting the
// seller and reporting need an account.
import { data, Link, useRouteLoaderData } from "react-router";

import { MapPinIcon } from "#app/components/icons.tsx";
import { SellerIdentity, StatusBadge } from "#app/components/listing-bits.tsx";
import { ListingFreshness } from "#app/components/listing-freshness.tsx";
import { PhotoViewer } from "#app/components/photo-viewer.tsx";
import { getListingDetail } from "#app/models/listing.server.ts";
import { formatMileage, formatPrice, usageLine } from "#app/models/listing.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { dbContext, storageContext } from "#app/services/app-context.server.ts";

import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        {
          title: `${loaderData.listing.title} — ${formatPrice(loaderData.listing.resalePrice)} — ${SITE_NAME}`,
        },
        { name: "description", content: loaderData.listing.description.slice(0, 160) },
      ]
    : [{ title: `Car not found — ${SITE_NAME}` }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id) || !Number.isSafeInteger(id)) {
    throw data("No such car", { status: 404 });
  }
  const listing = await getListingDetail(context.get(dbContext), context.get(storageContext), id);
  if (!listing) throw data("No such car", { status: 404 });
  return { listing, now: new Date().toISOString() };
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === "") return null;
  return (
    <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export default function ListingDetailPage({ loaderData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const [cover, ...others] = listing.photos;
  const loginHref = `/login?redirectTo=${encodeURIComponent(`/dashboard/productDetails/${listing.id}`)}`;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/products" className="hover:text-brand-700">
              Products
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/products/${listing.category.slug}`} className="hover:text-brand-700">
              {listing.category.name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-slate-900">
            {listing.title}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1.35fr_1fr] lg:gap-12">
        <div>
          {cover ? (
            <PhotoViewer
              photos={listing.photos}
              title={listing.title}
              className="group relative block overflow-hidden rounded-2xl bg-slate-200 shadow-sm"
            >
              <img
                src={cover.medium}
                srcSet={`${cover.small} 480w, ${cover.medium} 960w, ${cover.large} 1600w`}
                sizes="(min-width: 1024px) 55vw, 100vw"
                width={cover.width}
                height={cover.height}
                alt={listing.title}
                fetchPriority="high"
                className="aspect-[8/5] w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
              />
              <span className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-3 py-1 text-xs font-semibold text-white">
                Click to zoom · {listing.photos.length}{" "}
                {listing.photos.length === 1 ? "photo" : "photos"}
              </span>
            </PhotoViewer>
          ) : (
            <div className="aspect-[8/5] rounded-2xl bg-slate-200" />
          )}
          {others.length > 0 ? (
            <ul className="mt-3 grid grid-cols-4 gap-3">
              {others.map((photo, index) => (
                <li key={photo.small}>
                  <PhotoViewer
                    photos={listing.photos}
                    startIndex={index + 1}
                    title={listing.title}
                    label={`Open photo ${index + 2} of ${listing.title}`}
                    className="block overflow-hidden rounded-xl bg-slate-200"
                  >
                    <img
                      src={photo.small}
                      width={photo.width}
                      height={photo.height}
                      alt=""
                      loading="lazy"
                      className="aspect-[8/5] w-full object-cover hover:opacity-90"
                    />
                  </PhotoViewer>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div>
          <div className="flex flex-wrap items-center gap-3">
            <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-600/20">
              {listing.category.name}
            </span>
            <StatusBadge status={listing.status} />
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {listing.title}
          </h1>
          <p className="mt-2 flex items-center gap-1.5 text-slate-600">
            <MapPinIcon className="size-4" /> {listing.location}
          </p>

          <dl className="mt-6 grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-brand-900 px-4 py-3 text-white">
              <dt className="text-xs font-medium tracking-wide text-brand-100 uppercase">
                Resale price
              </dt>
              <dd className="mt-1 text-2xl font-extrabold">{formatPrice(listing.resalePrice)}</dd>
            </div>
            <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                Original price
              </dt>
              <dd className="mt-1 text-2xl font-bold text-slate-500">
                {formatPrice(listing.originalPrice)}
              </dd>
            </div>
          </dl>
          <p className="mt-4 font-medium text-slate-900">
            {usageLine(listing.yearsUsed, listing.periodAmount, listing.periodUnit)}
          </p>
          <ListingFreshness
            status={listing.status}
            createdAt={listing.createdAt}
            confirmedAt={listing.confirmedAt}
            now={loaderData.now}
          />

          <section
            aria-labelledby="seller-heading"
            className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2
              id="seller-heading"
              className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Seller
            </h2>
            <div className="mt-3">
              <SellerIdentity seller={listing.seller} showEmail />
            </div>
            {viewer ? (
              <div className="mt-5 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-600/20">
                <p>
                  Contacting sellers and reporting cars through {SITE_NAME} are coming soon. Until
                  then, you can write to {listing.seller.name} at{" "}
                  <a
                    href={`mailto:${listing.seller.email}`}
                    className="font-semibold underline underline-offset-2"
                  >
                    {listing.seller.email}
                  </a>
                  .
                </p>
              </div>
            ) : (
              <div className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
                <p>Please log in to contact the seller.</p>
                <Link
                  to={loginHref}
                  className="mt-1 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  Log in
                </Link>
              </div>
            )}
          </section>
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1.35fr_1fr] lg:gap-12">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
            Description
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">
            {listing.description}
          </p>
        </section>
        <section aria-labelledby="facts-heading">
          <h2 id="facts-heading" className="text-xl font-semibold text-slate-900">
            Car details
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Fact label="Quality" value={listing.quality} />
            <Fact label="Make" value={listing.make} />
            <Fact label="Model" value={listing.model} />
            <Fact label="Year" value={listing.year} />
            <Fact
              label="Mileage"
              value={listing.mileageKm === null ? null : formatMileage(listing.mileageKm)}
            />
            <Fact label="Fuel" value={listing.fuel} />
            <Fact label="Transmission" value={listing.transmission} />
            <Fact label="Colour" value={listing.colour} />
          </dl>
        </section>
      </div>
    </article>
  );
}
