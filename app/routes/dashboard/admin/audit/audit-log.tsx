// The audit log page: filters (action, admin, from, to) in a GET form, so every
// view has its own URL, and one page of entries at a time.
import { Fragment, type ReactNode } from "react";
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
import { listingPath } from "#app/models/listing.ts";
import { REPORT_REASON_LABEL, type ReportReason } from "#app/models/report.ts";
import { SETTING_LABEL } from "#app/models/site-labels.ts";
import { type SettingChange } from "#app/models/site.ts";
import { ROLE_LABEL, type Role } from "#app/models/user.ts";
import { VERIFICATION_CHECK_LABEL } from "#app/models/verification.ts";
import { type VerificationCheck } from "#app/models/verification-note.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import type { Translate } from "#app/i18n/translator.ts";

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

/** Words of the data (names, values typed by people): kept as they are. */
function Data({ children }: { children: ReactNode }) {
  return <bdi translate="no">{children}</bdi>;
}

/** Pieces of a description, with `separator` between them. */
function joined(pieces: ReactNode[], separator: string): ReactNode {
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      {index > 0 ? separator : null}
      {piece}
    </Fragment>
  ));
}

/** A setting's value as the log shows it. */
function settingValue(value: unknown, t: Translate): ReactNode {
  if (value === null || value === "") return t("(empty)");
  if (typeof value === "boolean") return value ? t("shown") : t("hidden");
  return <Data>“{String(value)}”</Data>;
}

/** "3 reports: Scam, Spam", with the seller first when the log has one. */
function reportsLine(d: Record<string, unknown>, list: (value: unknown) => string[], t: Translate) {
  const reasons = list(d.reasons)
    .map((reason) => t(REPORT_REASON_LABEL[reason as ReportReason] ?? reason))
    .join(", ");
  const count = Number(d.reports ?? 0);
  const reports = reasons
    ? t("{count, plural, one {{count} report} other {{count} reports}}: {reasons}", {
        count,
        reasons,
      })
    : t("{count, plural, one {{count} report} other {{count} reports}}", { count });
  if (!d.seller) return reports;
  return (
    <>
      <Rich message="Seller {seller}." values={{ seller: <Data>{String(d.seller)}</Data> }} />{" "}
      {reports}
    </>
  );
}

/** The details of an entry in words; null when there are none. */
function describe(entry: AuditEntry, t: Translate): ReactNode {
  const d = entry.details as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  switch (entry.action) {
    case "verify_seller":
      return t("Checked: {checks}", {
        checks: list(d.checks)
          .map((check) => t(VERIFICATION_CHECK_LABEL[check as VerificationCheck] ?? check))
          .join(", "),
      });
    case "withdraw_verification":
      return (
        <Rich
          message="Reason: {reason}"
          values={{ reason: <Data>{String(d.reason ?? "")}</Data> }}
        />
      );
    case "delete_user": {
      const role = t(ROLE_LABEL[d.role as Role] ?? String(d.role ?? ""));
      const email = String(d.email ?? "");
      const count = Number(d.listings ?? 0);
      return count > 0 ? (
        t("{role}, {email}; {count, plural, one {{count} car} other {{count} cars}} deleted", {
          role,
          email,
          count,
        })
      ) : (
        <Rich message="{role}, {email}" values={{ role, email: <Data>{email}</Data> }} />
      );
    }
    case "delete_listing":
    case "dismiss_reports":
      return reportsLine(d, list, t);
    case "make_admin":
      return d.from
        ? t("Was {role}", { role: t(ROLE_LABEL[d.from as Role] ?? String(d.from)) })
        : null;
    case "remove_admin":
      return t("Now a Buyer/User");
    case "update_settings": {
      const changes = Array.isArray(d.changes) ? (d.changes as SettingChange[]) : [];
      if (changes.length === 0) return null;
      return joined(
        changes.map((change) => (
          <Rich
            message="{setting}: {from} → {to}"
            values={{
              setting: t(SETTING_LABEL[change.setting] ?? change.setting),
              from: settingValue(change.from, t),
              to: settingValue(change.to, t),
            }}
          />
        )),
        "; ",
      );
    }
    case "create_category":
    case "update_category":
    case "hide_category":
    case "show_category":
    case "reorder_category": {
      const changes = Array.isArray(d.changes) ? (d.changes as CategoryChange[]) : [];
      if (changes.length === 0) return null;
      return joined(
        changes.map((change) => categoryChange(change, t)),
        "; ",
      );
    }
    case "delete_category": {
      const count = Number(d.cars ?? 0);
      const into = d.movedTo as { name?: string; slug?: string } | null | undefined;
      const address = `/products/${String(d.slug ?? "")}`;
      return into ? (
        t(
          "Was {address}; {count, plural, one {# car} other {# cars}} and its addresses moved to {category}",
          { address, count, category: String(into.name) },
        )
      ) : (
        <Rich message="Was {address}; no cars" values={{ address: <Data>{address}</Data> }} />
      );
    }
    default:
      return null;
  }
}

/** One change of a category in words (old → new). */
function categoryChange(change: CategoryChange, t: Translate): ReactNode {
  const shown = (hidden: unknown) => (hidden ? t("hidden") : t("shown"));
  switch (change.field) {
    case "name":
      return change.from === "" ? (
        <Rich message="Name: “{to}”" values={{ to: <Data>{String(change.to)}</Data> }} />
      ) : (
        <Rich
          message="Name: “{from}” → “{to}”"
          values={{
            from: <Data>{String(change.from)}</Data>,
            to: <Data>{String(change.to)}</Data>,
          }}
        />
      );
    case "address":
      return change.from === "" ? (
        <Rich message="Address: {to}" values={{ to: <Data>/products/{String(change.to)}</Data> }} />
      ) : (
        <Rich
          message="Address: {from} → {to} (the old one leads to the new)"
          values={{
            from: <Data>/products/{String(change.from)}</Data>,
            to: <Data>/products/{String(change.to)}</Data>,
          }}
        />
      );
    case "photo":
      return t("New photo");
    case "hidden":
      return t("{from} → {to}", { from: shown(change.from), to: shown(change.to) });
    case "position":
      return t("Place {from} → {to}", { from: String(change.from), to: String(change.to) });
  }
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
          ? t("{count, plural, one {{count} entry} other {{count} entries}} match these filters.", {
              count: total,
            })
          : t("{count, plural, one {{count} entry} other {{count} entries}}.", { count: total })}
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
