// The audit log page: filters (action, admin, from, to) in a GET form, so every
// view has its own URL, and one page of entries at a time.
import { Form } from "react-router";

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
import type { CategoryChange } from "#app/models/category-admin.server.ts";
import { carsLabel } from "#app/models/category.ts";
import { listingPath } from "#app/models/listing.ts";
import { REPORT_REASON_LABEL, type ReportReason } from "#app/models/report.ts";
import { SETTING_LABEL } from "#app/models/site-labels.ts";
import { type SettingChange } from "#app/models/site.ts";
import { ROLE_LABEL, type Role } from "#app/models/user.ts";
import { VERIFICATION_CHECK_LABEL } from "#app/models/verification.ts";
import { type VerificationCheck } from "#app/models/verification-note.ts";

const fieldClass =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none";

/** One filter of the log: a choice, or every value. */
function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  all: string;
  options: (readonly [string, string])[];
}) {
  return (
    <label className="block text-sm font-semibold text-slate-800">
      {label}
      <select name={name} defaultValue={value ?? ""} className={`mt-1 ${fieldClass}`}>
        <option value="">{all}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A setting's value as the log shows it. */
function settingValue(value: unknown): string {
  if (value === null || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "shown" : "hidden";
  return `“${String(value)}”`;
}

/** The details of an entry in words. */
function describe(entry: AuditEntry): string {
  const d = entry.details as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  switch (entry.action) {
    case "verify_seller":
      return `Checked: ${list(d.checks)
        .map((check) => VERIFICATION_CHECK_LABEL[check as VerificationCheck] ?? check)
        .join(", ")}`;
    case "withdraw_verification":
      return `Reason: ${String(d.reason ?? "")}`;
    case "delete_user": {
      const role = ROLE_LABEL[d.role as Role] ?? String(d.role ?? "");
      const cars = Number(d.listings ?? 0);
      return `${role}, ${String(d.email ?? "")}${cars > 0 ? `; ${cars} ${cars === 1 ? "car" : "cars"} deleted` : ""}`;
    }
    case "delete_listing":
    case "dismiss_reports": {
      const reasons = list(d.reasons)
        .map((reason) => REPORT_REASON_LABEL[reason as ReportReason] ?? reason)
        .join(", ");
      const n = Number(d.reports ?? 0);
      const seller = d.seller ? `Seller ${String(d.seller)}. ` : "";
      return `${seller}${n} ${n === 1 ? "report" : "reports"}${reasons ? `: ${reasons}` : ""}`;
    }
    case "make_admin":
      return d.from ? `Was ${ROLE_LABEL[d.from as Role] ?? String(d.from)}` : "";
    case "remove_admin":
      return "Now a Buyer/User";
    case "update_settings":
      return (Array.isArray(d.changes) ? (d.changes as SettingChange[]) : [])
        .map(
          (change) =>
            `${SETTING_LABEL[change.setting] ?? change.setting}: ${settingValue(change.from)} → ${settingValue(change.to)}`,
        )
        .join("; ");
    case "create_category":
    case "update_category":
    case "hide_category":
    case "show_category":
    case "reorder_category":
      return (Array.isArray(d.changes) ? (d.changes as CategoryChange[]) : [])
        .map((change) => categoryChange(change))
        .join("; ");
    case "delete_category": {
      const cars = Number(d.cars ?? 0);
      const into = d.movedTo as { name?: string; slug?: string } | null | undefined;
      const was = `Was /products/${String(d.slug ?? "")}`;
      return into
        ? `${was}; ${carsLabel(cars)} and its addresses moved to ${String(into.name)}`
        : `${was}; no cars`;
    }
    default:
      return "";
  }
}

/** One change of a category in words (old → new). */
function categoryChange(change: CategoryChange): string {
  switch (change.field) {
    case "name":
      return change.from === ""
        ? `Name: “${String(change.to)}”`
        : `Name: “${String(change.from)}” → “${String(change.to)}”`;
    case "address":
      return change.from === ""
        ? `Address: /products/${String(change.to)}`
        : `Address: /products/${String(change.from)} → /products/${String(change.to)} (the old one leads to the new)`;
    case "photo":
      return "New photo";
    case "hidden":
      return `${change.from ? "hidden" : "shown"} → ${change.to ? "hidden" : "shown"}`;
    case "position":
      return `Place ${String(change.from)} → ${String(change.to)}`;
  }
}

function Subject({ entry }: { entry: AuditEntry }) {
  const label = <span className="font-medium text-slate-900">{entry.subjectName}</span>;
  // Deleted cars have no page; others link to theirs.
  if (entry.subjectType === "listing" && entry.action !== "delete_listing") {
    return (
      <AppLink
        to={listingPath(Number(entry.subjectId))}
        className="font-medium text-brand-700 hover:underline"
      >
        {entry.subjectName}
      </AppLink>
    );
  }
  return label;
}

const columns: Column<AuditEntry>[] = [
  {
    header: "When",
    cell: (entry) => (
      <time dateTime={entry.at} className="whitespace-nowrap text-slate-700">
        <Moment iso={entry.at} />
      </time>
    ),
  },
  {
    header: "Action",
    cell: (entry) => (
      <span className="font-semibold text-slate-900">
        {isAuditAction(entry.action) ? AUDIT_ACTION_LABEL[entry.action] : entry.action}
      </span>
    ),
  },
  { header: "Admin", cell: (entry) => <span className="text-slate-800">{entry.actorName}</span> },
  { header: "About", cell: (entry) => <Subject entry={entry} /> },
  {
    header: "Details",
    cell: (entry) => (
      <span className="block max-w-xs break-words text-slate-600 max-md:text-end">
        {describe(entry) || "—"}
      </span>
    ),
  },
];

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
  const filtered = Boolean(filters.action || filters.actorId || filters.from || filters.to);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Audit Log</h1>
      <AdminNav />
      <p className="mt-4 max-w-3xl text-slate-600">
        Every admin action — making admins, verifying sellers and withdrawing verifications,
        deleting accounts and cars, dismissing reports — with who did it, to whom and when. The log
        is written with each action and cannot be changed here. Times are in UTC.
      </p>
      {/* Keyed by the filters: after Back, Forward or Clear the fields show the URL's. */}
      <Form
        key={[filters.action, filters.actorId, filters.from, filters.to].join("|")}
        method="get"
        aria-label="Filter the audit log"
        className="mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <FilterSelect
          label="Action"
          name="action"
          value={filters.action}
          all="All actions"
          options={AUDIT_ACTIONS.map((action) => [action, AUDIT_ACTION_LABEL[action]] as const)}
        />
        <FilterSelect
          label="Admin"
          name="actor"
          value={filters.actorId}
          all="All admins"
          options={actors.map((actor) => [actor.id, actor.name] as const)}
        />
        {(
          [
            ["From", "from"],
            ["To", "to"],
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
            Filter
          </button>
          {filtered ? (
            <AppLink
              to="/dashboard/audit"
              className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Clear
            </AppLink>
          ) : null}
        </div>
      </Form>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {total} {total === 1 ? "entry" : "entries"}
        {filtered ? " match these filters" : ""}.
      </p>
      <div className="mt-4">
        {entries.length > 0 ? (
          <PagedTable
            caption={`Audit log, page ${page} of ${pageCount}`}
            columns={columns}
            rows={entries}
            page={page}
            pageCount={pageCount}
          />
        ) : (
          <EmptyList
            message={filtered ? "No admin actions match these filters." : "No admin actions yet."}
          />
        )}
      </div>
    </div>
  );
}
