// The audit log page: filters (action, admin, from, to) in a GET form, so every
// view has its own URL, and one page of entries at a time.
import { Form } from "react-router";

import { describe } from "./audit-details.tsx";
import { AdminNav, Moment } from "#app/components/admin-bits.tsx";
import { EmptyList } from "#app/components/car-requests-table.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { type Column } from "#app/components/ui/data-table.tsx";
import { PagedTable } from "#app/components/ui/paged-table.tsx";
import type { AuditActor, AuditEntry } from "#app/models/audit.server.ts";
import {
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  isAuditAction,
  type AuditFilters,
} from "#app/models/audit.ts";
import { listingPath } from "#app/models/listing.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";

const fieldClass =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none";

/** One filter of the log: a choice, or every value. */
function FilterSelect({
  label,
  name,
  value,
  all,
  options,
  names = false,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  all: string;
  options: (readonly [string, string])[];
  /** The options are people's names (not translated). */
  names?: boolean;
}) {
  return (
    <label className="block text-sm font-semibold text-slate-800">
      {label}
      <select name={name} defaultValue={value ?? ""} className={`mt-1 ${fieldClass}`}>
        <option value="">{all}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue} translate={names ? "no" : undefined}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

function Subject({ entry }: { entry: AuditEntry }) {
  const label = (
    <span translate="no" className="font-medium text-slate-900">
      {entry.subjectName}
    </span>
  );
  // Deleted cars have no page; others link to theirs.
  if (entry.subjectType === "listing" && entry.action !== "delete_listing") {
    return (
      <AppLink
        translate="no"
        to={listingPath(Number(entry.subjectId))}
        className="font-medium text-brand-700 hover:underline"
      >
        {entry.subjectName}
      </AppLink>
    );
  }
  return label;
}

function useColumns(): Column<AuditEntry>[] {
  const t = useT();
  return [
    {
      header: t("When"),
      cell: (entry) => (
        <time dateTime={entry.at} className="whitespace-nowrap text-slate-700">
          <Moment iso={entry.at} />
        </time>
      ),
    },
    {
      header: t("Action"),
      cell: (entry) => (
        <span className="font-semibold text-slate-900">
          {isAuditAction(entry.action) ? t(AUDIT_ACTION_LABEL[entry.action]) : entry.action}
        </span>
      ),
    },
    {
      header: t("Admin"),
      cell: (entry) => (
        <span translate="no" className="text-slate-800">
          {entry.actorName}
        </span>
      ),
    },
    { header: t("About"), cell: (entry) => <Subject entry={entry} /> },
    {
      header: t("Details"),
      cell: (entry) => (
        <span className="block max-w-xs break-words text-slate-600 max-md:text-end">
          {describe(entry, t) ?? "—"}
        </span>
      ),
    },
  ];
}

export function AuditLogPage({
  entries,
  total,
  page,
  pageCount,
  actors,
  filters,
}: {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
  actors: AuditActor[];
  filters: AuditFilters;
}) {
  const t = useT();
  const columns = useColumns();
  const filtered = Boolean(filters.action || filters.actorId || filters.from || filters.to);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("Audit Log")}</h1>
      <AdminNav />
      <p className="mt-4 max-w-3xl text-slate-600">
        {t(
          "Every admin action — making admins, verifying sellers and withdrawing verifications, deleting accounts and cars, dismissing reports — with who did it, to whom and when. The log is written with each action and cannot be changed here. Times are in UTC.",
        )}
      </p>
      {/* Keyed by the filters: after Back, Forward or Clear the fields show the URL's. */}
      <Form
        key={[filters.action, filters.actorId, filters.from, filters.to].join("|")}
        method="get"
        aria-label={t("Filter the audit log")}
        className="mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <FilterSelect
          label={t("Action")}
          name="action"
          value={filters.action}
          all={t("All actions")}
          options={AUDIT_ACTIONS.map((action) => [action, t(AUDIT_ACTION_LABEL[action])] as const)}
        />
        <FilterSelect
          label={t("Admin")}
          name="actor"
          value={filters.actorId}
          all={t("All admins")}
          options={actors.map((actor) => [actor.id, actor.name] as const)}
          names
        />
        {(
          [
            [t("From"), "from"],
            [t("To"), "to"],
          ] as const
        ).map(([label, name]) => (
          <label key={name} className="block text-sm font-semibold text-slate-800">
            {label}
            <input
              type="date"
              name={name}
              defaultValue={filters[name] ?? ""}
              className={`mt-1 ${fieldClass}`}
            />
          </label>
        ))}
        <div className="flex gap-2">
          <button
            type="submit"
            className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Filter")}
          </button>
          {filtered ? (
            <AppLink
              to="/dashboard/audit"
              className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              {t("Clear")}
            </AppLink>
          ) : null}
        </div>
      </Form>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {filtered
          ? t("{count, plural, one {# entry} other {# entries}} match these filters.", {
              count: total,
            })
          : t("{count, plural, one {# entry} other {# entries}}.", { count: total })}
      </p>
      <div className="mt-4">
        {entries.length > 0 ? (
          <PagedTable
            caption={t("Audit log, page {page} of {pageCount}", { page, pageCount })}
            columns={columns}
            rows={entries}
            page={page}
            pageCount={pageCount}
          />
        ) : (
          <EmptyList
            message={
              filtered ? t("No admin actions match these filters.") : t("No admin actions yet.")
            }
          />
        )}
      </div>
    </div>
  );
}
