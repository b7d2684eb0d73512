// My Wishlist: Car, Seller, Category & Location, Status, Details and Remove. Sold
// and removed cars stay until removed, and say so.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";

import {
  CarRequestsTable,
  DashboardListPage,
  EmptyList,
} from "#app/components/car-requests-table.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import type { FollowedCar } from "#app/models/followed-car.ts";
import { WISHLIST_MESSAGES, WISHLIST_PATH } from "#app/models/wishlist.ts";
import { SelectField } from "#app/components/ui/fields.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { CAR_ALERT_CHOICES, FREQUENCY_LABEL, type CarAlertChoice } from "#app/models/alerts.ts";
import { carAlertsSchema } from "#app/models/car-alerts-form.ts";

function RemoveButton({ row }: { row: FollowedCar }) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("entryId") === String(row.id);
  return (
    <Form method="post" action={WISHLIST_PATH}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="entryId" value={row.id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="inline-flex items-center justify-center rounded-lg bg-white px-3 py-2 text-xs font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
      >
        {pending ? t("Removing…") : t("Remove")}
        <span className="sr-only">
          {" "}
          {t("{title} from your wishlist", { title: row.car?.title ?? row.title })}
        </span>
      </button>
    </Form>
  );
}

/** How often the person hears about their saved cars: price cuts, sold, back on sale, removed. */
function CarAlertsForm({ choice }: { choice: CarAlertChoice }) {
  const t = useT();
  const location = useLocation();
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const { form, fields, pending } = useSchemaForm(
    "car-alerts-form",
    carAlertsSchema,
    actionData?.result,
    {
      defaultValue: { carAlerts: choice },
    },
  );
  return (
    <Form
      method="post"
      action={WISHLIST_PATH}
      {...getFormProps(form)}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <input type="hidden" name="intent" value="alerts" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <div className="min-w-56 flex-1">
        <SelectField
          field={fields.carAlerts}
          label={t(
            "Email me when a saved car's price falls, it sells, is back on sale or is removed",
          )}
        >
          {CAR_ALERT_CHOICES.map((value) => (
            <option key={value} value={value}>
              {t(FREQUENCY_LABEL[value])}
            </option>
          ))}
        </SelectField>
      </div>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-70"
      >
        {pending ? t("Saving…") : t("Save")}
      </button>
    </Form>
  );
}

export function WishlistView({
  rows,
  page,
  pageCount,
  carAlerts,
}: {
  rows: FollowedCar[];
  page: number;
  pageCount: number;
  carAlerts: CarAlertChoice;
}) {
  const t = useT();
  return (
    <DashboardListPage
      title={t("My Wishlist")}
      intro={rows.length > 0 ? t("Cars you saved while browsing, newest first.") : undefined}
    >
      {rows.length === 0 ? (
        <EmptyList message={t(WISHLIST_MESSAGES.empty)}>
          <p className="text-slate-600">{t("Tap the heart on a car to keep it here.")}</p>
          <AppLink
            to="/products/allProducts"
            className="mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Browse cars")}
          </AppLink>
        </EmptyList>
      ) : (
        <>
          <CarAlertsForm choice={carAlerts} />
          <CarRequestsTable
            caption={t("Your saved cars")}
            rows={rows}
            withStatus
            actionHeader={t("Remove")}
            action={(row) => <RemoveButton row={row} />}
          />
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </DashboardListPage>
  );
}
