// The site settings form: every setting on one page, in sections, checked in the
// browser with the action's schema, saved all at once.
import { LANGUAGE_NAMES, LANGUAGES } from "#app/i18n/languages.ts";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { AdminNav } from "#app/components/admin-bits.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { ChoiceField, InputField, TextareaField } from "#app/components/ui/fields.tsx";
import { FormError, FormSection, SubmitButton } from "#app/components/ui/form.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { DEFAULT_BRAND_SHADES, parseHexColour } from "#app/models/brand-colour.ts";
import { settingsAsForm, SITE_LIMITS, siteSettingsSchema } from "#app/models/site-form.ts";
import { formatPrice } from "#app/models/listing.ts";
import { formatNumber } from "#app/models/money.ts";
import {
  DISTANCE_UNITS,
  PRICE_STYLES,
  type DistanceUnit,
  type PriceStyle,
} from "#app/models/money-intl.ts";
import { SETTING_LABEL, SITE_PAGES } from "#app/models/site-labels.ts";
import { type PublicSite, type SiteSettings } from "#app/models/site.ts";

/** The saved settings as the strings the controls show (the pictures are files). */
function formValues({ logoKey: _logo, faviconKey: _icon, ...settings }: SiteSettings) {
  return settingsAsForm(settings);
}

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <FormSection title={title} intro={intro}>
      <div className="mt-4">{children}</div>
    </FormSection>
  );
}

/** A checkbox with its label, and what ticking it does. */
function TickBox({
  field,
  label,
  hint,
}: {
  field: Parameters<typeof InputField>[0]["field"];
  label: string;
  hint?: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="mt-2 mb-4">
      <label className="flex items-center gap-2.5 text-sm font-semibold text-slate-800">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          aria-describedby={hint ? hintId : undefined}
          className="size-4 accent-brand-600"
        />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 ms-6.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const PRICE_STYLE_LABEL: Record<PriceStyle, string> = {
  "amount-sign": "Amount, then the sign (17,900$)",
  locale: "As the locale writes it (17.900 €, £17,900)",
};
const DISTANCE_UNIT_LABEL: Record<DistanceUnit, string> = {
  km: "Kilometres (km)",
  mi: "Miles (mi)",
};

const MARKDOWN_HINT =
  "Markdown: # heading, **bold**, *italic*, - list item, [words](https://…). Empty: no page and no footer link.";

const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The logo or favicon: what shows now, a file to replace it, and a box to remove it. */
function PictureField({
  field,
  remove,
  label,
  current,
  custom,
  hint,
}: {
  field: Parameters<typeof InputField>[0]["field"];
  remove: Parameters<typeof InputField>[0]["field"];
  label: string;
  current: string;
  custom: boolean;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <img
        src={current}
        alt={`The ${label.toLowerCase()} now`}
        width={48}
        height={48}
        className="mt-8 size-12 shrink-0 rounded-lg bg-brand-900 object-contain p-1"
      />
      <div className="min-w-0 flex-1">
        <InputField field={field} label={label} type="file" accept={PICTURE_TYPES} hint={hint} />
        {custom ? (
          <label className="-mt-3 mb-4 flex items-center gap-2 text-sm text-slate-700">
            <input
              {...getInputProps(remove, { type: "checkbox" })}
              className="size-4 accent-brand-600"
            />
            Go back to the built-in {label.toLowerCase()}
          </label>
        ) : null}
      </div>
    </div>
  );
}

export function SettingsForm({
  settings,
  pictures,
  lastResult,
}: {
  settings: SiteSettings;
  /** The logo and favicon as the site shows them. */
  pictures: Pick<PublicSite, "logoUrl" | "favicon" | "price" | "distanceUnit">;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { form, fields, formError, pending } = useSchemaForm(
    "site-settings",
    siteSettingsSchema,
    lastResult,
    { defaultValue: formValues(settings) },
  );
  const swatch =
    parseHexColour(String(fields.brandColour.value ?? "")) ?? DEFAULT_BRAND_SHADES[600];
  const stats = [1, 2, 3] as const;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeading
        title="Site Settings"
        intro="Your marketplace's name, links, home page and pages. Saved changes show on every page within a second."
      />
      <AdminNav />
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-8 space-y-6"
        {...getFormProps(form)}
      >
        <FormError message={formError} />
        <Section title="Your marketplace" intro="Shown in the header, the footer and page titles.">
          <div className="grid gap-x-6 sm:grid-cols-2">
            <InputField
              field={fields.name}
              label={SETTING_LABEL.name}
              maxLength={SITE_LIMITS.name}
            />
            <InputField
              field={fields.tagline}
              label={SETTING_LABEL.tagline}
              hint="Optional. Under the name in the footer."
            />
            <InputField
              field={fields.contactEmail}
              label={SETTING_LABEL.contactEmail}
              type="email"
              hint="Optional. Shown in the footer."
            />
            <PictureField
              field={fields.logo}
              remove={fields.removeLogo}
              label={SETTING_LABEL.logoKey}
              current={pictures.logoUrl}
              custom={settings.logoKey !== null}
              hint="Optional. A square picture (JPEG, PNG or WebP, up to 5 MB); not SVG."
            />
            <PictureField
              field={fields.favicon}
              remove={fields.removeFavicon}
              label={SETTING_LABEL.faviconKey}
              current={pictures.favicon.href}
              custom={settings.faviconKey !== null}
              hint="Optional. The small picture in the browser's tab."
            />
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <InputField
                  field={fields.brandColour}
                  label={SETTING_LABEL.brandColour}
                  hint="Optional: a colour like #1d4ed8 for buttons, links and the header."
                  placeholder="#1d4ed8"
                  spellCheck={false}
                />
              </div>
              <span
                aria-hidden="true"
                className="mt-12 size-10 shrink-0 rounded-lg ring-1 ring-slate-300"
                style={{ backgroundColor: swatch }}
              />
            </div>
          </div>
        </Section>

        <Section
          title="Social links"
          intro="Full addresses starting with https://. An empty link hides its icon in the footer."
        >
          <div className="grid gap-x-6 sm:grid-cols-3">
            {(["socialMicroblogUrl", "socialVideoUrl", "socialNetworkUrl"] as const).map((name) => (
              <InputField
                key={name}
                field={fields[name]}
                label={SETTING_LABEL[name]}
                type="url"
                placeholder="https://"
              />
            ))}
          </div>
        </Section>

        <Section title="Home page" intro="The first things a visitor reads.">
          <InputField
            field={fields.heroTitle}
            label={SETTING_LABEL.heroTitle}
            maxLength={SITE_LIMITS.heroTitle}
          />
          <TextareaField
            field={fields.heroText}
            label={SETTING_LABEL.heroText}
            hint="Optional. The paragraph under the title."
          />
          <div className="max-w-xs">
            <InputField
              field={fields.advertisedCount}
              label={SETTING_LABEL.advertisedCount}
              hint="1 to 12. When sellers advertise more, they take turns day by day."
              inputMode="numeric"
            />
          </div>
          <TickBox field={fields.statsShown} label="Show the statistics banner" />
          <div className="grid gap-x-6 sm:grid-cols-3">
            {stats.map((n) => (
              <div key={n}>
                <InputField
                  field={fields[`stat${n}Value`]}
                  label={SETTING_LABEL[`stat${n}Value`]}
                  maxLength={SITE_LIMITS.statValue}
                />
                <InputField
                  field={fields[`stat${n}Label`]}
                  label={SETTING_LABEL[`stat${n}Label`]}
                  maxLength={SITE_LIMITS.statLabel}
                />
              </div>
            ))}
          </div>
        </Section>

        <Section
          title="Listing rules"
          intro="How long cars stay listed, how many photos they carry, and whose cars are public."
        >
          <div className="grid gap-x-6 sm:grid-cols-2">
            <InputField
              field={fields.freshDays}
              label={SETTING_LABEL.freshDays}
              hint="14 to 365. Sellers are reminded a week before; the car's page keeps working."
              inputMode="numeric"
            />
            <InputField
              field={fields.photosPerCar}
              label={SETTING_LABEL.photosPerCar}
              hint="1 to 12. Cars that already have more keep them, but get no new ones."
              inputMode="numeric"
            />
          </div>
          <TickBox
            field={fields.sellersNeedVerification}
            label={SETTING_LABEL.sellersNeedVerification}
            hint="When ticked, a seller's cars stay off the public pages until an admin verifies the seller (All Sellers, Verify Seller). The seller and admins still see them."
          />
        </Section>

        <Section
          title="Money and units"
          intro="Prices are kept as typed: changing the currency relabels them and converts nothing."
        >
          <div className="grid gap-x-6 sm:grid-cols-2">
            <InputField
              field={fields.currency}
              label={SETTING_LABEL.currency}
              hint="The ISO 4217 code: USD, EUR, GBP, CHF…"
              maxLength={3}
              autoComplete="off"
              spellCheck={false}
            />
            <InputField
              field={fields.locale}
              label={SETTING_LABEL.locale}
              hint="How numbers and dates are written: en-US, en-GB, de-DE, fr-FR…"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="mb-4 grid gap-6 sm:grid-cols-2">
            <ChoiceField
              field={fields.priceStyle}
              legend={SETTING_LABEL.priceStyle}
              type="radio"
              values={PRICE_STYLES}
              labels={PRICE_STYLE_LABEL}
            />
            <ChoiceField
              field={fields.distanceUnit}
              legend={SETTING_LABEL.distanceUnit}
              type="radio"
              values={DISTANCE_UNITS}
              labels={DISTANCE_UNIT_LABEL}
            />
            <ChoiceField
              field={fields.language}
              legend={SETTING_LABEL.language}
              type="radio"
              values={LANGUAGES}
              labels={LANGUAGE_NAMES}
            />
          </div>
          <p className="text-sm text-slate-600">
            Saved now: a car of {formatNumber(17_900, pictures.price)} reads{" "}
            <span className="font-semibold text-slate-900">
              {formatPrice(1_790_000, pictures.price)}
            </span>
            ; mileage filters and lists use{" "}
            {DISTANCE_UNIT_LABEL[pictures.distanceUnit].toLowerCase()}. Each car keeps the unit its
            seller typed.
          </p>
        </Section>

        <Section title="Pages" intro={MARKDOWN_HINT}>
          {SITE_PAGES.map((page) => (
            <div key={page.slug}>
              <TextareaField field={fields[page.column]} label={page.label} rows={8} />
              {settings[page.column] ? (
                <p className="-mt-4 mb-4 text-sm">
                  <AppLink
                    to={`/${page.slug}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    View the {page.label} page
                  </AppLink>
                </p>
              ) : null}
            </div>
          ))}
        </Section>

        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel="Saving…" className="sm:w-auto sm:px-8">
            Save Settings
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
