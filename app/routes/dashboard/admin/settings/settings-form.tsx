// The site settings form: every setting on one page, in sections, checked in the
// browser with the action's schema, saved all at once.
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import { LANGUAGE_NAMES, LANGUAGES } from "#app/i18n/languages.ts";
import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import {
  DISTANCE_UNIT_LABEL,
  DISTANCE_UNIT_WORDS,
  MARKDOWN_HINT,
  PictureField,
  PRICE_STYLE_LABEL,
  Section,
  TickBox,
  translated,
} from "./settings-parts.tsx";
import { AdminNav } from "#app/components/admin-bits.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { ChoiceField, InputField, TextareaField } from "#app/components/ui/fields.tsx";
import { FormError, SubmitButton } from "#app/components/ui/form.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { DEFAULT_BRAND_SHADES, parseHexColour } from "#app/models/brand-colour.ts";
import { settingsAsForm, SITE_LIMITS, siteSettingsSchemaFor } from "#app/models/site-form.ts";
import { formatPrice } from "#app/models/listing.ts";
import { formatNumber } from "#app/models/money.ts";
import { DISTANCE_UNITS, PRICE_STYLES } from "#app/models/money-intl.ts";
import { SETTING_LABEL, SITE_PAGES } from "#app/models/site-labels.ts";
import { type PublicSite, type SiteSettings } from "#app/models/site.ts";

/** The saved settings as the strings the controls show (the pictures are files). */
function formValues({ logoKey: _logo, faviconKey: _icon, ...settings }: SiteSettings) {
  return settingsAsForm(settings);
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
  const t = useT();
  const { form, fields, formError, pending } = useSchemaForm(
    "site-settings",
    siteSettingsSchemaFor(t),
    lastResult,
    { defaultValue: formValues(settings) },
  );
  const swatch =
    parseHexColour(String(fields.brandColour.value ?? "")) ?? DEFAULT_BRAND_SHADES[600];
  const stats = [1, 2, 3] as const;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeading
        title={t("Site Settings")}
        intro={t(
          "Your marketplace's name, links, home page and pages. Saved changes show on every page within a second.",
        )}
      />
      <AdminNav />
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-8 space-y-6"
        {...getFormProps(form)}
      >
        <FormError message={formError} />
        <Section
          title={t("Your marketplace")}
          intro={t("Shown in the header, the footer and page titles.")}
        >
          <div className="grid gap-x-6 sm:grid-cols-2">
            <InputField
              field={fields.name}
              label={t(SETTING_LABEL.name)}
              maxLength={SITE_LIMITS.name}
            />
            <InputField
              field={fields.tagline}
              label={t(SETTING_LABEL.tagline)}
              hint={t("Optional. Under the name in the footer.")}
            />
            <InputField
              field={fields.contactEmail}
              label={t(SETTING_LABEL.contactEmail)}
              type="email"
              hint={t("Optional. Shown in the footer.")}
            />
            <PictureField
              field={fields.logo}
              remove={fields.removeLogo}
              label={t(SETTING_LABEL.logoKey)}
              current={pictures.logoUrl}
              alt={t("The logo now")}
              removeLabel={t("Go back to the built-in logo")}
              custom={settings.logoKey !== null}
              hint={t("Optional. A square picture (JPEG, PNG or WebP, up to 5 MB); not SVG.")}
            />
            <PictureField
              field={fields.favicon}
              remove={fields.removeFavicon}
              label={t(SETTING_LABEL.faviconKey)}
              current={pictures.favicon.href}
              alt={t("The favicon now")}
              removeLabel={t("Go back to the built-in favicon")}
              custom={settings.faviconKey !== null}
              hint={t("Optional. The small picture in the browser's tab.")}
            />
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <InputField
                  field={fields.brandColour}
                  label={t(SETTING_LABEL.brandColour)}
                  hint={t("Optional: a colour like #1d4ed8 for buttons, links and the header.")}
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
          title={t("Social links")}
          intro={t(
            "Full addresses starting with https://. An empty link hides its icon in the footer.",
          )}
        >
          <div className="grid gap-x-6 sm:grid-cols-3">
            {(["socialMicroblogUrl", "socialVideoUrl", "socialNetworkUrl"] as const).map((name) => (
              <InputField
                key={name}
                field={fields[name]}
                label={t(SETTING_LABEL[name])}
                type="url"
                placeholder="https://"
              />
            ))}
          </div>
        </Section>

        <Section title={t("Home page")} intro={t("The first things a visitor reads.")}>
          <InputField
            field={fields.heroTitle}
            label={t(SETTING_LABEL.heroTitle)}
            maxLength={SITE_LIMITS.heroTitle}
          />
          <TextareaField
            field={fields.heroText}
            label={t(SETTING_LABEL.heroText)}
            hint={t("Optional. The paragraph under the title.")}
          />
          <div className="max-w-xs">
            <InputField
              field={fields.advertisedCount}
              label={t(SETTING_LABEL.advertisedCount)}
              hint={t("1 to 12. When sellers advertise more, they take turns day by day.")}
              inputMode="numeric"
            />
          </div>
          <TickBox field={fields.statsShown} label={t("Show the statistics banner")} />
          <div className="grid gap-x-6 sm:grid-cols-3">
            {stats.map((n) => (
              <div key={n}>
                <InputField
                  field={fields[`stat${n}Value`]}
                  label={t(SETTING_LABEL[`stat${n}Value`])}
                  maxLength={SITE_LIMITS.statValue}
                />
                <InputField
                  field={fields[`stat${n}Label`]}
                  label={t(SETTING_LABEL[`stat${n}Label`])}
                  maxLength={SITE_LIMITS.statLabel}
                />
              </div>
            ))}
          </div>
        </Section>

        <Section
          title={t("Listing rules")}
          intro={t(
            "How long cars stay listed, how many photos they carry, and whose cars are public.",
          )}
        >
          <div className="grid gap-x-6 sm:grid-cols-2">
            <InputField
              field={fields.freshDays}
              label={t(SETTING_LABEL.freshDays)}
              hint={t(
                "14 to 365. Sellers are reminded a week before; the car's page keeps working.",
              )}
              inputMode="numeric"
            />
            <InputField
              field={fields.photosPerCar}
              label={t(SETTING_LABEL.photosPerCar)}
              hint={t("1 to 12. Cars that already have more keep them, but get no new ones.")}
              inputMode="numeric"
            />
          </div>
          <TickBox
            field={fields.sellersNeedVerification}
            label={t(SETTING_LABEL.sellersNeedVerification)}
            hint={t(
              "When ticked, a seller's cars stay off the public pages until an admin verifies the seller (All Sellers, Verify Seller). The seller and admins still see them.",
            )}
          />
        </Section>

        <Section
          title={t("Money and units")}
          intro={t(
            "Prices are kept as typed: changing the currency relabels them and converts nothing.",
          )}
        >
          <div className="grid gap-x-6 sm:grid-cols-2">
            <InputField
              field={fields.currency}
              label={t(SETTING_LABEL.currency)}
              hint={t("The ISO 4217 code: USD, EUR, GBP, CHF…")}
              maxLength={3}
              autoComplete="off"
              spellCheck={false}
            />
            <InputField
              field={fields.locale}
              label={t(SETTING_LABEL.locale)}
              hint={t("How numbers and dates are written: en-US, en-GB, de-DE, fr-FR…")}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="mb-4 grid gap-6 sm:grid-cols-2">
            <ChoiceField
              field={fields.priceStyle}
              legend={t(SETTING_LABEL.priceStyle)}
              type="radio"
              values={PRICE_STYLES}
              labels={translated(PRICE_STYLE_LABEL, t)}
            />
            <ChoiceField
              field={fields.distanceUnit}
              legend={t(SETTING_LABEL.distanceUnit)}
              type="radio"
              values={DISTANCE_UNITS}
              labels={translated(DISTANCE_UNIT_LABEL, t)}
            />
            <ChoiceField
              field={fields.language}
              legend={t(SETTING_LABEL.language)}
              type="radio"
              values={LANGUAGES}
              labels={LANGUAGE_NAMES}
              languages
            />
          </div>
          <p className="text-sm text-slate-600">
            <Rich
              message="Saved now: a car of {amount} reads {price}; mileage filters and lists use {unit}. Each car keeps the unit its seller typed."
              values={{
                amount: <bdi>{formatNumber(17_900, pictures.price)}</bdi>,
                price: (
                  <bdi className="font-semibold text-slate-900">
                    {formatPrice(1_790_000, pictures.price)}
                  </bdi>
                ),
                unit: t(DISTANCE_UNIT_WORDS[pictures.distanceUnit]),
              }}
            />
          </p>
        </Section>

        <Section title={t("Pages")} intro={t(MARKDOWN_HINT)}>
          {SITE_PAGES.map((page) => (
            <div key={page.slug}>
              <TextareaField field={fields[page.column]} label={t(page.label)} rows={8} />
              {settings[page.column] ? (
                <p className="-mt-4 mb-4 text-sm">
                  <AppLink
                    to={`/${page.slug}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {t("View the {page} page", { page: t(page.label) })}
                  </AppLink>
                </p>
              ) : null}
            </div>
          ))}
        </Section>

        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel={t("Saving…")} className="sm:w-auto sm:px-8">
            {t("Save Settings")}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
