import { data } from "react-router";

import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { msg } from "#app/i18n/translator.ts";
import { titleOf } from "#app/models/seo.ts";
import { ListingForm } from "#app/components/listing-form/listing-form.tsx";
import { uploadClientAction } from "#app/components/listing-form/form-upload.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { findCategories, getCategoryBySlug } from "#app/models/category.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { updateListing } from "#app/models/listing-edit.server.ts";
import { getListingForEdit, listingAccess } from "#app/models/listing-editable.server.ts";
import { listingSchemas } from "#app/models/listing-form.ts";
import { listingPath } from "#app/models/listing.ts";
import { parseId } from "#app/models/id.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import { listingFormAction } from "#app/routes/dashboard/seller/listing-action.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = translatorOfMatches(matches);
  const title = loaderData?.listing.title;
  return [
    titleOf(matches, title === undefined ? t("Edit your car") : t("Edit {title}", { title })),
  ];
};

const NOT_FOUND = msg("No such car");
const NOT_YOURS = msg("This car belongs to another seller, so you cannot edit it.");

type Context = Route.LoaderArgs["context"];

/** 404 for an id that is not a listing, 403 for someone else's (in the reader's words). */
function refuse(context: Context, code: "not-found" | "forbidden"): never {
  const { t } = translatorFor(context);
  throw data(t(code === "not-found" ? NOT_FOUND : NOT_YOURS), problemInit({ code }));
}

/** The signed-in seller and the car the address names (404 for an id that is not one). */
async function editing({ context, request, url, params }: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.editProduct,
  );
  const id = parseId(params.id);
  if (id === null) refuse(context, "not-found");
  return { viewer, id };
}

/**
 * The visible categories, and the car's own when an admin has hidden it: the form keeps
 * showing it, so saving other changes does not lose it (decision 019).
 */
async function withCurrentCategory(
  db: ReturnType<typeof servicesOf>["db"],
  categories: { slug: string; name: string }[],
  current: string,
) {
  const choices = categories.map(({ slug, name }) => ({ slug, name }));
  if (choices.some((choice) => choice.slug === current)) return choices;
  const own = await getCategoryBySlug(db, current);
  return own ? [...choices, { slug: own.slug, name: own.name }] : choices;
}

export async function loader(args: Route.LoaderArgs) {
  const { viewer, id } = await editing(args);
  const { context } = args;
  const { db, storage } = servicesOf(context);
  const [found, categories] = await Promise.all([
    getListingForEdit(db, storage, viewer, id),
    findCategories(db, storage),
  ]);
  if (found.access !== "ok") refuse(context, found.access);
  return {
    listing: found.listing,
    categories: await withCurrentCategory(db, categories, found.listing.defaultValue.category),
    // A new one each time the form is shown: sending it twice saves once.
    formToken: issueFormToken(servicesOf(context).config.secret, viewer.id, `edit:${id}`),
    words: pageWords(context, "dashboard"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, id } = await editing(args);
  const { context, request } = args;
  const services = servicesOf(context);
  // Ownership before the body is read: someone else's car costs no upload work.
  const access = await listingAccess(services.db, viewer, id);
  if (access !== "ok") refuse(context, access);
  const { t } = translatorFor(context);
  return listingFormAction({
    request,
    services,
    sellerId: viewer.id,
    purpose: `edit:${id}`,
    schema: listingSchemas(t).editListingSchema,
    save: async (value, token, t) => {
      const outcome = await updateListing(services, viewer, id, value, token, t);
      // The car went away or changed hands while the form was open.
      if (!outcome.ok && (outcome.code === "not-found" || outcome.code === "forbidden")) {
        refuse(context, outcome.code);
      }
      return outcome;
    },
    saved: t("Your car information has been updated"),
    t,
  });
}

// With JavaScript the same form goes to the same action, with upload progress.
export const clientAction = uploadClientAction;

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, categories } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {t("Edit your car")}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900" translate="no">
        {listing.title}
      </h1>
      <p className="mt-2 text-slate-600">
        {t(
          "Change what you need and save. Your photos stay as they are unless you remove, add or reorder them.",
        )}{" "}
        <AppLink
          to={listingPath(listing.id)}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t("See the car’s page")}
        </AppLink>
      </p>
      <div className="mt-8">
        <ListingForm
          mode="edit"
          categories={categories}
          reply={actionData}
          defaultValue={listing.defaultValue}
          savedPhotos={listing.photos}
          formToken={loaderData.formToken}
        />
      </div>
    </div>
  );
}
