// The field family of every Conform form: a label, the control Conform sets up
// (name, id, default value, constraints, aria-invalid and aria-describedby), an
// optional hint inside the label and the error below it, in one component per
// kind of control. Other attributes pass through to the control.
import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";

import { Field, FieldError, inputClass } from "#app/components/ui/form.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

// Conform's metadata for a field of any form: each component reads only its
// name, id, errors and initial value.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, any>;

type Labelled = { field: AnyField; label: ReactNode; hint?: ReactNode };

export const selectClass = `${inputClass} pe-9`;

type InputType = "text" | "email" | "password" | "file" | "search" | "tel" | "url";

export function InputField({
  field,
  label,
  hint,
  type = "text",
  className = inputClass,
  ...control
}: Labelled & { type?: InputType } & Omit<ComponentProps<"input">, "type" | "name">) {
  return (
    <Field label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      <input {...getInputProps(field, { type })} className={className} {...control} />
    </Field>
  );
}

export function SelectField({
  field,
  label,
  hint,
  children,
  ...control
}: Labelled & Omit<ComponentProps<"select">, "name">) {
  return (
    <Field label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      <select {...getSelectProps(field)} className={selectClass} {...control}>
        {children}
      </select>
    </Field>
  );
}

/** A textarea, three rows high unless told. */
export function TextareaField({
  field,
  label,
  hint,
  rows = 3,
  ...control
}: Labelled & Omit<ComponentProps<"textarea">, "name">) {
  return (
    <Field label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      {/* What is typed here is people's own words. */}
      <textarea
        {...getTextareaProps(field)}
        rows={rows}
        translate="no"
        className={inputClass}
        {...control}
      />
    </Field>
  );
}

/** Radio buttons (one value) or checkboxes (a list), each in its own label, under a legend. */
export function ChoiceField<Value extends string>({
  field,
  legend,
  type,
  values,
  labels,
  languages,
}: {
  field: AnyField;
  legend: ReactNode;
  type: "radio" | "checkbox";
  values: readonly Value[];
  /** Each value's label: a catalogue message (often a model's, marked with msg) or the reader's words. */
  labels: Record<Value, string>;
  /** Labels that are names of languages, each in its own: shown as they are, in their language. */
  languages?: boolean;
}) {
  const t = useT();
  const choices = getCollectionProps(field, { type, options: [...values] });
  return (
    <fieldset aria-describedby={field.errorId} aria-invalid={field.errors ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map(({ key, ...choice }) => (
          <label
            key={key}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-600"
          >
            <input {...choice} className="size-4 accent-brand-600" />
            {languages ? (
              <span lang={choice.value} translate="no">
                {labels[choice.value as Value]}
              </span>
            ) : (
              t(labels[choice.value as Value])
            )}
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * The options of a select: an optional empty choice, then each value (or [value, label]).
 * The labels are shown as given: the caller says them in the reader's words, or marks
 * them `untranslated` when they are not words to translate (names people gave, units).
 */
export function Options({
  values,
  empty,
  untranslated = false,
}: {
  values: readonly (string | readonly [string, string])[];
  empty?: string;
  untranslated?: boolean;
}) {
  return (
    <>
      {empty ? <option value="">{empty}</option> : null}
      {values.map((entry) => {
        const [value, label] = typeof entry === "string" ? [entry, entry] : entry;
        return (
          <option key={value} value={value} translate={untranslated ? "no" : undefined}>
            {label}
          </option>
        );
      })}
    </>
  );
}
