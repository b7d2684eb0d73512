// The dialog of FormDialog (admin-form-dialog.tsx loads this module on demand):
// it posts through a fetcher and closes once the action has redirected with its
// toast. The form inside is checked with its schema (Conform) while the dialog is
// open: each opening starts from the action's last reply, not from what a closed
// one had typed or been told.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";

import { FormContent, cancelClass, type FormBody, type FormSchema } from "./form-dialog-parts.tsx";
import { FormDialogFrame, type DialogControl } from "#app/components/ui/form-dialog-frame.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";

/** What the action answers when it does not redirect. */
type Answer = { result?: SubmissionResult<string[]> };

export default function FormDialogBody<Schema extends FormSchema>({
  form,
  dialog,
}: {
  form: { body: FormBody<Schema>; title: string; description: ReactNode };
  dialog: DialogControl;
}) {
  const fetcher = useFetcher<Answer>();
  const pending = fetcher.state !== "idle";
  const answer = fetcher.data ?? null;
  const { onOpenChange } = dialog;
  const t = useT();
  // The answer there was when the form was sent: a new one means the action answered
  // with errors; the same one means it redirected (success, with its own toast).
  const sentWith = useRef<Answer | null | undefined>(undefined);
  useEffect(() => {
    if (pending || sentWith.current === undefined) return;
    const before = sentWith.current;
    sentWith.current = undefined;
    if (answer === before) onOpenChange(false);
  }, [pending, answer, onOpenChange]);

  // A refusal of the whole form also toasts (spec §8): useSchemaForm says it, so the
  // frame is not given it a second time.
  return (
    <FormDialogFrame {...dialog} pending={pending} formError={undefined}>
      <Dialog.Title className="text-lg font-semibold text-balance text-slate-900">
        {t(form.title)}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-slate-700">
        {typeof form.description === "string" ? t(form.description) : form.description}
      </Dialog.Description>
      <DialogForm
        body={form.body}
        fetcher={fetcher}
        lastResult={answer?.result}
        pending={pending}
        onSend={() => {
          sentWith.current = answer;
        }}
      />
    </FormDialogFrame>
  );
}

/** The form itself, mounted while the dialog is open. */
function DialogForm<Schema extends FormSchema>({
  body,
  fetcher,
  lastResult,
  pending,
  onSend,
}: {
  body: FormBody<Schema>;
  fetcher: FetcherWithComponents<Answer>;
  lastResult: Answer["result"];
  pending: boolean;
  /** Called when the form is valid and goes to the action. */
  onSend: () => void;
}) {
  const form = useSchemaForm(body.formId, body.schema, lastResult, {
    defaultValue: body.defaultValue,
  });
  const t = useT();
  const { onSubmit, ...formProps } = getFormProps(form.form);
  return (
    <fetcher.Form
      method="post"
      action={body.action}
      {...formProps}
      preventScrollReset
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) onSend();
      }}
      className="mt-4"
    >
      <FormContent
        body={body}
        form={form}
        pending={pending}
        cancel={
          <Dialog.Close type="button" disabled={pending} className={cancelClass}>
            {t("Cancel")}
          </Dialog.Close>
        }
      />
    </fetcher.Form>
  );
}
