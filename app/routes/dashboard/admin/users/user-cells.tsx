// The cells of a row of the admin's user lists (spec §2): the person, their type with
// Verify Seller and Withdraw, Make Admin (or Remove admin) and Delete, each with its
// confirm; and the verify and withdraw forms, shown in a dialog or on the page.
import { disabledButton, outlineButton, smallButton } from "#app/components/ui/buttons.ts";
import { Day } from "#app/components/admin-bits.tsx";
import { FormDialog } from "#app/components/form-dialog/admin-form-dialog.tsx";
import type { FormBody } from "#app/components/form-dialog/form-dialog-parts.tsx";
import { ConfirmDialog, DeleteDialog } from "#app/components/confirm-dialog.tsx";
import { SellerAvatar, VerifiedBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { ChoiceField, TextareaField } from "#app/components/ui/fields.tsx";
import type { AdminUserRow } from "#app/models/admin-users.server.ts";
import { ADMIN_MESSAGES, type UsersPageKind } from "#app/models/admin-users.ts";
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

/** The page's own URL with extra parameters (q and page kept). */
export type Href = (extra?: Record<string, string>) => string;

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

export function verifyBody(row: AdminUserRow, href: Href, t: Translate, onPage = false) {
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

export function withdrawBody(row: AdminUserRow, href: Href, t: Translate, onPage = false) {
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

export function NameCell({ row }: { row: AdminUserRow }) {
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
            ? ` · ${t("{count, plural, one {# car} other {# cars}}", { count: row.listings })}`
            : ""}
        </span>
      </span>
    </span>
  );
}

export function TypeCell({ row, href }: { row: AdminUserRow; href: Href }) {
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

export function MakeAdminCell({
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
      message={ADMIN_MESSAGES.confirmMakeAdmin(kind, t)}
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

export function DeleteCell({
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
          "The account, its requests, reports and wishlist are deleted and they are signed out everywhere. Their {count, plural, one {# car is} other {# cars are}} deleted with their photos; buyers who asked about them are told. This can't be undone.",
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
      message={ADMIN_MESSAGES.confirmDelete(kind, t)}
      detail={detail}
    />
  );
}
