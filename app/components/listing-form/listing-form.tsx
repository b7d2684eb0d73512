// The sell and edit forms (spec §2 "Sell and edit forms"): one component, one
// Zod schema per form shared with the action. While the form is sent it is
// replaced by a spinner and the upload progress bar; after a failure every
// typed value is still there.
import { useSite } from "#app/components/use-site.ts";
import { FORM_TOKEN_FIELD } from "#app/models/form-token.ts";
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { UploadingPanel, type UploadFormData } from "./form-upload.tsx";
import { PhotoPicker } from "./photo-picker.tsx";
import { type SavedPhoto } from "./photo-list.ts";
import { PriceGuidanceHint } from "#app/components/price-guidance.tsx";
import { InputField, Options, SelectField, TextareaField } from "#app/components/ui/fields.tsx";
import { FormError, FormSection, SubmitButton } from "#app/components/ui/form.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import {
  FIRST_CAR_YEAR,
  LISTING_TEXT_MAX,
  listingSchemas,
  PERIOD_LIMITS,
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <FormSection title={title}>
      <div className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-2">{children}</div>
    </FormSection>
  );
}

const wide = "sm:col-span-2";

const SUBMIT = {
  sell: { submitLabel: msg("Publish my car"), pendingLabel: msg("Publishing your car…") },
  edit: { submitLabel: msg("Save changes"), pendingLabel: msg("Saving your changes…") },
};

export function ListingForm({
  mode,
  categories,
  reply,
  defaultValue,
  savedPhotos = [],
  formToken: loadedToken,
}: {
  mode: "sell" | "edit";
  categories: { slug: string; name: string }[];
  /** The action's last answer (undefined before the first send). */
  reply: UploadFormData | undefined;
  defaultValue?: ListingFormDefaults;
  savedPhotos?: SavedPhoto[];
  /** The form's one-time token (app/services/form-token.server.ts), for forms that create. */
  formToken?: string;
}) {
  const lastResult = reply?.result;
  const filesDropped = reply?.filesDropped ?? false;
  // A 400 answer brings a fresh token when the loaded one had expired.
  const formToken = reply?.formToken ?? loadedToken;
  const t = useT();
  const submitLabel = t(SUBMIT[mode].submitLabel);
  const pendingLabel = t(SUBMIT[mode].pendingLabel);
  /** A choice of the form's lists (quality, fuel, gearbox): the English value is its message. */
  const choices = (values: readonly string[]) => values.map((value) => [value, t(value)] as const);
  // In the reader's words: the messages made from what was typed (a price, a photo's name).
  const { editListingSchema, sellCarSchema } = listingSchemas(t);
  const schema = mode === "edit" ? editListingSchema : sellCarSchema;
  // The two schemas share one field shape; the edit one names every field.
  const site = useSite();
  const { form, fields, formError, pending } = useSchemaForm(
    `listing-${mode}`,
    schema as typeof editListingSchema,
    lastResult,
    // A new car's mileage is in the site's unit unless its seller chooses the other.
    { defaultValue: defaultValue ?? { mileageUnit: site.distanceUnit }, busyUntilLoaded: true },
  );
  const priceHint =
    site.price.currency === "USD"
      ? t("Whole dollars, digits only: do not type $ or any other currency sign.")
      : t(
          "Whole amounts in {currency}, digits only: do not type {symbol} or any other currency sign.",
          { currency: site.price.currency, symbol: site.price.symbol },
        );
  // A short typed fact of the car: nothing for the browser to fill in. A make or a
  // model (and its example) is a name, not words to translate.
  const carText = (name: "make" | "model" | "colour", label: string, placeholder: string) => (
    <InputField
      field={fields[name]}
      label={label}
      autoComplete="off"
      placeholder={placeholder}
      maxLength={LISTING_TEXT_MAX[name]}
      translate={name === "colour" ? undefined : "no"}
    />
  );

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
        <Section title={t("The car")}>
          <div className={wide}>
            <InputField
              field={fields.carName}
              label={t("Car name")}
              hint={t("What buyers see first, for example “2019 Toyota Corolla LE”.")}
              autoComplete="off"
              maxLength={LISTING_TEXT_MAX.carName}
            />
          </div>
          <SelectField field={fields.category} label={t("Category")}>
            <Options
              empty={t("Choose a category")}
              values={categories.map(({ slug, name }) => [slug, name] as const)}
              untranslated
            />
          </SelectField>
          {mode === "edit" ? (
            <SelectField field={fields.quality} label={t("Quality")}>
              <Options values={choices(QUALITIES)} />
            </SelectField>
          ) : null}
          {carText("make", t("Make"), "Toyota")}
          {carText("model", t("Model"), "Corolla")}
          <InputField
            field={fields.year}
            label={t("Year")}
            hint={t("The year it was made ({year} or later).", { year: String(FIRST_CAR_YEAR) })}
            inputMode="numeric"
            autoComplete="off"
            placeholder="2019"
            maxLength={4}
          />
          <div className="grid grid-cols-[1fr_6.5rem] gap-3">
            <InputField
              field={fields.mileage}
              label={t("Mileage")}
              hint={t("Digits only.")}
              inputMode="numeric"
              autoComplete="off"
              placeholder="45000"
              maxLength={9}
            />
            <SelectField
              field={fields.mileageUnit}
              label={
                <>
                  <span className="sr-only">{t("Mileage")} </span>
                  {t("Unit")}
                </>
              }
              hint={t("km or miles.")}
            >
              <Options values={MILEAGE_UNITS} untranslated />
            </SelectField>
          </div>
          <SelectField field={fields.fuel} label={t("Fuel (optional)")}>
            <Options empty={t("Not specified")} values={choices(FUELS)} />
          </SelectField>
          <SelectField field={fields.transmission} label={t("Transmission (optional)")}>
            <Options empty={t("Not specified")} values={choices(TRANSMISSIONS)} />
          </SelectField>
          {carText("colour", t("Colour (optional)"), t("Silver"))}
        </Section>

        <section
          aria-label={t("Photos")}
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

        <Section title={t("Description")}>
          <div className={wide}>
            <TextareaField
              field={fields.details}
              label={t("Details")}
              hint={t("Condition, service history, extras, anything a buyer should know.")}
              rows={6}
              maxLength={LISTING_TEXT_MAX.details}
            />
          </div>
          <div className={wide}>
            <InputField
              field={fields.location}
              label={t("Location")}
              hint={t("Where buyers can see the car, for example “Austin, TX”.")}
              autoComplete="address-level2"
              maxLength={LISTING_TEXT_MAX.location}
            />
          </div>
        </Section>

        <Section title={t("Use and price")}>
          {/* The exact period shows for the two range choices, with or without JavaScript. */}
          <div className={`group grid gap-x-4 gap-y-2 sm:grid-cols-2 ${wide}`}>
            <SelectField field={fields.yearsUsed} label={t("Years used")}>
              <option value="">{t("Choose how long")}</option>
              {YEARS_USED_VALUES.map((value) => (
                <option
                  key={value}
                  value={value}
                  data-range={
                    value === LESS_THAN_A_YEAR || value === MORE_THAN_TEN_YEARS ? "" : undefined
                  }
                >
                  {yearsUsedLabel(value, t)}
                </option>
              ))}
            </SelectField>
            <div className="hidden grid-cols-[1fr_8.5rem] gap-3 group-has-[[data-range]:checked]:grid">
              <InputField
                field={fields.periodAmount}
                label={t("Exact period")}
                inputMode="numeric"
                autoComplete="off"
                placeholder={range === MORE_THAN_TEN_YEARS ? t("Years") : t("Days/Months")}
                maxLength={amountLimit ? String(amountLimit).length : 3}
              />
              <SelectField
                field={fields.periodUnit}
                label={
                  <>
                    <span className="sr-only">{t("Period")} </span>
                    {t("Unit")}
                  </>
                }
              >
                <Options
                  empty={range === MORE_THAN_TEN_YEARS ? undefined : t("Choose")}
                  values={units.map((unit) => [unit, unitLabel(unit, t)] as const)}
                />
              </SelectField>
            </div>
          </div>
          <InputField
            field={fields.originalPrice}
            label={t("Original Price")}
            hint={priceHint}
            inputMode="numeric"
            autoComplete="off"
            placeholder="30000"
            maxLength={12}
          />
          <InputField
            field={fields.resalePrice}
            label={t("Resale Price")}
            hint={priceHint}
            inputMode="numeric"
            autoComplete="off"
            placeholder="18500"
            maxLength={12}
          />
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
