// What a short form in a dialog is made of, shared by the form on the page
// (admin-form-dialog.tsx) and its dialog (form-dialog-body.tsx): its schema and
// fields, its buttons and its hidden fields. Both check it with the schema the
// action uses (useSchemaForm) and show the action's reply, Conform's result.
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { z } from "zod";

import { FormError } from "#app/components/ui/form.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";

/** The schema a dialog's form is checked with, in the browser and in the action. */
export type FormSchema = z.ZodObject;

/** What the action answers when it does not redirect: Conform's result. */
export type FormResult = SubmissionResult<string[]> | null | undefined;

type SchemaForm<Schema extends FormSchema> = ReturnType<typeof useSchemaForm<Schema>>;

/** Conform's fields of a form with this schema, as the visible fields get them. */
export type SchemaFields<Schema extends FormSchema> = SchemaForm<Schema>["fields"];

export type FormBody<Schema extends FormSchema> = {
  /** Where the form posts (the page's own path, so a reply re-renders it). */
  action: string;
  /** Conform's id for the form: one per form on the page (a row's dialog names its row). */
  formId: string;
  schema: Schema;
  /** Hidden fields (intent, id, …). */
  hidden: Record<string, string>;
  /** The visible fields' values to start from (an edited record's), as the controls show them. */
  defaultValue?: Record<string, string>;
  /**
   * The visible fields, given Conform's fields. (A method, so a form of any schema
   * passes through the dialog's lazily loaded module, which cannot stay generic.)
   */
  children(fields: SchemaFields<Schema>): ReactNode;
  submitLabel: string;
  pendingLabel: string;
  tone?: "danger" | "default";
};

const SUBMIT_STYLE = {
  danger: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  default: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
};

function Buttons({
  body,
  pending,
  cancel,
}: {
  body: Pick<FormBody<FormSchema>, "submitLabel" | "pendingLabel" | "tone">;
  pending: boolean;
  cancel: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancel}
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-wait disabled:opacity-80 ${SUBMIT_STYLE[body.tone ?? "default"]}`}
      >
        {pending ? (
          <>
            <Spinner />
            {t(body.pendingLabel)}
          </>
        ) : (
          t(body.submitLabel)
        )}
      </button>
    </div>
  );
}

export const cancelClass =
  "inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60";

/** What goes inside the form element, on the page and in the dialog alike. */
export function FormContent<Schema extends FormSchema>({
  body,
  form,
  pending,
  cancel,
}: {
  body: FormBody<Schema>;
  form: SchemaForm<Schema>;
  pending: boolean;
  cancel: ReactNode;
}) {
  return (
    <>
      {Object.entries(body.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError message={form.formError} />
      <div className="space-y-2">{body.children(form.fields)}</div>
      <Buttons body={body} pending={pending} cancel={cancel} />
    </>
  );
}
