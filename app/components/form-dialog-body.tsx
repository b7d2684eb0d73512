// The dialog of FormDialog (admin-form-dialog.tsx loads this module on demand):
// it posts through a fetcher, shows field errors in place and closes once the
// action has redirected with its toast.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useFetcher } from "react-router";

import {
  Buttons,
  cancelClass,
  Hidden,
  type FormBody,
  type FormReply,
} from "#app/components/admin-form-dialog.tsx";
import { showToast } from "#app/components/toaster.tsx";
import { FormError } from "#app/components/ui/form.tsx";

export default function FormDialogBody({
  body,
  title,
  description,
  open,
  onOpenChange,
  contentId,
  trigger,
}: {
  body: FormBody;
  title: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id the button's aria-controls names. */
  contentId: string;
  /** The button that opened the dialog: focus returns to it. */
  trigger: RefObject<HTMLAnchorElement | null>;
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

  useEffect(() => {
    if (reply?.formError) showToast("error", reply.formError, { announce: false });
  }, [reply]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          id={contentId}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none"
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
            <Hidden fields={body.fields} />
            <FormError message={reply?.formError} />
            {body.children(reply)}
            <Buttons
              body={body}
              pending={pending}
              cancel={
                <Dialog.Close type="button" disabled={pending} className={cancelClass}>
                  Cancel
                </Dialog.Close>
              }
            />
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
