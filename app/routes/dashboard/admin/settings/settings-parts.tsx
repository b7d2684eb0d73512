// The pieces of the site settings form: its sections, a checkbox with a hint, the logo
// and favicon fields, and the words of its choices (translated where they are shown).
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";

import { msg, type Translate } from "#app/i18n/translator.ts";
import { InputField } from "#app/components/ui/fields.tsx";
import { FormSection } from "#app/components/ui/form.tsx";
import type { DistanceUnit, PriceStyle } from "#app/models/money-intl.ts";

export function Section({
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
export function TickBox({
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

export const PRICE_STYLE_LABEL: Record<PriceStyle, string> = {
  "amount-sign": msg("Amount, then the sign (17,900$)"),
  locale: msg("As the locale writes it (17.900 €, £17,900)"),
};
export const DISTANCE_UNIT_LABEL: Record<DistanceUnit, string> = {
  km: msg("Kilometres (km)"),
  mi: msg("Miles (mi)"),
};
/** The unit inside a sentence. */
export const DISTANCE_UNIT_WORDS: Record<DistanceUnit, string> = {
  km: msg("kilometres (km)"),
  mi: msg("miles (mi)"),
};

/** The labels of a table of choices, in the page's language. */
export function translated<Value extends string>(labels: Record<Value, string>, t: Translate) {
  return Object.fromEntries(
    Object.entries<string>(labels).map(([value, label]) => [value, t(label)]),
  ) as Record<Value, string>;
}

export const MARKDOWN_HINT = msg(
  "Markdown: # heading, **bold**, *italic*, - list item, [words](https://…). Empty: no page and no footer link.",
);

const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The logo or favicon: what shows now, a file to replace it, and a box to remove it. */
export function PictureField({
  field,
  remove,
  label,
  alt,
  removeLabel,
  current,
  custom,
  hint,
}: {
  field: Parameters<typeof InputField>[0]["field"];
  remove: Parameters<typeof InputField>[0]["field"];
  label: string;
  /** What the picture shown now is ("The logo now"). */
  alt: string;
  /** The box that removes it ("Go back to the built-in logo"). */
  removeLabel: string;
  current: string;
  custom: boolean;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <img
        src={current}
        alt={alt}
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
            {removeLabel}
          </label>
        ) : null}
      </div>
    </div>
  );
}
