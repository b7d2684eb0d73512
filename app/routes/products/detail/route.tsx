// The public detail page (DESIGN decision 4): anyone can read it; contacting the
// seller and reporting need an account.
import { data, useRouteLoaderData } from "react-router";

import { Fact } from "./car-page-parts.tsx";
import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { CompareBar, CompareToggle } from "#app/components/compare-tray/compare-tray.tsx";
import { Icon, type IconProps } from "#app/components/icons.tsx";
import { JsonLd } from "./json-ld.tsx";
import { PriceGuidanceCard } from "#app/components/price-guidance.tsx";
import { SellerIdentity, StatusBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { ListingFreshness } from "./listing-freshness.tsx";
import { ListingPicture } from "#app/components/listing-picture.tsx";
import { PhotoViewer } from "#app/components/photo-viewer/photo-viewer.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { parseId } from "#app/models/id.ts";
import { Price } from "#app/components/price.tsx";
import { useSite } from "#app/components/use-site.ts";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { formatMileage, formatPrice, listingPath } from "#app/models/listing.ts";
import { getPriceGuidance } from "#app/models/price-guidance.server.ts";
import { carJsonLd, seoMeta, siteOf, summarize, titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { cachedShared } from "#app/services/cache.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { passRetryAfter } from "#app/services/rate-limit.server.ts";
import { getSessionUser, requirePermission } from "#app/services/session.server.ts";

import type { loader as rootLoader } from "#app/root.tsx";
import { contactSeller, reportCar } from "./buyer-forms.server.ts";
import { carForViewer, viewerMarks } from "#app/models/car-page.server.ts";
import { PriceHistory } from "./price-history.tsx";
import type { Route } from "./+types/route";
import { usageWords } from "../car-words.ts";

function MapPinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Icon>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  // This page's own words too, should the matches not carry them.
  const { t } = translatorOfMatches([...matches, { loaderData }]);
  if (!loaderData) return [titleOf(matches, t("Car not found"))];
  const { listing, indexable } = loaderData;
  const cover = listing.photos[0];
  const facts = [listing.year, listing.make, listing.model].filter(Boolean).join(" ");
  const price = formatPrice(listing.resalePrice, siteOf(matches).price);
  return seoMeta({
    title:
      listing.status === "sold"
        ? t("{title} — {price} (sold)", { title: listing.title, price })
        : t("{title} — {price}", { title: listing.title, price }),
    description: summarize(
      `${facts ? `${facts}, ` : ""}${listing.location}, ${price}. ${listing.description}`,
    ),
    path: listingPath(listing.id),
    matches,
    image: cover
      ? { url: cover.large, width: cover.width, height: cover.height, alt: listing.title }
      : null,
    type: "product",
    // Sold cars (and cars waiting for their seller's confirmation) are not indexed.
    noindex: !indexable,
  });
};

export const headers = passRetryAfter;

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data("No such car", { status: 404 });
  const { db, storage, config } = servicesOf(context);
  const viewer = await getSessionUser(context, request);
  const car = await carForViewer(db, storage, id, viewer);
  if (!car) throw data("No such car", { status: 404 });
  const { listing, priceHistory, indexable } = car;
  const [guidance, marks] = await Promise.all([
    cachedShared(db, `guidance:${id}`, () =>
      getPriceGuidance(db, { ...listing, price: listing.resalePrice }),
    ),
    viewerMarks(db, viewer?.id, id),
  ]);
  return {
    listing,
    now: new Date().toISOString(),
    ...marks,
    // Without JavaScript, "Contact Seller" is a link that shows the form on the page.
    contactOnPage: url.searchParams.has("contact"),
    // The same for 'Report To Admin' (`?report`).
    reportOnPage: url.searchParams.has("report"),
    guidance,
    priceHistory,
    indexable,
    awaitingVerification: car.awaitingVerification,
    jsonLd: carJsonLd(
      indexable ? listing : { ...listing, status: "sold" as const },
      config.publicUrl,
      listingPath(listing.id),
      car.currency,
    ),
    words: pageWords(context, "products"),
  };
}

export async function action({ params, context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, "create:order");
  const id = parseId(params.id);
  if (id === null) throw data("No such car", { status: 404 });
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const ask = { services: servicesOf(context), viewer, id, t };
  switch (form.get("intent")) {
    case "order":
      return contactSeller(ask, form);
    case "report":
      return reportCar(ask, form);
    default:
      return data({ error: t("That action is not available here.") }, { status: 400 });
  }
}

// Only signed-in viewers get the contact, save and report buttons: visitors' browsers
// do not download them.
const BuyerActions = loadWhenShown(() => import("./buyer-actions.tsx").then((m) => m.BuyerActions));

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export default function ListingDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const site = useSite();
  const t = useT();
  const [cover, ...others] = listing.photos;
  const loginHref = `/login?redirectTo=${encodeURIComponent(`/dashboard/productDetails/${listing.id}`)}`;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <nav aria-label={t("Breadcrumb")} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <AppLink to="/products" className="hover:text-brand-700">
              {t("Products")}
            </AppLink>
          </li>
          <li aria-hidden="true">/</li>
          <li translate="no">
            {listing.category.slug === null ? (
              listing.category.name
            ) : (
              <AppLink to={`/products/${listing.category.slug}`} className="hover:text-brand-700">
                {listing.category.name}
              </AppLink>
            )}
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" translate="no" className="truncate font-medium text-slate-900">
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
              <ListingPicture
                photo={cover}
                sizes="(min-width: 1280px) 700px, (min-width: 1024px) 55vw, 100vw"
                alt={listing.title}
                altIsName
                priority="high"
                className="aspect-[8/5] w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
              />
              <span className="absolute end-3 bottom-3 rounded-full bg-slate-900/75 px-3 py-1 text-xs font-semibold text-white">
                {t(
                  "{count, plural, one {Click to zoom · # photo} other {Click to zoom · # photos}}",
                  {
                    count: listing.photos.length,
                  },
                )}
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
                    label={t("Open photo {number} of {title}", {
                      number: index + 2,
                      title: listing.title,
                    })}
                    className="block overflow-hidden rounded-xl bg-slate-200"
                  >
                    <ListingPicture
                      photo={photo}
                      sizes="(min-width: 1024px) 160px, 25vw"
                      alt=""
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
            <span
              translate="no"
              className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-600/20"
            >
              {listing.category.name}
            </span>
            <StatusBadge status={listing.status} />
          </div>
          <h1
            translate="no"
            className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {listing.title}
          </h1>
          <p className="mt-2 flex items-center gap-1.5 text-slate-600">
            <MapPinIcon className="size-4" /> <span translate="no">{listing.location}</span>
          </p>

          <dl className="mt-6 grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-brand-900 px-4 py-3 text-white">
              <dt className="text-xs font-medium tracking-wide text-brand-100 uppercase">
                {t("Resale price")}
              </dt>
              <dd className="mt-1 text-2xl font-extrabold">
                <Price cents={listing.resalePrice} />
              </dd>
            </div>
            <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t("Original price")}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-slate-500">
                <Price cents={listing.originalPrice} />
              </dd>
            </div>
          </dl>
          <p className="mt-4 font-medium text-slate-900">
            {usageWords(t, listing.yearsUsed, listing.periodAmount, listing.periodUnit)}
          </p>
          <ListingFreshness
            status={listing.status}
            createdAt={listing.createdAt}
            confirmedAt={listing.confirmedAt}
            now={loaderData.now}
          />
          {loaderData.awaitingVerification ? (
            <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
              <span className="font-semibold">{t("Awaiting the seller's verification.")}</span>{" "}
              {t(
                "This site shows only verified sellers' cars, so only the seller and the admins see this page until an admin verifies the seller.",
              )}
            </p>
          ) : null}
          <div className="mt-4">
            <CompareToggle listingId={listing.id} title={listing.title} size="md" />
          </div>
          {loaderData.guidance ? (
            <div className="mt-4">
              <PriceGuidanceCard guidance={loaderData.guidance} price={listing.resalePrice} />
            </div>
          ) : null}

          <section
            aria-labelledby="seller-heading"
            className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2
              id="seller-heading"
              className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              {t("Seller")}
            </h2>
            <div className="mt-3">
              <SellerIdentity seller={listing.seller} showEmail />
            </div>
            {viewer ? (
              <BuyerActions
                listing={listing}
                viewer={viewer}
                openRequest={loaderData.openRequest}
                saved={loaderData.saved}
                contactOnPage={loaderData.contactOnPage}
                reply={
                  actionData && "intent" in actionData && actionData.intent === "order"
                    ? actionData
                    : null
                }
                reported={loaderData.reported}
                reportOnPage={loaderData.reportOnPage}
                reportReply={
                  actionData && "intent" in actionData && actionData.intent === "report"
                    ? actionData
                    : null
                }
              />
            ) : (
              <div className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
                <p>{t("Please log in to contact the seller.")}</p>
                <AppLink
                  to={loginHref}
                  className="mt-1 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {t("Log in")}
                </AppLink>
              </div>
            )}
          </section>
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1.35fr_1fr] lg:gap-12">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
            {t("Description")}
          </h2>
          <p translate="no" className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">
            {listing.description}
          </p>
          {loaderData.priceHistory.length > 1 ? (
            <div className="mt-8">
              <PriceHistory points={loaderData.priceHistory} now={loaderData.now} />
            </div>
          ) : null}
        </section>
        <section aria-labelledby="facts-heading">
          <h2 id="facts-heading" className="text-xl font-semibold text-slate-900">
            {t("Car details")}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Fact label={t("Quality")} value={t(listing.quality)} />
            <Fact label={t("Make")} value={listing.make} theirs />
            <Fact label={t("Model")} value={listing.model} theirs />
            <Fact label={t("Year")} value={listing.year} />
            <Fact
              label={t("Mileage")}
              value={
                listing.mileageKm === null
                  ? null
                  : formatMileage(listing.mileageKm, listing.mileageUnit, site.price)
              }
              // Digits and a unit (km, mi), which stay as they are in every language.
              theirs
            />
            <Fact label={t("Fuel")} value={listing.fuel ? t(listing.fuel) : null} />
            <Fact
              label={t("Transmission")}
              value={listing.transmission ? t(listing.transmission) : null}
            />
            <Fact label={t("Colour")} value={listing.colour} theirs />
          </dl>
        </section>
      </div>
      <JsonLd data={loaderData.jsonLd} />
      <CompareBar />
    </article>
  );
}
