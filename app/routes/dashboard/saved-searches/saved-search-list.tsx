// The Saved searches page's list: one card per search, with its filters in words, how often
// its emails come, what is new since the last visit, and its actions.
import { Form } from "react-router";

import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { SavedSearchButton, SAVED_SEARCHES_PATH } from "#app/components/saved-search-form.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { FREQUENCY_LABEL, type AlertFrequency } from "#app/models/alerts.ts";

export type SavedSearchCard = {
  id: number;
  name: string;
  summary: string;
  frequency: AlertFrequency;
  paused: boolean;
  newCount: number;
  wideCount: number | null;
  feedUrl: string;
};

const smallButton =
  "inline-flex items-center justify-center rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50";

function Card({ row, formAction }: { row: SavedSearchCard; formAction: string }) {
  const t = useT();
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">
            <AppLink
              to={`/savedSearches/${row.id}/results`}
              className="hover:text-brand-700 hover:underline"
            >
              {row.name}
            </AppLink>
          </h2>
          {row.summary === row.name ? null : (
            <p className="mt-1 text-sm break-words text-slate-600">{row.summary}</p>
          )}
        </div>
        {row.newCount > 0 ? (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
            {t(
              "{count, plural, one {# new since your last visit} other {# new since your last visit}}",
              {
                count: row.newCount,
              },
            )}
          </span>
        ) : null}
      </div>
      <p className="mt-3 text-sm text-slate-700">
        {row.paused
          ? t("Paused: no emails until you resume it.")
          : t("Emails: {frequency}", { frequency: t(FREQUENCY_LABEL[row.frequency]) })}
      </p>
      {row.wideCount !== null ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t(
            "This search found {count} cars in the last day. Narrow it (a make, a price or a year) to hear about fewer, closer matches.",
            { count: row.wideCount },
          )}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <AppLink
          to={`/savedSearches/${row.id}/results`}
          className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {t("See the cars")}
        </AppLink>
        <SavedSearchButton
          form={{ kind: "edit", id: row.id, name: row.name, frequency: row.frequency }}
          trigger={t("Edit")}
          triggerLabel={t("Edit {name}", { name: row.name })}
          fallbackHref={`${SAVED_SEARCHES_PATH}?edit=${row.id}#saved-search-form`}
          className={smallButton}
        />
        <Form method="post" action={formAction}>
          <input type="hidden" name="intent" value={row.paused ? "resume" : "pause"} />
          <input type="hidden" name="id" value={row.id} />
          <button
            type="submit"
            className={smallButton}
            aria-label={
              row.paused
                ? t("Resume {name}", { name: row.name })
                : t("Pause {name}", { name: row.name })
            }
          >
            {row.paused ? t("Resume") : t("Pause")}
          </button>
        </Form>
        <a
          href={row.feedUrl}
          className={smallButton}
          aria-label={t("Atom feed of {name}", { name: row.name })}
        >
          {t("Feed")}
        </a>
        <ConfirmDialog
          action={formAction}
          fields={{ intent: "delete", id: String(row.id) }}
          title={t("Delete {name}?", { name: row.name })}
          message={t("Delete this saved search?")}
          detail={t("You will no longer hear about new cars that match it.")}
          confirmLabel={t("Yes, delete")}
          pendingLabel={t("Deleting…")}
          tone="danger"
          trigger={t("Delete")}
          triggerLabel={t("Delete {name}", { name: row.name })}
          triggerClassName="inline-flex items-center justify-center rounded-lg bg-white px-3 py-2 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-red-200 hover:bg-red-50"
        />
      </div>
    </li>
  );
}

export function SavedSearchList({
  rows,
  formAction,
}: {
  rows: SavedSearchCard[];
  formAction: string;
}) {
  const t = useT();
  return (
    <>
      <ul className="grid gap-4">
        {rows.map((row) => (
          <Card key={row.id} row={row} formAction={formAction} />
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600">
        {t(
          "A feed link is private: anyone who has it sees the search's new cars in a feed reader, so share it with no one.",
        )}
      </p>
    </>
  );
}
