import { data } from "react-router";

import { ListingForm } from "#app/components/listing-form.tsx";
import { uploadClientAction, type UploadFormData } from "#app/components/form-upload.tsx";
import { findCategories } from "#app/models/category.server.ts";
import { FORM_TOKEN_FIELD, FORM_TOKEN_MESSAGES } from "#app/models/form-token.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { publishListing } from "#app/models/listing-edit.server.ts";
import {
  chosenFiles,
  declaredTooLarge,
  LISTING_MESSAGES,
  sellCarSchema,
} from "#app/models/listing-form.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { issueFormToken, readFormToken } from "#app/services/form-token.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: `Sell A Car — ${SITE_NAME}` }];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const seller = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.sellCar);
  const { db, storage, config } = servicesOf(context);
  const categories = await findCategories(db, storage);
  return {
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    // A new one each time the form is shown: sending it twice publishes one car.
    formToken: issueFormToken(config.secret, seller.id, "sell"),
  };
}

const hidden = { hideFields: ["photos"] };

export async function action({ context, request, url }: Route.ActionArgs) {
  // The seller is the signed-in user; the form never says who is selling.
  const seller = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.sellCar);
  if (declaredTooLarge(request.headers.get("Content-Length"))) {
    const error = { photos: [LISTING_MESSAGES.photosTooLarge] };
    return data<UploadFormData>(
      { result: { status: "error", error }, filesDropped: true },
      { status: 413 },
    );
  }
  const submission = parseSubmission(await readForm(request), sellCarSchema);
  const filesDropped = chosenFiles(submission.payload.photos).length > 0;
  if (submission.status !== "success") {
    return data<UploadFormData>(
      { result: submission.reply(hidden), filesDropped },
      { status: 400 },
    );
  }
  const services = servicesOf(context);
  const token = readFormToken(
    services.config.secret,
    seller.id,
    "sell",
    submission.payload[FORM_TOKEN_FIELD],
  );
  if (!token) {
    const result = submission.reply({ ...hidden, formErrors: [FORM_TOKEN_MESSAGES.expired] });
    const formToken = issueFormToken(services.config.secret, seller.id, "sell");
    return data<UploadFormData>({ result, filesDropped, formToken }, { status: 400 });
  }
  // A repeat of this form answers exactly as the first one did.
  const outcome = await publishListing(services, seller, submission.value, token);
  if (!outcome.ok) {
    const result = submission.reply({
      ...hidden,
      fieldErrors: outcome.fieldErrors,
      formErrors: outcome.formError ? [outcome.formError] : undefined,
    });
    return data<UploadFormData>({ result, filesDropped }, problemInit(outcome));
  }
  return redirectWithToast(services.config, "/dashboard/myProducts", {
    type: "success",
    message: "Your car has been published for sale",
  });
}

// With JavaScript the same form goes to the same action, with upload progress.
export const clientAction = uploadClientAction;

export default function SellCar({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sell A Car</h1>
      <p className="mt-2 text-slate-600">
        Tell buyers about your car. Everything is required unless it says optional.
      </p>
      <div className="mt-8">
        <ListingForm
          mode="sell"
          categories={loaderData.categories}
          lastResult={actionData?.result}
          filesDropped={actionData?.filesDropped}
          formToken={actionData?.formToken ?? loaderData.formToken}
          submitLabel="Publish my car"
          pendingLabel="Publishing your car…"
        />
      </div>
    </div>
  );
}
