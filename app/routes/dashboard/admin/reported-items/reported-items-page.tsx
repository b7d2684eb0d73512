// Reported Items (spec §2): each reported car once, with its reports (reason,
// words, reporter name, email and role, date), newest first; Delete asks
// 'Confirm Delete?', Dismiss keeps the car.
import { useFormAction } from "react-router";

import { AdminNav, Moment } from "#app/components/admin-bits.tsx";
import { EmptyList } from "#app/components/car-requests-table.tsx";
import { ConfirmDialog, DeleteDialog } from "#app/components/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/listing-bits/listing-bits.tsx";
import { CarThumb } from "#app/components/listing-tables.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { outlineButton } from "#app/components/ui/buttons.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { listingPath } from "#app/models/listing.ts";
import type { ReportedListing } from "#app/models/report.server.ts";
import type { ReportedConversation } from "#app/models/conversation-report.server.ts";
import { CONVERSATION_REPORT_REASON_LABEL } from "#app/models/conversation.ts";
import { REPORT_MESSAGES, REPORT_REASON_LABEL } from "#app/models/report.ts";
import { ROLE_LABEL } from "#app/models/user.ts";
import { Rich, useT } from "#app/i18n/i18n-provider.tsx";

function ReportedCar({ car, action }: { car: ReportedListing; action: string }) {
  const t = useT();
  const count = car.reports.length;
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <article aria-labelledby={`car-${car.id}-title`}>
        <div className="flex flex-wrap items-start gap-4">
          <CarThumb src={car.photo?.url} photo={car.photo} box="h-20 w-32" />
          <div className="min-w-0 flex-1">
            <h2 id={`car-${car.id}-title`} className="text-lg font-semibold text-slate-900">
              <AppLink translate="no" to={listingPath(car.id)} className="hover:text-brand-700">
                {car.title}
              </AppLink>
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <StatusBadge status={car.status} />
              <span translate="no">
                {car.categoryName} · {car.location}
              </span>
            </p>
            <p className="mt-1 text-sm break-words text-slate-600">
              <Rich
                message="Seller: {name} ({email})"
                values={{
                  name: <span translate="no">{car.seller.name}</span>,
                  email: <bdi translate="no">{car.seller.email}</bdi>,
                }}
              />
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <DeleteDialog
              action={action}
              id={car.id}
              name={car.title}
              message={t(REPORT_MESSAGES.confirmDelete)}
              detail={t(
                "The car, its photos and its wishlist entries are deleted; buyers with open requests are told; the reports are resolved. This can't be undone.",
              )}
            />
            <ConfirmDialog
              action={action}
              fields={{ intent: "dismiss", id: String(car.id) }}
              title={t("Dismiss the reports about {title}?", { title: car.title })}
              message={t(
                "The car stays listed and these reports leave this page. The audit log keeps a record.",
              )}
              confirmLabel={t("Yes, dismiss")}
              pendingLabel={t("Dismissing…")}
              trigger={t("Dismiss")}
              triggerLabel={t("Dismiss the reports about {title}", { title: car.title })}
              triggerClassName={outlineButton}
            />
          </div>
        </div>
        <h3 className="mt-4 text-sm font-semibold text-slate-800">
          {t("{count, plural, one {# report} other {# reports}}", { count })}
        </h3>
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {car.reports.map((item) => (
            <li key={item.id} className="px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-600/20">
                  {t(REPORT_REASON_LABEL[item.reason] ?? item.reason)}
                </span>
                <span className="text-slate-600">
                  <Moment iso={item.createdAt} />
                </span>
              </p>
              {item.details ? (
                <p translate="no" className="mt-1.5 break-words whitespace-pre-line text-slate-800">
                  {item.details}
                </p>
              ) : null}
              <p className="mt-1.5 break-words text-slate-600">
                <Rich
                  message="By {name} · {email} · {role}"
                  values={{
                    name: <span translate="no">{item.reporter.name}</span>,
                    email: <bdi translate="no">{item.reporter.email}</bdi>,
                    role: t(ROLE_LABEL[item.reporter.role]),
                  }}
                />
              </p>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

/** Conversations reported by one of their two people (issue 27): read them, then decide. */
function ReportedConversations({ rows }: { rows: ReportedConversation[] }) {
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="reported-conversations" className="mt-10">
      <h2 id="reported-conversations" className="text-xl font-semibold text-slate-900">
        {t("Reported conversations")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          "You can read a conversation only while it is reported; each reading is in the audit log.",
        )}
      </p>
      <ul className="mt-4 space-y-4">
        {rows.map((row) => (
          <li key={row.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p translate="no" className="font-semibold text-slate-900">
                  {row.title}
                </p>
                <p className="text-sm text-slate-600">
                  <Rich
                    message="Between {buyer} (buyer) and {seller} (seller)"
                    values={{
                      buyer: <span translate="no">{row.buyerName}</span>,
                      seller: <span translate="no">{row.sellerName ?? "—"}</span>,
                    }}
                  />
                </p>
              </div>
              <AppLink
                to={`/dashboard/reportedItems/conversations/${row.id}`}
                className={outlineButton}
              >
                {t("Read the conversation")}
              </AppLink>
            </div>
            <ul className="mt-3 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {row.reports.map((item) => (
                <li key={item.id} className="px-4 py-3 text-sm">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-600/20">
                      {t(CONVERSATION_REPORT_REASON_LABEL[item.reason])}
                    </span>
                    <span className="text-slate-600">
                      <Moment iso={item.createdAt} />
                    </span>
                    <span translate="no" className="text-slate-600">
                      {item.reporterName}
                    </span>
                  </p>
                  {item.details ? (
                    <p
                      translate="no"
                      className="mt-1.5 break-words whitespace-pre-line text-slate-800"
                    >
                      {item.details}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReportedItemsPage({
  rows,
  total,
  page,
  pageCount,
  conversations,
}: {
  rows: ReportedListing[];
  total: number;
  page: number;
  pageCount: number;
  conversations: ReportedConversation[];
}) {
  // Every car's forms post to this page: its address is resolved once, not per form.
  const action = useFormAction();
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("Reported Items")}</h1>
      <AdminNav />
      <p className="mt-4 text-slate-600">
        {total > 0
          ? t(
              "{count, plural, one {# car has} other {# cars have}} open reports, most recently reported first.",
              { count: total },
            )
          : t("Cars people report to the admins appear here.")}{" "}
        <Rich
          message="Resolved reports leave this page; the {auditLog} keeps them."
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
        {rows.length > 0 ? (
          <>
            <ul className="space-y-5">
              {rows.map((car) => (
                <ReportedCar key={car.id} car={car} action={action} />
              ))}
            </ul>
            <Pagination page={page} pageCount={pageCount} />
          </>
        ) : (
          <EmptyList message={t(REPORT_MESSAGES.empty)} />
        )}
      </div>
      <ReportedConversations rows={conversations} />
    </div>
  );
}
