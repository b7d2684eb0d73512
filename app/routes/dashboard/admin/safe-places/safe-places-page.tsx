// The safe places page: every place by name, each with its address, hours and note and
// its buttons; an edit form or a delete confirm in a place's stead (?edit=…, ?delete=…,
// so both work without JavaScript); the add form below. What admins typed is shown as
// text, never as markup.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { AddPlaceForm, EditPlaceForm, PAGE } from "./safe-place-forms.tsx";
import { useSending } from "#app/components/use-sending.ts";
import { AdminNav } from "#app/components/admin-bits.tsx";
import { EmptyList } from "#app/components/car-requests-table.tsx";
import { ConfirmDialog, Spinner } from "#app/components/confirm-dialog.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { dangerButton, outlineButton } from "#app/components/ui/buttons.ts";
import { FormError } from "#app/components/ui/form.tsx";
import { PageHeading } from "#app/components/ui/page-heading.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { msg } from "#app/i18n/translator.ts";
import type { SafePlace } from "#app/models/viewing-list.server.ts";

type Reply = {
  intent: string;
  id?: number;
  error?: string;
  result?: SubmissionResult<string[]>;
};

/** The spec's confirm text for a delete (spec §8). */
const CONFIRM_DELETE = msg("Confirm Delete?");
const DELETE_DETAIL = msg(
  "Buyers and sellers can no longer choose it. Viewings already proposed or agreed there keep its name and address.",
);

/** Address, hours and note: the words people meet by. */
function PlaceDetails({ place }: { place: SafePlace }) {
  const t = useT();
  const rows: [string, string][] = [
    [t("Address"), place.address],
    [t("Open"), place.hours],
    ...(place.note ? [[t("Note"), place.note] as [string, string]] : []),
  ];
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd translate="no" className="min-w-0 break-words text-slate-800">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Delete: a link to this place's confirm step (?delete=…) before JavaScript runs; with
 * it, the same button asks in a dialog and the page stays where it is.
 */
function DeletePlace({ place }: { place: SafePlace }) {
  const t = useT();
  const name = place.name;
  return (
    <ConfirmDialog
      action={PAGE}
      fields={{ intent: "delete", id: String(place.id) }}
      title={t("Delete {name}?", { name })}
      message={t(CONFIRM_DELETE)}
      detail={t(DELETE_DETAIL)}
      confirmLabel={t("Yes, delete")}
      pendingLabel={t("Deleting…")}
      tone="danger"
    >
      {({ ask, pending }) => (
        <AppLink
          to={`${PAGE}?delete=${place.id}`}
          preventScrollReset
          aria-haspopup="dialog"
          aria-busy={pending || undefined}
          aria-label={t("Delete {name}", { name })}
          // React only attaches this once JavaScript runs; before that the link leads on.
          onClick={(event) => {
            event.preventDefault();
            ask();
          }}
          className={dangerButton}
        >
          {pending ? <Spinner /> : null}
          {pending ? t("Deleting…") : t("Delete")}
        </AppLink>
      )}
    </ConfirmDialog>
  );
}

/** The confirm step without JavaScript, in the place's stead. */
function ConfirmDeletePlace({ place }: { place: SafePlace }) {
  const t = useT();
  const pending = useSending("delete", place.id);
  const headingId = `delete-place-${place.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-red-600 sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {t("Delete {name}?", { name: place.name })}
      </h3>
      <p className="mt-1 text-slate-700">{t(CONFIRM_DELETE)}</p>
      <p className="mt-1 text-sm text-slate-600">{t(DELETE_DETAIL)}</p>
      <Form
        method="post"
        action={PAGE}
        className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={place.id} />
        <AppLink to={PAGE} preventScrollReset className={`${outlineButton} px-4 py-2.5 text-sm`}>
          {t("Cancel")}
        </AppLink>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-wait disabled:opacity-80"
        >
          {pending ? <Spinner /> : null}
          {pending ? t("Deleting…") : t("Yes, delete")}
        </button>
      </Form>
    </section>
  );
}

function PlaceItem({ place }: { place: SafePlace }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0">
        <h3 translate="no" className="text-lg font-semibold break-words text-slate-900">
          {place.name}
        </h3>
        <PlaceDetails place={place} />
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <AppLink
          to={`${PAGE}?edit=${place.id}`}
          preventScrollReset
          aria-label={t("Edit {name}", { name: place.name })}
          className={outlineButton}
        >
          {t("Edit")}
        </AppLink>
        <DeletePlace place={place} />
      </div>
    </div>
  );
}

export function SafePlacesPage({
  places,
  editId,
  deleteId,
  reply,
}: {
  places: SafePlace[];
  editId: number | null;
  deleteId: number | null;
  reply: Reply | null;
}) {
  const t = useT();
  const resultOf = (intent: string, id?: number) =>
    reply?.intent === intent && reply.id === id ? reply.result : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageHeading
        title={t("Safe places")}
        intro={t(
          "Public places where buyers and sellers can meet to see a car. They pick one of these when they propose a viewing time, or write another address.",
        )}
      />
      <AdminNav />
      <div className="mt-6">
        <FormError message={reply?.error} />
      </div>
      <section aria-labelledby="place-list-heading" className="mt-6">
        <h2 id="place-list-heading" className="sr-only">
          {t("Every safe place")}
        </h2>
        {places.length === 0 ? (
          <EmptyList message={t("No safe places yet.")}>
            <p className="mx-auto max-w-xl text-slate-600">
              {t(
                "Until you add one, people proposing a viewing can only write an address of their own.",
              )}
            </p>
          </EmptyList>
        ) : (
          <ul className="space-y-3">
            {places.map((place) => (
              <li key={place.id}>
                {editId === place.id ? (
                  <EditPlaceForm place={place} lastResult={resultOf("edit", place.id)} />
                ) : deleteId === place.id ? (
                  <ConfirmDeletePlace place={place} />
                ) : (
                  <PlaceItem place={place} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-10">
        <AddPlaceForm lastResult={resultOf("add")} />
      </div>
    </div>
  );
}
