// A button that opens a dialog holding a short form (the report form on a car's
// page; verifying and withdrawing a verification in the admin lists). With
// JavaScript the dialog posts through a fetcher, shows field errors in place and
// closes once the action has redirected with its toast. Without JavaScript the
// button is a link to the same page with a parameter (`?report`, `?verify=…`),
// where the page renders the same form inline (FormSection) and posts it plainly.
// The dialog's code (form-dialog-body.tsx) loads when the button is first pointed
// at, focused or used.
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";

import { FormContent, cancelClass, type FormBody, type FormReply } from "./form-dialog-parts.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Field, FieldError, inputClass } from "#app/components/ui/form.tsx";

const loadBody = () => import("./form-dialog-body.tsx");
const FormDialogBody = lazy(loadBody);
const preloadBody = () => {
  // A failed download is retried when the button is used.
  loadBody().catch(() => undefined);
};

export function FormDialog({
  trigger,
  triggerLabel,
  triggerClassName,
  fallbackHref,
  title,
  description,
  ...body
}: FormBody & {
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
  return (
    <>
      <AppLink
        ref={triggerRef}
        to={fallbackHref}
        aria-label={triggerLabel}
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
            body={body}
            title={title}
            description={description}
            open={open}
            onOpenChange={setOpen}
            contentId={contentId}
            trigger={triggerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The same form on the page itself (no JavaScript; the URL has the dialog's parameter). */
export function FormSection({
  id,
  title,
  description,
  closeTo,
  reply,
  ...body
}: FormBody & {
  id: string;
  title: string;
  description: ReactNode;
  /** The page without the parameter. */
  closeTo: string;
  reply: FormReply | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === body.action;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mt-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{description}</p>
      <Form method="post" action={body.action} noValidate className="mt-4">
        <FormContent
          body={body}
          reply={reply}
          pending={pending}
          cancel={
            <AppLink to={closeTo} preventScrollReset className={cancelClass}>
              Cancel
            </AppLink>
          }
        />
      </Form>
    </section>
  );
}

/** A radio group or checkbox group with its legend and the spec-style error below. */
export function ChoiceGroup({
  legend,
  name,
  type,
  options,
  error,
  defaultValue = [],
}: {
  legend: string;
  name: string;
  type: "radio" | "checkbox";
  options: readonly { value: string; label: string }[];
  error?: string;
  defaultValue?: string[];
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-600"
          >
            <input
              type={type}
              name={name}
              value={option.value}
              defaultChecked={defaultValue.includes(option.value)}
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} errors={error ? [error] : null} />
    </fieldset>
  );
}

/** A textarea with its label, hint, length limit and error. */
export function TextAreaField({
  label,
  hint,
  name,
  maxLength,
  error,
  defaultValue,
  required = false,
}: {
  label: string;
  hint?: string;
  name: string;
  maxLength: number;
  error?: string;
  defaultValue?: string;
  required?: boolean;
}) {
  return (
    <Field
      className="mt-2"
      label={label}
      hint={hint}
      errors={error ? [error] : null}
      errorId={`${name}-error`}
    >
      <textarea
        name={name}
        rows={3}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${name}-error`}
        className={inputClass}
      />
    </Field>
  );
}
