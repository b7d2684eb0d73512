// The frame of the dialogs that post a form through a fetcher (contact the seller, the
// admin's forms): modal on a dimmed page, closed by Escape or a click outside unless
// the form is on its way, focus back on the button that opened it, and a server's
// refusal (formError) also said as a toast.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, type ReactNode, type RefObject } from "react";

import { showToast } from "#app/components/toaster.tsx";

/** How the page opens and closes a form's dialog, and where focus goes back. */
export type DialogControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id the button's aria-controls names. */
  contentId: string;
  /** The button that opened the dialog: focus returns to it. */
  trigger: RefObject<HTMLAnchorElement | null>;
};

export function FormDialogFrame({
  open,
  onOpenChange,
  pending,
  formError,
  contentId,
  trigger,
  children,
}: DialogControl & {
  /** The form is being sent: the dialog stays open. */
  pending: boolean;
  /** The server's refusal of the whole form, if any. */
  formError: string | undefined;
  children: ReactNode;
}) {
  useEffect(() => {
    if (formError) showToast("error", formError, { announce: false });
  }, [formError]);

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
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
