// The add and edit forms of /dashboard/safePlaces: the one schema the action checks
// (viewing.ts), checked in the browser as well, with each message next to its field.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSending } from "#app/components/use-sending.ts";
import { outlineButton } from "#app/components/ui/buttons.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { FormError, FormSection, SubmitButton } from "#app/components/ui/form.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import type { SafePlace } from "#app/models/viewing-list.server.ts";
import { SAFE_PLACE_LIMITS, safePlaceSchema } from "#app/models/viewing.ts";

export const PAGE = "/dashboard/safePlaces";

type Fields = ReturnType<typeof useSchemaForm<typeof safePlaceSchema>>["fields"];

/** The four fields, the same in both forms. */
function PlaceFields({ fields }: { fields: Fields }) {
  const t = useT();
  return (
    <div className="grid gap-x-6 sm:grid-cols-2">
      <InputField
        field={fields.name}
        label={t("Name")}
        maxLength={SAFE_PLACE_LIMITS.name}
        hint={t("Up to {max} characters, like “Central Police Station”.", {
          max: SAFE_PLACE_LIMITS.name,
        })}
      />
      <InputField
        field={fields.address}
        label={t("Address")}
        maxLength={SAFE_PLACE_LIMITS.address}
        hint={t("Street, number and town, as a map would find it.")}
        autoComplete="off"
      />
      <InputField
        field={fields.hours}
        label={t("Opening hours")}
        maxLength={SAFE_PLACE_LIMITS.hours}
        hint={t("When people can meet there, like “Every day, 8:00–20:00”.")}
      />
      <InputField
        field={fields.note}
        label={t("Note (optional)")}
        maxLength={SAFE_PLACE_LIMITS.note}
        hint={t("What makes it safe or where to wait, like “Police station car park, cameras”.")}
      />
    </div>
  );
}

export function AddPlaceForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const { form, fields, formError } = useSchemaForm("add-safe-place", safePlaceSchema, lastResult);
  const pending = useSending("add");
  return (
    <FormSection
      title={t("Add a safe place")}
      intro={t(
        "A busy public place with cameras, open at the hours you give: buyers and sellers can choose it at once.",
      )}
    >
      <Form method="post" action={PAGE} className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add" />
        <FormError message={formError} />
        <PlaceFields fields={fields} />
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel={t("Adding…")} className="sm:w-auto sm:px-8">
            {t("Add Safe Place")}
          </SubmitButton>
        </div>
      </Form>
    </FormSection>
  );
}

export function EditPlaceForm({
  place,
  lastResult,
}: {
  place: SafePlace;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const { form, fields, formError } = useSchemaForm(
    `edit-safe-place-${place.id}`,
    safePlaceSchema,
    lastResult,
    {
      defaultValue: {
        name: place.name,
        address: place.address,
        hours: place.hours,
        note: place.note ?? "",
      },
    },
  );
  const pending = useSending("edit", place.id);
  const headingId = `edit-place-${place.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-brand-600 sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        <Rich message="Edit {name}" values={{ name: <span translate="no">{place.name}</span> }} />
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {t("Viewings already proposed or agreed there keep the name and address they were given.")}
      </p>
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={place.id} />
        <FormError message={formError} />
        <PlaceFields fields={fields} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AppLink to={PAGE} preventScrollReset className={`${outlineButton} px-4 py-2.5 text-sm`}>
            {t("Cancel")}
          </AppLink>
          <SubmitButton pending={pending} pendingLabel={t("Saving…")} className="sm:w-auto sm:px-8">
            {t("Save Changes")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
