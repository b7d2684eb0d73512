// The dialog of FormDialog (admin-form-dialog.tsx loads this module on demand):
// it posts through a fetcher, shows field errors in place and closes once the
// action has redirected with its toast.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";

import { FormContent, cancelClass, type FormBody, type FormReply } from "./form-dialog-parts.tsx";
import { FormDialogFrame, type DialogControl } from "#app/components/ui/form-dialog-frame.tsx";

export default function FormDialogBody({
  body,
  title,
  description,
  open,
  onOpenChange,
  contentId,
  trigger,
}: DialogControl & {
  body: FormBody;
  title: string;
  description: ReactNode;
}) {
  const fetcher = useFetcher<FormReply>();
  const pending = fetcher.state !== "idle";
  const reply = fetcher.data ?? null;
  // The reply there was when the form was sent: a new one means the action answered
  // with errors; the same one means it redirected (success, with its own toast).
  const sentWith = useRef<FormReply | null | undefined>(undefined);
  useEffect(() => {
    if (pending || sentWith.current === undefined) return;
    const before = sentWith.current;
    sentWith.current = undefined;
    if (reply === before) onOpenChange(false);
  }, [pending, reply, onOpenChange]);

  return (
    <FormDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      formError={reply?.formError}
      contentId={contentId}
      trigger={trigger}
    >
      <Dialog.Title className="text-lg font-semibold text-balance text-slate-900">
        {title}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-slate-700">{description}</Dialog.Description>
      <fetcher.Form
        method="post"
        action={body.action}
        noValidate
        preventScrollReset
        onSubmit={() => {
          sentWith.current = reply;
        }}
        className="mt-4"
      >
        <FormContent
          body={body}
          reply={reply}
          pending={pending}
          cancel={
            <Dialog.Close type="button" disabled={pending} className={cancelClass}>
              Cancel
            </Dialog.Close>
          }
        />
      </fetcher.Form>
    </FormDialogFrame>
  );
}
