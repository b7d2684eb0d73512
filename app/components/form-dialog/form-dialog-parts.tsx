// What a short form in a dialog is made of, shared by the form on the page
// (admin-form-dialog.tsx) and its dialog (form-dialog-body.tsx): the reply an action
// gives, the form's description, its buttons and its hidden fields.
import type { ReactNode } from "react";

import { FormError } from "#app/components/ui/form.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";

/** What an action answers when it does not redirect: errors next to fields, or one for the form. */
export type FormReply = {
  intent: string;
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  values?: Partial<Record<string, string>>;
};

export type FormBody = {
  /** Where the form posts (the page's own path, so a reply re-renders it). */
  action: string;
  /** Hidden fields (intent, id, …). */
  fields: Record<string, string>;
  /** The visible fields, given the last reply. */
  children: (reply: FormReply | null) => ReactNode;
  submitLabel: string;
  pendingLabel: string;
  tone?: "danger" | "default";
};

const SUBMIT_STYLE = {
  danger: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  default: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
};

export function Buttons({
  body,
  pending,
  cancel,
}: {
  body: FormBody;
  pending: boolean;
  cancel: ReactNode;
}) {
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
            {body.pendingLabel}
          </>
        ) : (
          body.submitLabel
        )}
      </button>
    </div>
  );
}

export const cancelClass =
  "inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60";

export function Hidden({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/** What goes inside the form element, on the page and in the dialog alike. */
export function FormContent({
  body,
  reply,
  pending,
  cancel,
}: {
  body: FormBody;
  reply: FormReply | null;
  pending: boolean;
  cancel: ReactNode;
}) {
  return (
    <>
      <Hidden fields={body.fields} />
      <FormError message={reply?.formError} />
      {body.children(reply)}
      <Buttons body={body} pending={pending} cancel={cancel} />
    </>
  );
}
