// Form building blocks: labelled fields whose errors sit next to them, shown as
// an asterisk followed by the message (spec §5), and a submit button that says
// when it is busy.
import { useId, type ComponentProps, type ReactNode } from "react";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";

/** A field's first error: a schema's message (an English key, translated here) or the server's words. */
export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  const t = useT();
  const message = errors?.[0];
  return (
    <p id={id} className="mt-1.5 min-h-5 text-sm font-medium text-red-700" aria-live="polite">
      {message ? (
        <>
          <span aria-hidden="true">* </span>
          {t(message)}
        </>
      ) : null}
    </p>
  );
}

export const inputClass =
  "block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none aria-[invalid=true]:ring-red-600";

export function Field({
  label,
  hint,
  errors,
  errorId,
  className,
  children,
}: {
  className?: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="block">
        <span className="mb-1.5 block text-sm font-semibold text-slate-800">
          {label}
          {/* Inside the label, so the rule is read out with the field, before it is broken. */}
          {hint ? (
            <span className="mt-0.5 block text-xs font-normal text-slate-600">{hint}</span>
          ) : null}
        </span>
        {children}
      </label>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

export function FormError({ message }: { message?: string | null }) {
  const t = useT();
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-600/20"
    >
      {t(message)}
    </div>
  );
}

export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = "",
  ...props
}: ComponentProps<"button"> & { pending: boolean; pendingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className={`inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-75 ${className}`}
      {...props}
    >
      {pending ? (
        <>
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** The centred card that holds the sign-in, registration and password forms. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(title)}</h1>
        {subtitle ? (
          <p className="mt-2 text-sm text-slate-600">
            {typeof subtitle === "string" ? t(subtitle) : subtitle}
          </p>
        ) : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** "New to Carlot? Register" under an auth card's title: the way to the other form. */
export function OtherFormLink({
  question,
  to,
  label,
}: {
  question: string;
  to: string;
  label: string;
}) {
  const t = useT();
  return (
    <>
      {t(question)}{" "}
      <AppLink to={to} className="font-semibold text-brand-700 hover:underline">
        {t(label)}
      </AppLink>
    </>
  );
}

/** A titled white panel of a long form, named by its heading; `intro` says what it holds. */
export function FormSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  // Not made from the title: a title in Arabic has no letters \w matches.
  const id = `section-${useId()}`;
  const t = useT();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {t(title)}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{t(intro)}</p> : null}
      {children}
    </section>
  );
}
