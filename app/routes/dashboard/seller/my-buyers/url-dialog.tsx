// A dialog whose open state lives in the URL (`?contact=12`): the server renders
// it open, so it works without JavaScript (its Close is a link); with JavaScript,
// Radix traps focus, Escape and the close button navigate back, and focus returns
// to the link that opened it.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

export function UrlDialog({
  title,
  description,
  closeTo,
  returnFocusTo,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Where closing leads: the same page without the dialog's parameter. */
  closeTo: string;
  /** The id of the element to focus after closing (the link that opened it). */
  returnFocusTo: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) void navigate(closeTo, { preventScrollReset: true, replace: true });
      }}
    >
      {/* No portal: rendered in place, the dialog is part of the server's HTML. */}
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <Dialog.Content
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById(returnFocusTo)?.focus();
        }}
        className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none"
      >
        <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {description}
          </Dialog.Description>
        ) : (
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
        )}
        <div className="mt-4">{children}</div>
        <div className="mt-6 flex justify-end">
          <Dialog.Close asChild>
            <AppLink
              to={closeTo}
              replace
              preventScrollReset
              className="inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t("Close")}
            </AppLink>
          </Dialog.Close>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
