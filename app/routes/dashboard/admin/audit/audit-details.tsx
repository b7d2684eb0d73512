// What an audit log entry says beyond its columns, in words: one line per kind of action,
// with the values people typed kept as they are (bdi, translate="no").
import { Fragment, type ReactNode } from "react";

import type { AuditEntry } from "#app/models/audit.server.ts";
import type { CategoryChange } from "#app/models/category-admin.server.ts";
import { REPORT_REASON_LABEL, type ReportReason } from "#app/models/report.ts";
import type { SafePlaceChange, SafePlaceField } from "#app/models/safe-place.server.ts";
import { SETTING_LABEL } from "#app/models/site-labels.ts";
import { type SettingChange } from "#app/models/site.ts";
import { ROLE_LABEL, type Role } from "#app/models/user.ts";
import { VERIFICATION_CHECK_LABEL } from "#app/models/verification.ts";
import { type VerificationCheck } from "#app/models/verification-note.ts";
import { Rich } from "#app/i18n/i18n-provider.tsx";
import { msg, type Translate } from "#app/i18n/translator.ts";

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
    ? t("{count, plural, one {# report} other {# reports}}: {reasons}", {
        count,
        reasons,
      })
    : t("{count, plural, one {# report} other {# reports}}", { count });
  if (!d.seller) return reports;
  return (
    <>
      <Rich message="Seller {seller}." values={{ seller: <Data>{String(d.seller)}</Data> }} />{" "}
      {reports}
    </>
  );
}

/** The details of an entry in words; null when there are none. */
export function describe(entry: AuditEntry, t: Translate): ReactNode {
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
        t("{role}, {email}; {count, plural, one {# car} other {# cars}} deleted", {
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
    case "create_safe_place":
    case "update_safe_place":
    case "delete_safe_place": {
      const changes = Array.isArray(d.changes) ? (d.changes as SafePlaceChange[]) : [];
      if (changes.length === 0) return null;
      return joined(
        changes.map((change) => safePlaceChange(change, t)),
        "; ",
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

const SAFE_PLACE_FIELD_LABEL: Record<SafePlaceField, string> = {
  name: msg("Name"),
  address: msg("Address"),
  hours: msg("Opening hours"),
  note: msg("Note"),
};

/** One field of a safe place: as added or deleted (one value), or changed (old → new). */
function safePlaceChange(change: SafePlaceChange, t: Translate): ReactNode {
  const field = t(SAFE_PLACE_FIELD_LABEL[change.field] ?? change.field);
  if (change.from === null || change.to === null) {
    const value = settingValue(change.to ?? change.from, t);
    return <Rich message="{field}: {value}" values={{ field, value }} />;
  }
  return (
    <Rich
      message="{setting}: {from} → {to}"
      values={{
        setting: field,
        from: settingValue(change.from, t),
        to: settingValue(change.to, t),
      }}
    />
  );
}
