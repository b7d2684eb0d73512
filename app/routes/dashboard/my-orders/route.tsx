// My Orders (spec §2): the contact requests a signed-in person has made, with a
// way to cancel each (DESIGN decisions 14, 16). A request whose car was sold or
// removed stays listed and says so.
import { data, useFormAction } from "react-router";

import {
  CarRequestsTable,
  DashboardListPage,
  EmptyList,
} from "#app/components/car-requests-table.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId, parsePage } from "#app/models/id.ts";
import { cancelOrder, loadMyOrdersPage } from "#app/models/order.server.ts";
import { unreadOf } from "#app/models/inbox.server.ts";
import { ConversationLink } from "#app/components/conversation-link.tsx";
import { ORDER_MESSAGES } from "#app/models/order.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("My Orders")), { name: "robots", content: "noindex" }];
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.myOrders);
  const { db, storage } = servicesOf(context);
  const page = await loadMyOrdersPage(
    db,
    storage,
    viewer.id,
    parsePage(url.searchParams.get("page")),
    translatorFor(context).t,
  );
  const unread = await unreadOf(
    db,
    viewer.id,
    page.rows.map((row) => row.id),
  );
  return {
    ...page,
    unread: Object.fromEntries(unread),
    words: pageWords(context, "dashboard"),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, "delete:order:own");
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const services = servicesOf(context);
  switch (form.get("intent")) {
    case "cancel": {
      const id = parseId(form.get("id"));
      if (id === null || !(await cancelOrder(services.db, viewer.id, id))) {
        return data({ error: t(ORDER_MESSAGES.notYours) }, { status: 404 });
      }
      return redirectWithToast(services.config, `${url.pathname}${url.search}`, {
        type: "success",
        message: t(ORDER_MESSAGES.cancelled),
      });
    }
    default:
      return data({ error: t("That action is not available here.") }, { status: 400 });
  }
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total, unread } = loaderData;
  // Every row's form posts to this page: its address is resolved once, not per form.
  const formAction = useFormAction();
  const t = useT();
  return (
    <DashboardListPage
      title={t("My Orders")}
      intro={
        total > 0
          ? t(
              "The sellers you contacted. They reach you on the phone number you gave; cancel a request you no longer need.",
            )
          : undefined
      }
    >
      {rows.length === 0 ? (
        <EmptyList message={t("You didn't ordered anything yet.")}>
          <AppLink
            to="/products/allProducts"
            className="inline-flex rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Browse cars")}
          </AppLink>
        </EmptyList>
      ) : (
        <>
          <CarRequestsTable
            caption={t("Your contact requests")}
            rows={rows}
            withStatus={false}
            actionHeader={t("Delete")}
            action={(row) => (
              <span className="flex flex-wrap items-center gap-2">
                <ConversationLink orderId={row.id} unread={unread[row.id] ?? 0} />
                <ConfirmDialog
                  action={formAction}
                  fields={{ intent: "cancel", id: String(row.id) }}
                  title={t("Cancel your request for the {car}?", {
                    car: row.car?.title ?? row.title,
                  })}
                  message={t("Are You Sure To Cancel This Order?")}
                  detail={t("The seller will no longer see your phone number or meeting place.")}
                  confirmLabel={t("Yes, cancel it")}
                  pendingLabel={t("Cancelling…")}
                  tone="danger"
                  trigger={t("Delete")}
                  triggerLabel={t("Delete your request for the {car}", {
                    car: row.car?.title ?? row.title,
                  })}
                  triggerClassName="inline-flex items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-2 text-xs font-semibold text-red-700 shadow-sm ring-1 ring-red-200 hover:bg-red-50"
                />
              </span>
            )}
          />
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </DashboardListPage>
  );
}
