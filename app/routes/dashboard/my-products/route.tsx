// DESIGN decision 9: sellers see My Products here, everyone else My Wishlist.
// My Products (spec §2, §4): the seller's cars, to delete, edit, mark Available or
// Sold, advertise, and confirm as still for sale (DESIGN decisions 6, 16, 20, 21).
import { data } from "react-router";

import { MyProductsTable } from "./my-products-table.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { titleOf } from "#app/models/seo.ts";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { WishlistView } from "#app/components/wishlist-view.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId, parsePage } from "#app/models/id.ts";
import {
  advertiseListing,
  confirmListing,
  type AdvertiseResult,
  type ConfirmResult,
  deleteListing,
  findSellerListings,
  getListingOwner,
  setListingStatus,
} from "#app/models/listing-manage.server.ts";
import { LISTING_STATUSES } from "#app/models/listing-choices.ts";
import { LISTING_STATUS_LABEL } from "#app/models/listing.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import { useSite } from "#app/components/use-site.ts";
import { roleCan, userCan, type Permission } from "#app/models/permissions.ts";
import { loadWishlistPage } from "#app/models/wishlist.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import { servicesOf, type AppServices } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

const PAGE_PERMISSION = DASHBOARD_PAGE_PERMISSION.myProducts;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, loaderData?.view === "wishlist" ? t("My Wishlist") : t("My Products"))];
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

const PATH = "/dashboard/myProducts";
export const MESSAGES = {
  deleted: msg("Successfully Deleted The Product From This Website"),
  advertised: msg("Successfully Advertised On The Home Page"),
  missing: msg("This car is not listed any more."),
  notYours: msg("Only the seller of a car can change it."),
  unknownIntent: msg("Unknown action. Please reload the page and try again."),
  badStatus: msg("Choose Available or Sold."),
} as const;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, PAGE_PERMISSION);
  const { db, storage } = servicesOf(context);
  if (!userCan(viewer, "update:listing:own")) {
    const saved = await loadWishlistPage(
      db,
      storage,
      viewer.id,
      parsePage(url.searchParams.get("page")),
      translatorFor(context).t,
    );
    return { view: "wishlist" as const, ...saved, words: pageWords(context, "dashboard") };
  }
  const now = new Date();
  const [page, settings] = await Promise.all([
    findSellerListings(db, storage, {
      sellerId: viewer.id,
      page: parsePage(url.searchParams.get("page")),
      now,
    }),
    getSiteSettings(db),
  ]);
  // The site shows only verified sellers' cars, and this seller is not verified yet.
  const awaitingVerification = settings.sellersNeedVerification && !page.seller.verified;
  return {
    view: "products" as const,
    now: now.toISOString(),
    awaitingVerification,
    ...page,
    words: pageWords(context, "dashboard"),
  };
}

/** The listing named by the form, if the viewer may change it: 403 / 404 otherwise. */
async function ownListing(
  context: Route.ActionArgs["context"],
  viewer: SessionUser,
  form: FormData,
  permission: Permission,
) {
  const { t } = translatorFor(context);
  // Admins may not use this page to delete others' cars (a later admin feature).
  if (!roleCan(viewer.role, permission))
    throw data(t(MESSAGES.notYours), problemInit({ code: "forbidden" }));
  const id = parseId(form.get("id"));
  const car = id === null ? null : await getListingOwner(servicesOf(context).db, id);
  if (!car) throw data(t(MESSAGES.missing), problemInit({ code: "not-found" }));
  if (car.sellerId !== viewer.id)
    throw data(t(MESSAGES.notYours), problemInit({ code: "forbidden" }));
  return car;
}

type Reply = { type: "success" | "error" | "message"; message: string };

const ADVERTISE_REPLY: Record<
  Exclude<AdvertiseResult, "missing">,
  (t: Translate, title: string) => Reply
> = {
  advertised: (t) => ({ type: "success", message: t(MESSAGES.advertised) }),
  "already advertised": (t, title) => ({
    type: "message",
    message: t("{title} is already advertised.", { title }),
  }),
  "not available": (t, title) => ({
    type: "error",
    message: t("Only available cars can be advertised. Mark {title} Available first.", { title }),
  }),
};

const CONFIRM_REPLY: Record<
  Exclude<ConfirmResult, "missing">,
  (t: Translate, title: string, freshDays: number) => Reply
> = {
  confirmed: (t, title, freshDays) => ({
    type: "success",
    message: t(
      "{freshDays, plural, one {Thanks! {title} stays listed for another # day.} other {Thanks! {title} stays listed for another # days.}}",
      { title, freshDays },
    ),
  }),
  "not available": (t, title) => ({
    type: "error",
    message: t(
      "{title} is marked Sold: there is nothing to confirm. Mark it Available if it is for sale again.",
      { title },
    ),
  }),
};

/** What one button on a car does; false or "missing" when the car went away meanwhile. */
type IntentRun = (
  car: Owned,
  form: FormData,
  services: AppServices,
  t: Translate,
) => Promise<Reply | false | "missing" | "bad status">;
type Owned = Awaited<ReturnType<typeof ownListing>>;

const INTENTS: Record<string, { permission: Permission; run: IntentRun }> = {
  delete: {
    permission: "delete:listing:own",
    run: async (car, _form, services, t) =>
      (await deleteListing(services, car)) && { type: "success", message: t(MESSAGES.deleted) },
  },
  status: {
    permission: "update:listing:own",
    run: async (car, form, services, t) => {
      const status = LISTING_STATUSES.find((value) => value === form.get("status"));
      if (!status) return "bad status";
      const message = t("{title} is now marked {status}.", {
        title: car.title,
        status: t(LISTING_STATUS_LABEL[status]),
      });
      const changed = await setListingStatus(services, car, status, new Date());
      return changed && { type: "success", message };
    },
  },
  advertise: {
    permission: "update:listing:own",
    run: async (car, _form, { db }, t) => {
      const result = await advertiseListing(db, car, new Date());
      return result !== "missing" && ADVERTISE_REPLY[result](t, car.title);
    },
  },
  confirm: {
    permission: "update:listing:own",
    run: async (car, _form, { db }, t) => {
      const [result, { freshDays }] = await Promise.all([
        confirmListing(db, car, new Date()),
        getSiteSettings(db),
      ]);
      return result !== "missing" && CONFIRM_REPLY[result](t, car.title, freshDays);
    },
  },
};

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, PAGE_PERMISSION);
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  // Only the intent, the id and (for status) the status are read; anything else is ignored.
  const intent = Object.hasOwn(INTENTS, String(form.get("intent")))
    ? INTENTS[String(form.get("intent"))]
    : undefined;
  if (!intent) return data({ error: t(MESSAGES.unknownIntent) }, problemInit({ code: "invalid" }));
  const car = await ownListing(context, viewer, form, intent.permission);
  const services = servicesOf(context);
  const result = await intent.run(car, form, services, t);
  if (result === "bad status") {
    return data({ error: t(MESSAGES.badStatus) }, problemInit({ code: "invalid" }));
  }
  if (!result || result === "missing")
    throw data(t(MESSAGES.missing), problemInit({ code: "not-found" }));
  const page = parsePage(url.searchParams.get("page"));
  return redirectWithToast(services.config, page > 1 ? `${PATH}?page=${page}` : PATH, result);
}

function AddProductLink({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <AppLink
      to="/dashboard/sellCar"
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 ${className}`}
    >
      <span aria-hidden="true" className="text-base leading-none">
        +
      </span>
      {t("Add A Product")}
    </AppLink>
  );
}

export default function MyProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { freshDays, name: siteName } = useSite();
  const t = useT();
  if (loaderData.view === "wishlist") return <WishlistView {...loaderData} />;
  const { seller, rows, total, stale, page, pageCount, now } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeading
        title={t("My Products")}
        intro={
          <>
            {total === 0
              ? t("No cars yet.")
              : t("{count, plural, one {# car listed.} other {# cars listed.}}", {
                  count: total,
                })}{" "}
            {t(
              "{freshDays, plural, one {Confirm each car is still for sale at least every # day to keep it in the public lists.} other {Confirm each car is still for sale at least every # days to keep it in the public lists.}}",
              { freshDays },
            )}
          </>
        }
      >
        {total > 0 ? <AddProductLink /> : null}
      </PageHeading>

      {actionData && "error" in actionData ? (
        <p
          role="alert"
          className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-600/20"
        >
          {actionData.error}
        </p>
      ) : null}

      {loaderData.awaitingVerification ? (
        <div
          role="status"
          className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-600/30"
        >
          <p className="font-semibold">{t("Your cars are not public yet.")}</p>
          <p className="mt-0.5">
            {t(
              "{siteName} shows only verified sellers' cars. Once an admin has verified you, your cars appear in the lists and search; until then only you and the admins can see them.",
              { siteName },
            )}
          </p>
        </div>
      ) : null}

      {stale > 0 ? (
        <div
          role="status"
          className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-600/30"
        >
          <p className="font-semibold">
            {t(
              "{count, plural, one {# car is hidden from the public lists.} other {# cars are hidden from the public lists.}}",
              { count: stale },
            )}
          </p>
          <p className="mt-0.5">
            {t(
              '{count, plural, one {You haven\'t confirmed it for {freshDays, plural, one {# day} other {# days}}. If it is still for sale, press "Still for sale" on its row to bring it back.} other {You haven\'t confirmed them for {freshDays, plural, one {# day} other {# days}}. Press "Still for sale" on each one that is still for sale to bring it back.}}',
              { count: stale, freshDays },
            )}{" "}
            {t("Nothing has been deleted.")}
          </p>
        </div>
      ) : null}

      <div className="mt-8">
        {rows.length > 0 ? (
          <>
            <MyProductsTable
              seller={seller}
              rows={rows}
              now={now}
              caption={t("My Products, page {page} of {pageCount}", { page, pageCount })}
            />
            <Pagination page={page} pageCount={pageCount} />
          </>
        ) : (
          <div className="rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
            <p className="text-lg font-semibold text-slate-900">
              {t("You haven't listed any cars yet")}
            </p>
            <p className="mx-auto mt-2 max-w-md text-slate-600">
              {t(
                "Publish your first car with its photos, price and details. It appears in its category and in the list of all cars straight away.",
              )}
            </p>
            <AddProductLink className="mt-6" />
          </div>
        )}
      </div>
    </div>
  );
}
