// The two forms of the categories page: add one (name and photo), and edit one in
// its place in the list (name, photo, and whether the address follows the name).
// Checked in the browser with the action's schema; errors sit next to their field.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
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

export const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
const PHOTO_HINT =
  "JPEG, PNG or WebP, up to 5 MB; not SVG. Cropped to the cards' 3:2 shape, 800 × 533 pixels.";

/** True while this page is sending the form of `intent` (for `id` and `extra` fields, when given). */
export function useSending(
  intent: string,
  id?: number,
  extra: Record<string, string> = {},
): boolean {
  const navigation = useNavigation();
  const sent = navigation.formData;
  return (
    navigation.state === "submitting" &&
    sent?.get("intent") === intent &&
    (id === undefined || sent.get("id") === String(id)) &&
    Object.entries(extra).every(([name, value]) => sent.get(name) === value)
  );
}

export function AddCategoryForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formError } = useSchemaForm("add-category", addCategorySchema, lastResult);
  const pending = useSending("add");
  return (
    <FormSection
      title="Add a category"
      intro="It goes at the end of the list, visible at once. Its address is made from its name."
    >
      <Form method="post" encType="multipart/form-data" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add" />
        <FormError message={formError} />
        <div className="grid gap-x-6 sm:grid-cols-2">
          <InputField
            field={fields.name}
            label="Name"
            maxLength={CATEGORY_NAME_MAX}
            hint={`Up to ${CATEGORY_NAME_MAX} characters, like Convertible.`}
          />
          <InputField
            field={fields.photo}
            label="Photo"
            type="file"
            accept={PHOTO_TYPES}
            hint={PHOTO_HINT}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel="Adding…" className="sm:w-auto sm:px-8">
            Add Category
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
        Edit {category.name}
      </h3>
      <Form method="post" encType="multipart/form-data" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={category.id} />
        <FormError message={formError} />
        <div className="grid gap-x-6 sm:grid-cols-[8rem_1fr_1fr]">
          <img
            src={category.imageUrl}
            alt={`${category.name} now`}
            width={128}
            height={85}
            className="mb-4 aspect-[3/2] w-32 rounded-lg bg-slate-200 object-cover sm:mt-7"
          />
          <InputField field={fields.name} label="Name" maxLength={CATEGORY_NAME_MAX} />
          <InputField
            field={fields.photo}
            label="New photo"
            type="file"
            accept={PHOTO_TYPES}
            hint="Optional: leave empty to keep the photo."
          />
        </div>
        <label className="mb-4 flex items-start gap-2.5 text-sm text-slate-800">
          <input
            {...getInputProps(fields.changeAddress, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          <span>
            <span className="font-semibold">Change the address too</span>
            <span className="block text-slate-600">
              {next === category.slug
                ? `The address stays /products/${category.slug}.`
                : `/products/${category.slug} becomes /products/${next}; the old address keeps leading here.`}
            </span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AppLink
            to="/dashboard/categories"
            preventScrollReset
            className={`${outlineButton} px-4 py-2.5 text-sm`}
          >
            Cancel
          </AppLink>
          <SubmitButton pending={pending} pendingLabel="Saving…" className="sm:w-auto sm:px-8">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
