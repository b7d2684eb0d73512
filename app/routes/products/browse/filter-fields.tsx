// The filter groups of the search form, each a labelled field the panel places: a
// from–to range (year, price), a text box (mileage, location), the choices from a
// list (fuel, transmission, quality) and the yes/no flags, with the field styles
// the search bar shares. Plain form fields: they work without JavaScript.
import type { ReactNode } from "react";

import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";

export const field =
  "mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600";
export const labelText = "text-sm font-medium text-slate-800";

export function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className={labelText}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function Range({
  legend,
  names,
  values,
  placeholders,
  inputMode = "numeric",
}: {
  legend: string;
  names: [string, string];
  values: [number | undefined, number | undefined];
  placeholders: [string, string];
  inputMode?: "numeric";
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className={labelText}>{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {names.map((name, index) => (
          <div key={name}>
            <label htmlFor={`filter-${name}`} className="sr-only">
              {index === 0 ? t("{legend}, from", { legend }) : t("{legend}, to", { legend })}
            </label>
            <input
              id={`filter-${name}`}
              type="text"
              name={name}
              inputMode={inputMode}
              autoComplete="off"
              defaultValue={values[index] ?? ""}
              placeholder={placeholders[index]}
              className={`${field} mt-0`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The filters chosen from a list: name, label, the "any" option and the choices. */
export const CHOICES = [
  ["fuel", msg("Fuel"), msg("Any fuel"), FUELS],
  ["transmission", msg("Transmission"), msg("Any transmission"), TRANSMISSIONS],
  ["quality", msg("Quality"), msg("Any quality"), QUALITIES],
] as const;

/** The yes/no filters: name and label. */
export const FLAGS = [
  ["verified", msg("Verified sellers only")],
  ["reduced", msg("Price reduced lately")],
  ["sold", msg("Include sold cars")],
] as const;
export function TextFilter({
  name,
  label,
  value,
  placeholder,
  numeric,
}: {
  name: "maxMileage" | "location";
  label: string;
  value: string | number | undefined;
  placeholder: string;
  numeric?: boolean;
}) {
  return (
    <Field label={label} htmlFor={`filter-${name}`}>
      <input
        id={`filter-${name}`}
        type="text"
        name={name}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="off"
        defaultValue={value ?? ""}
        placeholder={placeholder}
        className={field}
      />
    </Field>
  );
}
