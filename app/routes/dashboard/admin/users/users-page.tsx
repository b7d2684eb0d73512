// The admin's user lists (spec §2): Name, User Type, Make Admin, Delete; seller rows
// also verify (and withdraw). A search box and pages keep thousands of accounts usable.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useFormAction } from "react-router";

import {
  DeleteCell,
  MakeAdminCell,
  NameCell,
  TypeCell,
  verifyBody,
  withdrawBody,
  type Href,
} from "./user-cells.tsx";
import { AdminNav } from "#app/components/admin-bits.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { FormSection } from "#app/components/form-dialog/admin-form-dialog.tsx";
import { EmptyList } from "#app/components/car-requests-table.tsx";
import { type Column } from "#app/components/ui/data-table.tsx";
import { PagedTable } from "#app/components/ui/paged-table.tsx";
import type { AdminUserRow } from "#app/models/admin-users.server.ts";
import { USER_SEARCH_MAX, USERS_PAGES, type UsersPageKind } from "#app/models/admin-users.ts";
import { VERIFICATION_MESSAGES } from "#app/models/verification.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";
import type { Translate } from "#app/i18n/translator.ts";

type Props = {
  kind: UsersPageKind;
  title: string;
  q: string;
  viewerId: string;
  rows: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
  verifyId: string | null;
  withdrawId: string | null;
  reply: { intent: string; error?: string; result?: SubmissionResult<string[]> } | null;
};

/** The page's own URL with extra parameters (q and page kept). */
function useHref(kind: UsersPageKind, q: string, page: number): Href {
  return (extra: Record<string, string> = {}) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (page > 1) params.set("page", String(page));
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    const query = params.toString();
    return `${USERS_PAGES[kind].path}${query ? `?${query}` : ""}`;
  };
}

/** The action's Conform result (messages by field, the values sent) when it answers this form. */
const resultOf = (reply: Props["reply"], intent: string) =>
  reply?.intent === intent ? reply.result : undefined;

function SearchForm({ kind, q }: { kind: UsersPageKind; q: string }) {
  const t = useT();
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 sm:max-w-sm">
        <span className="mb-1 block text-sm font-semibold text-slate-800">
          {t("Search by name or email")}
        </span>
        <input
          // Keyed by the search: after Back, Forward or Clear the box shows the URL's.
          key={q}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={USER_SEARCH_MAX}
          placeholder={t("e.g. Maya or maya@example.com")}
          className="block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
      </label>
      <button
        type="submit"
        className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        {t("Search")}
      </button>
      {q ? (
        <AppLink
          to={USERS_PAGES[kind].path}
          className="inline-flex items-center rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t("Clear")}
        </AppLink>
      ) : null}
    </Form>
  );
}

/** How many people the list shows, in the words of its kind ("account" on All Users). */
function countLine(t: Translate, kind: UsersPageKind, count: number, q: string): string {
  if (q) {
    switch (kind) {
      case "seller":
        return t("{count, plural, one {# seller} other {# sellers}} found for “{q}”.", {
          count,
          q,
        });
      case "buyer":
        return t("{count, plural, one {# buyer} other {# buyers}} found for “{q}”.", {
          count,
          q,
        });
      default:
        return t("{count, plural, one {# account} other {# accounts}} found for “{q}”.", {
          count,
          q,
        });
    }
  }
  switch (kind) {
    case "seller":
      return t("{count, plural, one {# seller} other {# sellers}}, newest first.", {
        count,
      });
    case "buyer":
      return t("{count, plural, one {# buyer} other {# buyers}}, newest first.", {
        count,
      });
    default:
      return t("{count, plural, one {# account} other {# accounts}}, newest first.", {
        count,
      });
  }
}

/** What an empty list says. */
function emptyLine(t: Translate, kind: UsersPageKind, q: string): string {
  switch (kind) {
    case "seller":
      return q ? t("No sellers match “{q}”.", { q }) : t("There are no sellers yet.");
    case "buyer":
      return q ? t("No buyers match “{q}”.", { q }) : t("There are no buyers yet.");
    default:
      return q ? t("No accounts match “{q}”.", { q }) : t("There are no accounts yet.");
  }
}

export function AdminUsersPage(props: Props) {
  const { kind, q, rows, total, page, pageCount, viewerId, reply } = props;
  const t = useT();
  const title = t(props.title);
  const href = useHref(kind, q, page);
  const toVerify = props.verifyId ? rows.find((row) => row.id === props.verifyId) : undefined;
  const toWithdraw = props.withdrawId ? rows.find((row) => row.id === props.withdrawId) : undefined;
  // Every row's forms post to this page: its address is resolved once, not per form.
  const action = useFormAction();
  const columns: Column<AdminUserRow>[] = [
    { header: t("Name"), mobileLabel: false, cell: (row) => <NameCell row={row} /> },
    { header: t("User Type"), cell: (row) => <TypeCell row={row} href={href} /> },
    {
      header: t("Make Admin"),
      cell: (row) => <MakeAdminCell row={row} kind={kind} viewerId={viewerId} action={action} />,
    },
    { header: t("Delete"), cell: (row) => <DeleteCell row={row} kind={kind} action={action} /> },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <AdminNav />
      <p className="mt-4 text-slate-600">
        {countLine(t, kind, total, q)}{" "}
        <Rich
          message="Every change here is recorded in the {auditLog}."
          values={{
            auditLog: (
              <AppLink
                to="/dashboard/audit"
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("audit log")}
              </AppLink>
            ),
          }}
        />
      </p>
      <div className="mt-6">
        <SearchForm kind={kind} q={q} />
      </div>
      {reply?.error ? (
        <p
          role="alert"
          className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-600/20"
        >
          {t(reply.error)}
        </p>
      ) : null}
      {toVerify && !toVerify.verified && toVerify.role === "seller" ? (
        <FormSection
          {...verifyBody(toVerify, href, t, true)}
          id="verify-form"
          title={t("Verify {name}?", { name: toVerify.name })}
          description={t(VERIFICATION_MESSAGES.confirm)}
          closeTo={href()}
          lastResult={resultOf(reply, "verify")}
        />
      ) : null}
      {toWithdraw && toWithdraw.verified ? (
        <FormSection
          {...withdrawBody(toWithdraw, href, t, true)}
          id="withdraw-form"
          title={t("Withdraw the verification of {name}?", { name: toWithdraw.name })}
          description={t("Their cars lose the Verified badge everywhere at once.")}
          closeTo={href()}
          lastResult={resultOf(reply, "withdraw")}
        />
      ) : null}
      <div className="mt-6">
        {rows.length > 0 ? (
          <PagedTable
            caption={t("{title}, page {page} of {pageCount}", { title, page, pageCount })}
            columns={columns}
            rows={rows}
            page={page}
            pageCount={pageCount}
          />
        ) : (
          <EmptyList message={emptyLine(t, kind, q)}>
            {q ? (
              <AppLink
                to={USERS_PAGES[kind].path}
                className="font-semibold text-brand-700 hover:underline"
              >
                {t("Show everyone")}
              </AppLink>
            ) : null}
          </EmptyList>
        )}
      </div>
    </div>
  );
}
