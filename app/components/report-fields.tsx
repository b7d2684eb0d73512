// The two fields of every report to the admins (a car's, a conversation's): why, as radio
// buttons, and optional words. Each form passes its own reasons, question and hint.
import type { FieldMetadata } from "@conform-to/react";

import { ChoiceField, TextareaField } from "#app/components/ui/fields.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

// Conform's metadata of the two fields, from either report schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, any>;

export function ReportFields<Reason extends string>({
  fields,
  legend,
  reasons,
  labels,
  hint,
  maxLength,
}: {
  fields: { reason: AnyField; details: AnyField };
  /** The question above the reasons, in the reader's words. */
  legend: string;
  reasons: readonly Reason[];
  /** Each reason's label: a catalogue message (ChoiceField translates it). */
  labels: Record<Reason, string>;
  /** What the admins do with it, and who does not see it, in the reader's words. */
  hint: string;
  maxLength: number;
}) {
  const t = useT();
  return (
    <>
      <ChoiceField
        field={fields.reason}
        legend={legend}
        type="radio"
        values={reasons}
        labels={labels}
      />
      <TextareaField
        field={fields.details}
        label={t("Anything the admins should know? (optional)")}
        hint={hint}
        maxLength={maxLength}
      />
    </>
  );
}
