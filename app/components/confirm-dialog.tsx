// The one confirm step for destructive or state-changing buttons (DESIGN decision
// 16): the spec's browser confirm() texts, in an accessible dialog.
//
// It wraps a real <form method="post"> with hidden fields. Before JavaScript runs
// (or without it), the trigger is a plain submit button and the form posts
// directly. With JavaScript, the trigger opens the dialog instead; "Yes" submits
// the same form. Focus moves into the dialog, stays there, and returns to what
// opened it. The trigger and "Yes" say when the request is under way.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFormAction } from "react-router";

import { showToast } from "#app/components/toaster.tsx";
import { dangerButton } from "#app/components/ui/buttons.ts";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useFetcherOnDemand } from "#app/components/use-fetcher-on-demand.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

// Pages that show a spinner next to a confirm dialog import both from here.
export { Spinner };

type Tone = "danger" | "default";

const CONFIRM_STYLE: Record<Tone, string> = {
  danger: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  default: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
};

export type ConfirmControls = {
  /** Opens the dialog (for controls other than the trigger, e.g. a select's change). */
  ask: () => void;
  /** True while the form's request is under way. */
  pending: boolean;
};

/**
 * The texts are catalogue messages (a model's, marked with msg) or already in the
 * reader's words: the dialog shows each through `t`, which keeps the latter as they are.
 */
export type ConfirmDialogProps = {
  /** Hidden fields the form posts (intent, id, …). */
  fields: Record<string, string>;
  /** The dialog's heading, e.g. "Delete Toyota Camry?". */
  title: string;
  /** The question, in the spec's words where it has some. */
  message: string;
  /** Optional plainer explanation below the question. */
  detail?: ReactNode;
  confirmLabel: string;
  /** What the buttons read while the request runs, e.g. "Deleting…". */
  pendingLabel: string;
  tone?: Tone;
  /** Content of the button that asks; omit when `children` asks instead. */
  trigger?: ReactNode;
  triggerClassName?: string;
  /** Accessible name of the trigger when its content alone is not enough. */
  triggerLabel?: string;
  triggerDisabled?: boolean;
  /** More controls inside the form (they post with it). */
  children?: (controls: ConfirmControls) => ReactNode;
  /** Called when the dialog closes without confirming. */
  onCancel?: () => void;
  /** Where the form posts; this page's own route when left out. */
  action?: string;
  className?: string;
};

/**
 * Without `action` the form posts to the page's own route (useFormAction). A table
 * of rows passes the address it computed once: React Router resolves it with several
 * hooks, which a page of My Products otherwise ran eighty times per render.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.action === undefined ? (
    <ConfirmDialogHere {...props} />
  ) : (
    <ConfirmDialogAt {...props} formAction={props.action} />
  );
}

/** The Delete button of a row (`intent=delete`, the row's id), asking the spec's question. */
export function DeleteDialog({
  action,
  id,
  name,
  message,
  detail,
}: {
  action: string;
  id: string | number;
  /** What is deleted, as the person sees it (a car's title, a person's name). */
  name: string;
  message: string;
  detail: string;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      action={action}
      fields={{ intent: "delete", id: String(id) }}
      title={t("Delete {name}?", { name })}
      message={message}
      detail={detail}
      confirmLabel={t("Yes, delete")}
      pendingLabel={t("Deleting…")}
      tone="danger"
      trigger={t("Delete")}
      triggerLabel={t("Delete {name}", { name })}
      triggerClassName={dangerButton}
    />
  );
}

function ConfirmDialogHere(props: ConfirmDialogProps) {
  return <ConfirmDialogAt {...props} formAction={useFormAction()} />;
}

function ConfirmDialogAt({
  fields,
  title,
  message,
  detail,
  confirmLabel,
  pendingLabel,
  tone = "default",
  trigger,
  triggerClassName = "",
  triggerLabel,
  triggerDisabled = false,
  children,
  onCancel,
  className = "",
  formAction,
}: ConfirmDialogProps & { formAction: string }) {
  const t = useT();
  // The fetcher is made the first time the form is sent (a table renders one of these
  // per row and button).
  const fetcher = useFetcherOnDemand();
  const formRef = useRef<HTMLFormElement>(null);
  // The dialog is built the first time it opens (null until then), and kept
  // afterwards so closing runs as Radix runs it: a table of twenty rows would render
  // sixty closed dialogs otherwise. `returnTo` is what opened it, where focus goes
  // back to (Radix only knows its own Dialog.Trigger, and here a select can open it).
  const [dialog, setDialog] = useState<{ open: boolean; returnTo: HTMLElement | null } | null>(
    null,
  );
  const close = () => setDialog((shown) => shown && { ...shown, open: false });
  const submitted = useRef(false);
  const pending = fetcher.pending;

  // Close once the request (and the reload after it) has finished. Successes
  // redirect with a flash toast; a refusal answered with { error } is shown here.
  useEffect(() => {
    if (!pending && submitted.current) {
      submitted.current = false;
      close();
      const error = (fetcher.data as { error?: unknown } | undefined)?.error;
      if (typeof error === "string") showToast("error", error);
    }
  }, [pending, fetcher.data]);

  const ask = () =>
    setDialog({
      open: true,
      returnTo: document.activeElement instanceof HTMLElement ? document.activeElement : null,
    });
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = dialog?.returnTo;
    if (target?.isConnected && !target.hasAttribute("disabled")) {
      target.focus();
      return;
    }
    // What opened it is gone (the row was deleted): the page's heading is next.
    const heading = document.querySelector<HTMLElement>("main h1, h1");
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
  };
  const confirm = () => {
    if (!formRef.current || pending) return;
    submitted.current = true;
    // The page stays where it is: the redirect back only refreshes its data.
    fetcher.submit(formRef.current);
  };

  return (
    <>
      <form method="post" action={formAction} ref={formRef} className={className}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children?.({ ask, pending })}
        {trigger === undefined ? null : (
          <button
            type="submit"
            aria-label={triggerLabel === undefined ? undefined : t(triggerLabel)}
            aria-haspopup="dialog"
            aria-busy={pending || undefined}
            disabled={triggerDisabled || pending}
            // React only attaches this once JavaScript runs; before that the button posts.
            onClick={(event) => {
              event.preventDefault();
              ask();
            }}
            className={triggerClassName}
          >
            {pending ? (
              <>
                <Spinner />
                {t(pendingLabel)}
              </>
            ) : typeof trigger === "string" ? (
              t(trigger)
            ) : (
              trigger
            )}
          </button>
        )}
      </form>
      {fetcher.runner}
      {dialog ? (
        <Dialog.Root
          open={dialog.open}
          onOpenChange={(next) => {
            if (next || pending) return;
            close();
            onCancel?.();
          }}
        >
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
            <Dialog.Content
              role="alertdialog"
              // An alert dialog is answered, not dismissed by a stray click outside it.
              onPointerDownOutside={(event) => event.preventDefault()}
              onInteractOutside={(event) => event.preventDefault()}
              onCloseAutoFocus={restoreFocus}
              className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none"
            >
              <Dialog.Title className="text-lg font-semibold text-balance text-slate-900">
                {t(title)}
              </Dialog.Title>
              <Dialog.Description className="mt-2 text-slate-700">{t(message)}</Dialog.Description>
              {detail ? (
                <div className="mt-2 text-sm text-slate-600">
                  {typeof detail === "string" ? t(detail) : detail}
                </div>
              ) : null}
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Dialog.Close
                  type="button"
                  disabled={pending}
                  className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
                >
                  {t("Cancel")}
                </Dialog.Close>
                <button
                  type="button"
                  onClick={confirm}
                  disabled={pending}
                  aria-busy={pending || undefined}
                  className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-wait disabled:opacity-80 ${CONFIRM_STYLE[tone]}`}
                >
                  {pending ? (
                    <>
                      <Spinner />
                      {t(pendingLabel)}
                    </>
                  ) : (
                    t(confirmLabel)
                  )}
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </>
  );
}
