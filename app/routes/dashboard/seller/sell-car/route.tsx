import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { ListingForm } from "#app/components/listing-form/listing-form.tsx";
import { uploadClientAction } from "#app/components/listing-form/form-upload.tsx";
import { findCategories } from "#app/models/category.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { publishListing } from "#app/models/listing-edit.server.ts";
import { listingSchemas } from "#app/models/listing-form.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import { listingFormAction } from "#app/routes/dashboard/seller/listing-action.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("Sell A Car"))];
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const seller = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.sellCar);
  const { db, storage, config } = servicesOf(context);
  const categories = await findCategories(db, storage);
  return {
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    // A new one each time the form is shown: sending it twice publishes one car.
    formToken: issueFormToken(config.secret, seller.id, "sell"),
    words: pageWords(context, "dashboard"),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  // The seller is the signed-in user; the form never says who is selling.
  const seller = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.sellCar);
  const services = servicesOf(context);
  const { t } = translatorFor(context);
  return listingFormAction({
    request,
    services,
    sellerId: seller.id,
    purpose: "sell",
    schema: listingSchemas(t).sellCarSchema,
    save: (value, token, t) => publishListing(services, seller, value, token, t),
    saved: t("Your car has been published for sale"),
    t,
  });
}

// With JavaScript the same form goes to the same action, with upload progress.
export const clientAction = uploadClientAction;

export default function SellCar({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("Sell A Car")}</h1>
      <p className="mt-2 text-slate-600">
        {t("Tell buyers about your car. Everything is required unless it says optional.")}
      </p>
      <div className="mt-8">
        <ListingForm
          mode="sell"
          categories={loaderData.categories}
          reply={actionData}
          formToken={loaderData.formToken}
        />
      </div>
    </div>
  );
}
