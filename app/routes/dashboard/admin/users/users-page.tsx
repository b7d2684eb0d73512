// The admin's user lists (spec §2): Name, User Type, Make Admin, Delete; seller rows
// also verify (and withdraw). A search box and pages keep thousands of accounts usable.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useFormAction } from "react-router";

import { AdminNav, Day } from "#app/components/admin-bits.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { disabledButton, outlineButton, smallButton } from "#app/components/ui/buttons.ts";
import { FormDialog, FormSection } from "#app/components/form-dialog/admin-form-dialog.tsx";
import type { FormBody } from "#app/components/form-dialog/form-dialog-parts.tsx";
import { EmptyList } from "#app/components/car-requests-table.tsx";
import { ConfirmDialog, DeleteDialog } from "#app/components/confirm-dialog.tsx";
import { SellerAvatar, VerifiedBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { type Column } from "#app/components/ui/data-table.tsx";
import { ChoiceField, TextareaField } from "#app/components/ui/fields.tsx";
import { PagedTable } from "#app/components/ui/paged-table.tsx";
import type { AdminUserRow } from "#app/models/admin-users.server.ts";
import {
  ADMIN_MESSAGES,
  USER_SEARCH_MAX,
  USERS_PAGES,
  type UsersPageKind,
} from "#app/models/admin-users.ts";
import { ROLE_LABEL } from "#app/models/user.ts";
import {
  VERIFICATION_CHECK_LABEL,
  VERIFICATION_MESSAGES,
  WITHDRAWAL_REASON_MAX,
} from "#app/models/verification.ts";
import { verifySchema, withdrawSchema } from "#app/models/verification-form.ts";
import { VERIFICATION_CHECKS } from "#app/models/verification-note.ts";
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
function useHref(kind: UsersPageKind, q: string, page: number) {
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

type Href = ReturnType<typeof useHref>;

/**
 * Where a row's verify or withdraw form posts, its hidden fields and its Conform id,
 * which tells the row's dialog from the form on the page (no JavaScript).
 */
function rowForm(intent: "verify" | "withdraw", row: AdminUserRow, href: Href, onPage: boolean) {
  return {
    action: href({ [intent]: row.id }),
    formId: onPage ? `${intent}-on-page` : `${intent}-${row.id}`,
    hidden: { intent, id: row.id },
  };
}

/** The labels of a table of choices, in the page's language. */
function translated<Value extends string>(labels: Record<Value, string>, t: Translate) {
  return Object.fromEntries(
    Object.entries<string>(labels).map(([value, label]) => [value, t(label)]),
  ) as Record<Value, string>;
}

function verifyBody(row: AdminUserRow, href: Href, t: Translate, onPage = false) {
  return {
    ...rowForm("verify", row, href, onPage),
    schema: verifySchema,
    submitLabel: t("Yes, verify"),
    pendingLabel: t("Verifying…"),
    children: (fields) => (
      <ChoiceField
        field={fields.checks}
        legend={t("What did you check about {name}?", { name: row.name })}
        type="checkbox"
        values={VERIFICATION_CHECKS}
        labels={translated(VERIFICATION_CHECK_LABEL, t)}
      />
    ),
  } satisfies FormBody<typeof verifySchema>;
}

function withdrawBody(row: AdminUserRow, href: Href, t: Translate, onPage = false) {
  return {
    ...rowForm("withdraw", row, href, onPage),
    schema: withdrawSchema,
    submitLabel: t("Withdraw verification"),
    pendingLabel: t("Withdrawing…"),
    tone: "danger",
    children: (fields) => (
      <TextareaField
        field={fields.reason}
        label={t("Why is it withdrawn?")}
        hint={t("Kept in the audit log. The seller's cars lose the Verified badge at once.")}
        maxLength={WITHDRAWAL_REASON_MAX}
      />
    ),
  } satisfies FormBody<typeof withdrawSchema>;
}

function NameCell({ row }: { row: AdminUserRow }) {
  const t = useT();
  return (
    <span className="flex min-w-0 items-center gap-3 md:min-w-56">
      <SellerAvatar
        seller={{ name: row.name, email: row.email, imageUrl: row.image, verified: row.verified }}
      />
      <span className="min-w-0">
        <span translate="no" className="block font-semibold break-words text-slate-900">
          {row.name}
        </span>
        <span translate="no" className="block text-sm break-all text-slate-600">
          {row.email}
        </span>
        <span className="block text-xs text-slate-500">
          <Rich message="Joined {date}" values={{ date: <Day iso={row.createdAt} /> }} />
          {row.role === "seller"
            ? ` · ${t("{count, plural, one {{count} car} other {{count} cars}}", { count: row.listings })}`
            : ""}
        </span>
      </span>
    </span>
  );
}

function TypeCell({ row, href }: { row: AdminUserRow; href: ReturnType<typeof useHref> }) {
  const t = useT();
  const label = <span className="font-medium text-slate-900">{t(ROLE_LABEL[row.role])}</span>;
  if (row.role !== "seller") return label;
  const withdrawn = !row.verified && row.verification?.withdrawnAt ? row.verification : null;
  return (
    <span className="flex flex-col items-start gap-1.5 max-md:items-end">
      <span className="flex flex-wrap items-center gap-2">
        {label}
        {row.verified ? <VerifiedBadge /> : null}
      </span>
      {row.verified ? (
        <span className="flex flex-wrap items-center gap-2">
          <button type="button" disabled className={disabledButton}>
            {t("Verify Seller")}
          </button>
          <FormDialog
            {...withdrawBody(row, href, t)}
            trigger={t("Withdraw")}
            triggerLabel={t("Withdraw the verification of {name}", { name: row.name })}
            fallbackHref={`${href({ withdraw: row.id })}#withdraw-form`}
            triggerClassName="text-xs font-semibold text-red-700 underline-offset-2 hover:underline"
            title={t("Withdraw the verification of {name}?", { name: row.name })}
            description={t(
              "Their cars lose the Verified badge everywhere at once. Say why: the reason is kept in the audit log.",
            )}
          />
        </span>
      ) : (
        <FormDialog
          {...verifyBody(row, href, t)}
          trigger={t("Verify Seller")}
          triggerLabel={t("Verify Seller {name}", { name: row.name })}
          fallbackHref={`${href({ verify: row.id })}#verify-form`}
          triggerClassName={`${smallButton} bg-emerald-700 text-white hover:bg-emerald-800`}
          title={t("Verify {name}?", { name: row.name })}
          description={t(VERIFICATION_MESSAGES.confirm)}
        />
      )}
      {withdrawn ? (
        <span className="max-w-56 text-xs text-amber-800">
          {withdrawn.withdrawalReason ? (
            <Rich
              message="Verification withdrawn {date}: {reason}"
              values={{
                date: <Day iso={withdrawn.withdrawnAt!} />,
                reason: <span translate="no">{withdrawn.withdrawalReason}</span>,
              }}
            />
          ) : (
            <Rich
              message="Verification withdrawn {date}"
              values={{ date: <Day iso={withdrawn.withdrawnAt!} /> }}
            />
          )}
        </span>
      ) : null}
    </span>
  );
}

function MakeAdminCell({
  row,
  kind,
  viewerId,
  action,
}: {
  row: AdminUserRow;
  kind: UsersPageKind;
  viewerId: string;
  action: string;
}) {
  const t = useT();
  const name = row.name;
  if (row.role === "admin") {
    return (
      <span className="flex flex-wrap items-center gap-2 max-md:justify-end">
        <button type="button" disabled className={disabledButton}>
          {t("Make Admin")}
        </button>
        <ConfirmDialog
          action={action}
          fields={{ intent: "removeAdmin", id: row.id }}
          title={
            row.id === viewerId
              ? t("Remove your own admin rights?")
              : t("Remove {name}'s admin rights?", { name })
          }
          message={t("{name} becomes a Buyer/User and can no longer open the admin pages.", {
            name,
          })}
          detail={t("Carlot always keeps at least one admin.")}
          confirmLabel={t("Yes, remove")}
          pendingLabel={t("Removing…")}
          tone="danger"
          trigger={t("Remove admin")}
          triggerLabel={t("Remove admin rights of {name}", { name })}
          triggerClassName="text-xs font-semibold text-slate-700 underline-offset-2 hover:underline"
        />
      </span>
    );
  }
  return (
    <ConfirmDialog
      action={action}
      fields={{ intent: "makeAdmin", id: row.id }}
      title={t("Make {name} an admin?", { name })}
      message={t(ADMIN_MESSAGES.confirmMakeAdmin(kind))}
      detail={t(
        "Admins can see every account, verify sellers, delete accounts and cars, and make other admins.",
      )}
      confirmLabel={t("Yes, make admin")}
      pendingLabel={t("Saving…")}
      trigger={t("Make Admin")}
      triggerLabel={t("Make Admin {name}", { name })}
      triggerClassName={outlineButton}
    />
  );
}

function DeleteCell({
  row,
  kind,
  action,
}: {
  row: AdminUserRow;
  kind: UsersPageKind;
  action: string;
}) {
  const t = useT();
  if (row.role === "admin") {
    return (
      <button
        type="button"
        disabled
        title={t("Admins cannot be deleted")}
        aria-label={t("Delete {name} (admins cannot be deleted)", { name: row.name })}
        className={disabledButton}
      >
        {t("Delete")}
      </button>
    );
  }
  const detail =
    row.role === "seller" && row.listings > 0
      ? t(
          "The account, its requests, reports and wishlist are deleted and they are signed out everywhere. Their {count, plural, one {{count} car is} other {{count} cars are}} deleted with their photos; buyers who asked about them are told. This can't be undone.",
          { count: row.listings },
        )
      : t(
          "The account, its requests, reports and wishlist are deleted and they are signed out everywhere. This can't be undone.",
        );
  return (
    <DeleteDialog
      action={action}
      id={row.id}
      name={row.name}
      message={t(ADMIN_MESSAGES.confirmDelete(kind))}
      detail={detail}
    />
  );
}

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
        return t("{count, plural, one {{count} seller} other {{count} sellers}} found for “{q}”.", {
          count,
          q,
        });
      case "buyer":
        return t("{count, plural, one {{count} buyer} other {{count} buyers}} found for “{q}”.", {
          count,
          q,
        });
      default:
        return t(
          "{count, plural, one {{count} account} other {{count} accounts}} found for “{q}”.",
          { count, q },
        );
    }
  }
  switch (kind) {
    case "seller":
      return t("{count, plural, one {{count} seller} other {{count} sellers}}, newest first.", {
        count,
      });
    case "buyer":
      return t("{count, plural, one {{count} buyer} other {{count} buyers}}, newest first.", {
        count,
      });
    default:
      return t("{count, plural, one {{count} account} other {{count} accounts}}, newest first.", {
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
