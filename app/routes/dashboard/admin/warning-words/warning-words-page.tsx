// The warning words page: for each kind of warning, what the reader of a matching message is
// told and the phrases that call for it (each with its remove button); the add form (a kind
// and a phrase, checked in the browser with the action's schema); and a button that writes
// back the built-in phrases. Phrases are shown as text, never as markup.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";

import type { WarningWordsReply } from "./route.tsx";
import { useSending } from "#app/components/use-sending.ts";
import { AdminNav } from "#app/components/admin-bits.tsx";
import { Spinner } from "#app/components/confirm-dialog.tsx";
import { outlineButton } from "#app/components/ui/buttons.ts";
import { Options, SelectField } from "#app/components/ui/fields.tsx";
import {
  Field,
  FormError,
  FormSection,
  inputClass,
  SubmitButton,
} from "#app/components/ui/form.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { WARNING_KINDS, WARNING_PHRASE_MAX, WARNING_TEXT } from "#app/models/conversation.ts";
import type { WarningPhraseRow } from "#app/models/warning-phrase.server.ts";
import { addWarningPhraseSchema, WARNING_KIND_LABEL } from "#app/models/warning-phrase.ts";

const PAGE = "/dashboard/warningWords";

function RemovePhrase({ row }: { row: WarningPhraseRow }) {
  const t = useT();
  const pending = useSending("remove", row.id);
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={t("Remove “{phrase}”", { phrase: row.phrase })}
        className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 py-1 ps-3 pe-2 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-red-50 hover:ring-red-300 disabled:cursor-wait disabled:opacity-70"
      >
        <span translate="no" dir="auto">
          {row.phrase}
        </span>
        {pending ? (
          <Spinner />
        ) : (
          <span aria-hidden="true" className="text-slate-500">
            ×
          </span>
        )}
      </button>
    </Form>
  );
}

function AddPhraseForm({ reply }: { reply: WarningWordsReply | null }) {
  const t = useT();
  const { form, fields, formError } = useSchemaForm(
    "add-warning-phrase",
    addWarningPhraseSchema,
    reply?.intent === "add" ? reply.result : undefined,
  );
  const pending = useSending("add");
  return (
    <FormSection
      title={t("Add a word or phrase")}
      intro={t(
        "It is matched on whole words, in any language, in messages written from now on. Capitals do not matter.",
      )}
    >
      <Form method="post" action={PAGE} className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add" />
        <FormError message={formError} />
        <div className="grid gap-x-6 sm:grid-cols-2">
          <SelectField field={fields.kind} label={t("Warning")}>
            <Options
              empty={t("Choose a warning")}
              values={WARNING_KINDS.map((kind) => [kind, t(WARNING_KIND_LABEL[kind])] as const)}
            />
          </SelectField>
          <Field
            label={t("Word or phrase")}
            errors={fields.phrase.errors}
            errorId={fields.phrase.errorId}
          >
            <input
              {...getInputProps(fields.phrase, { type: "text" })}
              maxLength={WARNING_PHRASE_MAX}
              translate="no"
              dir="auto"
              className={inputClass}
            />
          </Field>
        </div>
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel={t("Adding…")} className="sm:w-auto sm:px-8">
            {t("Add")}
          </SubmitButton>
        </div>
      </Form>
    </FormSection>
  );
}

export function WarningWordsPage({
  phrases,
  reply,
}: {
  phrases: WarningPhraseRow[];
  reply: WarningWordsReply | null;
}) {
  const t = useT();
  const restoring = useSending("restore");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageHeading
        title={t("Warning words")}
        intro={t(
          "A message with one of these words or phrases shows its reader a plain warning and a link to the safety page. Messages keep the warnings they were given when written.",
        )}
      />
      <AdminNav />
      <div className="mt-6">
        <FormError message={reply?.error} />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        {WARNING_KINDS.map((kind) => {
          const rows = phrases.filter((row) => row.kind === kind);
          return (
            <section
              key={kind}
              aria-labelledby={`warning-${kind}`}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            >
              <h2 id={`warning-${kind}`} className="text-lg font-semibold text-slate-900">
                {t(WARNING_KIND_LABEL[kind])}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {t("Readers see: {warning}", { warning: t(WARNING_TEXT[kind]) })}
              </p>
              {rows.length === 0 ? (
                <p className="mt-3 text-sm font-medium text-amber-800">
                  {t("No words: this warning is never shown.")}
                </p>
              ) : (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("Words and phrases")}>
                  {rows.map((row) => (
                    <li key={row.id}>
                      <RemovePhrase row={row} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <div className="mt-8">
        <AddPhraseForm reply={reply} />
      </div>
      <Form method="post" action={PAGE} className="mt-6 flex justify-end">
        <input type="hidden" name="intent" value="restore" />
        <button type="submit" disabled={restoring} className={outlineButton}>
          {restoring ? <Spinner /> : null}
          {t("Restore the built-in phrases")}
        </button>
      </Form>
    </div>
  );
}
