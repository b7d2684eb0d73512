// A button that opens a dialog holding a short form (the report form on a car's
// page; verifying and withdrawing a verification in the admin lists). With
// JavaScript the dialog checks the form with its schema (Conform), posts it through
// a fetcher, shows field errors in place and closes once the action has redirected
// with its toast. Without JavaScript the button is a link to the same page with a
// parameter (`?report`, `?verify=…`), where the page renders the same form inline
// (FormSection) and posts it plainly. The dialog's code (form-dialog-body.tsx)
// loads when the button is first pointed at, focused or used; a form's Conform
// state exists only while its dialog or its inline form is shown, never per button.
import { getFormProps } from "@conform-to/react";
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";

import {
  FormContent,
  cancelClass,
  type FormBody,
  type FormResult,
  type FormSchema,
} from "./form-dialog-parts.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";

const loadBody = () => import("./form-dialog-body.tsx");
const FormDialogBody = lazy(loadBody);
const preloadBody = () => {
  // A failed download is retried when the button is used.
  loadBody().catch(() => undefined);
};

export function FormDialog<Schema extends FormSchema>({
  trigger,
  triggerLabel,
  triggerClassName,
  fallbackHref,
  title,
  description,
  ...body
}: FormBody<Schema> & {
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName: string;
  /** The page with the parameter that shows the form inline (used without JavaScript). */
  fallbackHref: string;
  title: string;
  description: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so its last reply is kept.
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const contentId = useId();
  const t = useT();
  return (
    <>
      <AppLink
        ref={triggerRef}
        to={fallbackHref}
        aria-label={triggerLabel === undefined ? undefined : t(triggerLabel)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        preventScrollReset
        onPointerEnter={preloadBody}
        onFocus={preloadBody}
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
          setOpen(true);
        }}
        className={triggerClassName}
      >
        {trigger}
      </AppLink>
      {opened ? (
        <Suspense fallback={null}>
          <FormDialogBody
            form={{ body, title, description }}
            dialog={{ open, onOpenChange: setOpen, contentId, trigger: triggerRef }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The same form on the page itself (no JavaScript; the URL has the dialog's parameter). */
export function FormSection<Schema extends FormSchema>({
  id,
  title,
  description,
  closeTo,
  lastResult,
  ...body
}: FormBody<Schema> & {
  id: string;
  title: string;
  description: ReactNode;
  /** The page without the parameter. */
  closeTo: string;
  /** The action's answer to this form, when the page was rendered with one. */
  lastResult: FormResult;
}) {
  const form = useSchemaForm(body.formId, body.schema, lastResult, {
    defaultValue: body.defaultValue,
  });
  const t = useT();
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mt-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t(title)}
      </h2>
      <p className="mt-2 text-slate-700">
        {typeof description === "string" ? t(description) : description}
      </p>
      <Form method="post" action={body.action} {...getFormProps(form.form)} className="mt-4">
        <FormContent
          body={body}
          form={form}
          pending={form.pending}
          cancel={
            <AppLink to={closeTo} preventScrollReset className={cancelClass}>
              {t("Cancel")}
            </AppLink>
          }
        />
      </Form>
    </section>
  );
}
