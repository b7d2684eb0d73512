// The two forms of the categories page: add one (name and photo), and edit one in
// its place in the list (name, photo, and whether the address follows the name).
// Checked in the browser with the action's schema; errors sit next to their field.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSending } from "#app/components/use-sending.ts";
import { outlineButton } from "#app/components/ui/buttons.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { FormError, FormSection, SubmitButton } from "#app/components/ui/form.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import type { AdminCategory } from "#app/models/category-admin.server.ts";
import { categorySlug } from "#app/models/category.ts";
import {
  addCategorySchema,
  CATEGORY_NAME_MAX,
  editCategorySchema,
} from "#app/models/category-form.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";

export const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
const PHOTO_HINT = msg(
  "JPEG, PNG or WebP, up to 5 MB; not SVG. Cropped to the cards' 3:2 shape, 800 × 533 pixels.",
);

export function AddCategoryForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const { form, fields, formError } = useSchemaForm("add-category", addCategorySchema, lastResult);
  const pending = useSending("add");
  return (
    <FormSection
      title={t("Add a category")}
      intro={t(
        "It goes at the end of the list, visible at once. Its address is made from its name.",
      )}
    >
      <Form method="post" encType="multipart/form-data" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add" />
        <FormError message={formError} />
        <div className="grid gap-x-6 sm:grid-cols-2">
          <InputField
            field={fields.name}
            label={t("Name")}
            maxLength={CATEGORY_NAME_MAX}
            hint={t("Up to {max} characters, like Convertible.", { max: CATEGORY_NAME_MAX })}
          />
          <InputField
            field={fields.photo}
            label={t("Photo")}
            type="file"
            accept={PHOTO_TYPES}
            hint={t(PHOTO_HINT)}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel={t("Adding…")} className="sm:w-auto sm:px-8">
            {t("Add Category")}
          </SubmitButton>
        </div>
      </Form>
    </FormSection>
  );
}

export function EditCategoryForm({
  category,
  lastResult,
}: {
  category: AdminCategory;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const { form, fields, formError } = useSchemaForm(
    `edit-category-${category.id}`,
    editCategorySchema,
    lastResult,
    { defaultValue: { id: String(category.id), name: category.name } },
  );
  const pending = useSending("edit", category.id);
  const typed = String(fields.name.value ?? category.name);
  const next = categorySlug(typed) || category.slug;
  return (
    <section
      aria-labelledby={`edit-${category.id}-heading`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-brand-600 sm:p-6"
    >
      <h3 id={`edit-${category.id}-heading`} className="text-lg font-semibold text-slate-900">
        <Rich
          message="Edit {name}"
          values={{ name: <span translate="no">{category.name}</span> }}
        />
      </h3>
      <Form method="post" encType="multipart/form-data" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={category.id} />
        <FormError message={formError} />
        <div className="grid gap-x-6 sm:grid-cols-[8rem_1fr_1fr]">
          <img
            src={category.imageUrl}
            alt={t("{name} now", { name: category.name })}
            width={128}
            height={85}
            className="mb-4 aspect-[3/2] w-32 rounded-lg bg-slate-200 object-cover sm:mt-7"
          />
          <InputField field={fields.name} label={t("Name")} maxLength={CATEGORY_NAME_MAX} />
          <InputField
            field={fields.photo}
            label={t("New photo")}
            type="file"
            accept={PHOTO_TYPES}
            hint={t("Optional: leave empty to keep the photo.")}
          />
        </div>
        <label className="mb-4 flex items-start gap-2.5 text-sm text-slate-800">
          <input
            {...getInputProps(fields.changeAddress, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          <span>
            <span className="font-semibold">{t("Change the address too")}</span>
            <span className="block text-slate-600">
              {next === category.slug
                ? t("The address stays {address}.", { address: `/products/${category.slug}` })
                : t("{old} becomes {new}; the old address keeps leading here.", {
                    old: `/products/${category.slug}`,
                    new: `/products/${next}`,
                  })}
            </span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AppLink
            to="/dashboard/categories"
            preventScrollReset
            className={`${outlineButton} px-4 py-2.5 text-sm`}
          >
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
