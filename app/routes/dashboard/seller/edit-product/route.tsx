import { data } from "react-router";

import { ListingForm } from "#app/components/listing-form.tsx";
import { uploadClientAction, type UploadFormData } from "#app/components/form-upload.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { findCategories } from "#app/models/category.server.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_MESSAGES } from "#app/models/form-token.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import {
  getListingForEdit,
  listingAccess,
  updateListing,
} from "#app/models/listing-edit.server.ts";
import {
  chosenFiles,
  declaredTooLarge,
  editListingSchema,
  LISTING_MESSAGES,
} from "#app/models/listing-form.ts";
import { listingPath } from "#app/models/listing.ts";
import { parseId } from "#app/models/id.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { issueFormToken, readFormToken } from "#app/services/form-token.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Edit ${loaderData?.listing.title ?? "your car"} — ${SITE_NAME}` },
];

const NOT_FOUND = "No such car";
const NOT_YOURS = "This car belongs to another seller, so you cannot edit it.";

/** 404 for an id that is not a listing, 403 for someone else's. */
function refuse(code: "not-found" | "forbidden"): never {
  throw data(code === "not-found" ? NOT_FOUND : NOT_YOURS, problemInit({ code }));
}

export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.editProduct,
  );
  const id = parseId(params.id);
  if (id === null) refuse("not-found");
  const { db, storage } = servicesOf(context);
  const [found, categories] = await Promise.all([
    getListingForEdit(db, storage, viewer, id),
    findCategories(db, storage),
  ]);
  if (found.access !== "ok") refuse(found.access);
  return {
    listing: found.listing,
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    // A new one each time the form is shown: sending it twice saves once.
    formToken: issueFormToken(servicesOf(context).config.secret, viewer.id, `edit:${id}`),
  };
}

const hidden = { hideFields: ["photos"] };

export async function action({ context, request, url, params }: Route.ActionArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.editProduct,
  );
  const id = parseId(params.id);
  if (id === null) refuse("not-found");
  const services = servicesOf(context);
  // Ownership before the body is read: someone else's car costs no upload work.
  const access = await listingAccess(services.db, viewer, id);
  if (access !== "ok") refuse(access);
  if (declaredTooLarge(request.headers.get("Content-Length"))) {
    const error = { photos: [LISTING_MESSAGES.photosTooLarge] };
    return data<UploadFormData>(
      { result: { status: "error", error }, filesDropped: true },
      { status: 413 },
    );
  }
  const submission = parseSubmission(await readForm(request), editListingSchema);
  const filesDropped = chosenFiles(submission.payload.photos).length > 0;
  if (submission.status !== "success") {
    return data<UploadFormData>(
      { result: submission.reply(hidden), filesDropped },
      { status: 400 },
    );
  }
  const token = readFormToken(
    services.config.secret,
    viewer.id,
    `edit:${id}`,
    submission.payload[FORM_TOKEN_FIELD],
  );
  if (!token) {
    const result = submission.reply({ ...hidden, formErrors: [FORM_TOKEN_MESSAGES.expired] });
    const formToken = issueFormToken(services.config.secret, viewer.id, `edit:${id}`);
    return data<UploadFormData>({ result, filesDropped, formToken }, { status: 400 });
  }
  const outcome = await updateListing(services, viewer, id, submission.value, token);
  if (!outcome.ok) {
    if (outcome.code === "not-found" || outcome.code === "forbidden") refuse(outcome.code);
    const result = submission.reply({
      ...hidden,
      fieldErrors: outcome.fieldErrors,
      formErrors: outcome.formError ? [outcome.formError] : undefined,
    });
    return data<UploadFormData>({ result, filesDropped }, problemInit(outcome));
  }
  return redirectWithToast(services.config, "/dashboard/myProducts", {
    type: "success",
    message: "Your car information has been updated",
  });
}

// With JavaScript the same form goes to the same action, with upload progress.
export const clientAction = uploadClientAction;

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, categories } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Edit your car</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{listing.title}</h1>
      <p className="mt-2 text-slate-600">
        Change what you need and save. Your photos stay as they are unless you remove, add or
        reorder them.{" "}
        <AppLink
          to={listingPath(listing.id)}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          See the car’s page
        </AppLink>
      </p>
      <div className="mt-8">
        <ListingForm
          mode="edit"
          categories={categories}
          lastResult={actionData?.result}
          defaultValue={listing.defaultValue}
          savedPhotos={listing.photos}
          filesDropped={actionData?.filesDropped}
          formToken={actionData?.formToken ?? loaderData.formToken}
          submitLabel="Save changes"
          pendingLabel="Saving your changes…"
        />
      </div>
    </div>
  );
}
