// The sell and edit forms (spec §2 "Sell and edit forms"): one component, one
// Zod schema per form shared with the action. While the form is sent it is
// replaced by a spinner and the upload progress bar; after a failure every
// typed value is still there.
import { FORM_TOKEN_FIELD } from "#app/models/form-token.ts";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, type ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { z } from "zod";

import { UploadingPanel } from "#app/components/form-upload.tsx";
import { PhotoPicker, type SavedPhoto } from "#app/components/photo-picker.tsx";
import { PriceGuidanceHint } from "#app/components/price-guidance.tsx";
import { showToast } from "#app/components/toaster.tsx";
import { Field, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import {
  editListingSchema,
  FIRST_CAR_YEAR,
  LISTING_TEXT_MAX,
  PERIOD_LIMITS,
  sellCarSchema,
  unitLabel,
} from "#app/models/listing-form.ts";
import {
  LESS_THAN_A_YEAR,
  MILEAGE_UNITS,
  MORE_THAN_TEN_YEARS,
  PERIOD_UNITS,
  PERIOD_UNITS_FOR,
  YEARS_USED_VALUES,
  yearsUsedLabel,
} from "#app/models/listing-choices.ts";
import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";

export type ListingFormDefaults = Record<string, string | string[] | null | undefined>;

const selectClass = `${inputClass} pr-9`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-2">{children}</div>
    </section>
  );
}

const wide = "sm:col-span-2";

/** The options of a select: an optional empty choice, then each value (or [value, label]). */
function Options({
  values,
  empty,
}: {
  values: readonly (string | readonly [string, string])[];
  empty?: string;
}) {
  return (
    <>
      {empty ? <option value="">{empty}</option> : null}
      {values.map((entry) => {
        const [value, label] = typeof entry === "string" ? [entry, entry] : entry;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

export function ListingForm({
  mode,
  categories,
  lastResult,
  defaultValue,
  savedPhotos = [],
  filesDropped = false,
  formToken,
  submitLabel,
  pendingLabel,
}: {
  mode: "sell" | "edit";
  categories: { slug: string; name: string }[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: ListingFormDefaults;
  savedPhotos?: SavedPhoto[];
  filesDropped?: boolean;
  /** The form's one-time token (app/services/form-token.server.ts), for forms that create. */
  formToken?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const schema = mode === "edit" ? editListingSchema : sellCarSchema;
  const [form, fields] = useForm<z.input<typeof editListingSchema>>({
    id: `listing-${mode}`,
    lastResult,
    // Saved values come as the strings the inputs show.
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // parseWithZod is typed by the concrete schema; the two forms share one field shape.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const formError = form.errors?.[0];
  useEffect(() => {
    if (formError) showToast("error", formError, { announce: false });
  }, [formError, lastResult]);

  const navigation = useNavigation();
  const location = useLocation();
  // Also while the page it redirects to loads, so the form does not flash back.
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    new URL(navigation.formAction ?? "", "http://x").pathname === location.pathname;

  const choice = fields.yearsUsed.value;
  const range = choice === LESS_THAN_A_YEAR || choice === MORE_THAN_TEN_YEARS ? choice : null;
  // Before a choice (and without JavaScript) every unit is offered; the server checks the pair.
  const units = range ? PERIOD_UNITS_FOR[range] : PERIOD_UNITS;
  const amountLimit = range
    ? Math.max(...Object.values(PERIOD_LIMITS[range]).map((limit) => limit.max))
    : undefined;
  const initialOrder = fields.photoOrder.initialValue as string[] | undefined;

  return (
    <>
      {pending ? <UploadingPanel label={pendingLabel} /> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className={pending ? "hidden" : "space-y-6"}
        {...getFormProps(form)}
      >
        <FormError message={formError} />
        {formToken ? <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} /> : null}
        <Section title="The car">
          <div className={wide}>
            <Field
              label="Car name"
              hint="What buyers see first, for example “2019 Toyota Corolla LE”."
              errors={fields.carName.errors}
              errorId={fields.carName.errorId}
            >
              <input
                {...getInputProps(fields.carName, { type: "text" })}
                autoComplete="off"
                maxLength={LISTING_TEXT_MAX.carName}
                className={inputClass}
              />
            </Field>
          </div>
          <Field label="Category" errors={fields.category.errors} errorId={fields.category.errorId}>
            <select {...getSelectProps(fields.category)} className={selectClass}>
              <Options
                empty="Choose a category"
                values={categories.map(({ slug, name }) => [slug, name] as const)}
              />
            </select>
          </Field>
          {mode === "edit" ? (
            <Field label="Quality" errors={fields.quality.errors} errorId={fields.quality.errorId}>
              <select {...getSelectProps(fields.quality)} className={selectClass}>
                <Options values={QUALITIES} />
              </select>
            </Field>
          ) : null}
          <Field label="Make" errors={fields.make.errors} errorId={fields.make.errorId}>
            <input
              {...getInputProps(fields.make, { type: "text" })}
              autoComplete="off"
              placeholder="Toyota"
              maxLength={LISTING_TEXT_MAX.make}
              className={inputClass}
            />
          </Field>
          <Field label="Model" errors={fields.model.errors} errorId={fields.model.errorId}>
            <input
              {...getInputProps(fields.model, { type: "text" })}
              autoComplete="off"
              placeholder="Corolla"
              maxLength={LISTING_TEXT_MAX.model}
              className={inputClass}
            />
          </Field>
          <Field
            label="Year"
            hint={`The year it was made (${FIRST_CAR_YEAR} or later).`}
            errors={fields.year.errors}
            errorId={fields.year.errorId}
          >
            <input
              {...getInputProps(fields.year, { type: "text" })}
              inputMode="numeric"
              autoComplete="off"
              placeholder="2019"
              maxLength={4}
              className={inputClass}
            />
          </Field>
          <div className="grid grid-cols-[1fr_6.5rem] gap-3">
            <Field
              label="Mileage"
              hint="Digits only."
              errors={fields.mileage.errors}
              errorId={fields.mileage.errorId}
            >
              <input
                {...getInputProps(fields.mileage, { type: "text" })}
                inputMode="numeric"
                autoComplete="off"
                placeholder="45000"
                maxLength={9}
                className={inputClass}
              />
            </Field>
            <Field
              label={
                <>
                  <span className="sr-only">Mileage </span>Unit
                </>
              }
              hint="km or miles."
              errors={fields.mileageUnit.errors}
              errorId={fields.mileageUnit.errorId}
            >
              <select {...getSelectProps(fields.mileageUnit)} className={selectClass}>
                <Options values={MILEAGE_UNITS} />
              </select>
            </Field>
          </div>
          <Field label="Fuel (optional)" errors={fields.fuel.errors} errorId={fields.fuel.errorId}>
            <select {...getSelectProps(fields.fuel)} className={selectClass}>
              <Options empty="Not specified" values={FUELS} />
            </select>
          </Field>
          <Field
            label="Transmission (optional)"
            errors={fields.transmission.errors}
            errorId={fields.transmission.errorId}
          >
            <select {...getSelectProps(fields.transmission)} className={selectClass}>
              <Options empty="Not specified" values={TRANSMISSIONS} />
            </select>
          </Field>
          <Field
            label="Colour (optional)"
            errors={fields.colour.errors}
            errorId={fields.colour.errorId}
          >
            <input
              {...getInputProps(fields.colour, { type: "text" })}
              autoComplete="off"
              placeholder="Silver"
              maxLength={LISTING_TEXT_MAX.colour}
              className={inputClass}
            />
          </Field>
        </Section>

        <section
          aria-label="Photos"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <PhotoPicker
            name={fields.photos.name}
            orderName={fields.photoOrder.name}
            saved={savedPhotos}
            initialOrder={initialOrder}
            errors={fields.photos.errors}
            errorId={fields.photos.errorId}
            filesDropped={filesDropped}
          />
        </section>

        <Section title="Description">
          <div className={wide}>
            <Field
              label="Details"
              hint="Condition, service history, extras, anything a buyer should know."
              errors={fields.details.errors}
              errorId={fields.details.errorId}
            >
              <textarea
                {...getTextareaProps(fields.details)}
                rows={6}
                maxLength={LISTING_TEXT_MAX.details}
                className={inputClass}
              />
            </Field>
          </div>
          <div className={wide}>
            <Field
              label="Location"
              hint="Where buyers can see the car, for example “Austin, TX”."
              errors={fields.location.errors}
              errorId={fields.location.errorId}
            >
              <input
                {...getInputProps(fields.location, { type: "text" })}
                autoComplete="address-level2"
                maxLength={LISTING_TEXT_MAX.location}
                className={inputClass}
              />
            </Field>
          </div>
        </Section>

        <Section title="Use and price">
          {/* The exact period shows for the two range choices, with or without JavaScript. */}
          <div className={`group grid gap-x-4 gap-y-2 sm:grid-cols-2 ${wide}`}>
            <Field
              label="Years used"
              errors={fields.yearsUsed.errors}
              errorId={fields.yearsUsed.errorId}
            >
              <select {...getSelectProps(fields.yearsUsed)} className={selectClass}>
                <option value="">Choose how long</option>
                {YEARS_USED_VALUES.map((value) => (
                  <option
                    key={value}
                    value={value}
                    data-range={
                      value === LESS_THAN_A_YEAR || value === MORE_THAN_TEN_YEARS ? "" : undefined
                    }
                  >
                    {yearsUsedLabel(value)}
                  </option>
                ))}
              </select>
            </Field>
            <div className="hidden grid-cols-[1fr_8.5rem] gap-3 group-has-[[data-range]:checked]:grid">
              <Field
                label="Exact period"
                errors={fields.periodAmount.errors}
                errorId={fields.periodAmount.errorId}
              >
                <input
                  {...getInputProps(fields.periodAmount, { type: "text" })}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={range === MORE_THAN_TEN_YEARS ? "Years" : "Days/Months"}
                  maxLength={amountLimit ? String(amountLimit).length : 3}
                  className={inputClass}
                />
              </Field>
              <Field
                label={
                  <>
                    <span className="sr-only">Period </span>Unit
                  </>
                }
                errors={fields.periodUnit.errors}
                errorId={fields.periodUnit.errorId}
              >
                <select {...getSelectProps(fields.periodUnit)} className={selectClass}>
                  <Options
                    empty={range === MORE_THAN_TEN_YEARS ? undefined : "Choose"}
                    values={units.map((unit) => [unit, unitLabel(unit)] as const)}
                  />
                </select>
              </Field>
            </div>
          </div>
          <Field
            label="Original Price"
            hint="Whole dollars, digits only: do not type $ or any other currency sign."
            errors={fields.originalPrice.errors}
            errorId={fields.originalPrice.errorId}
          >
            <input
              {...getInputProps(fields.originalPrice, { type: "text" })}
              inputMode="numeric"
              autoComplete="off"
              placeholder="30000"
              maxLength={12}
              className={inputClass}
            />
          </Field>
          <Field
            label="Resale Price"
            hint="Whole dollars, digits only: do not type $ or any other currency sign."
            errors={fields.resalePrice.errors}
            errorId={fields.resalePrice.errorId}
          >
            <input
              {...getInputProps(fields.resalePrice, { type: "text" })}
              inputMode="numeric"
              autoComplete="off"
              placeholder="18500"
              maxLength={12}
              className={inputClass}
            />
          </Field>
          <PriceGuidanceHint
            make={fields.make.value}
            model={fields.model.value}
            year={fields.year.value}
            mileage={fields.mileage.value}
            unit={fields.mileageUnit.value}
            price={fields.resalePrice.value}
          />
        </Section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <SubmitButton pending={pending} pendingLabel={pendingLabel} className="sm:w-auto sm:px-8">
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
