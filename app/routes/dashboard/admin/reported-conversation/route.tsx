// /dashboard/reportedItems/conversations/:id (admins, issue 27): a reported conversation,
// readable only while a report on it is open; every reading is in the audit log. Dismiss
// sends its reports away (audited too).
import { data } from "react-router";

import { AdminNav } from "#app/components/admin-bits.tsx";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { outlineButton } from "#app/components/ui/buttons.ts";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { msg } from "#app/i18n/translator.ts";
import {
  dismissConversationReports,
  readReportedConversation,
} from "#app/models/conversation-report.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import { MessagePhotos } from "../../conversation/conversation-view.tsx";
import { MessageText, useMessageTimes } from "../../conversation/message-text.tsx";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Reported conversation")),
  { name: "robots", content: "noindex" },
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

const NOT_REPORTED = msg("This conversation has no open report, so it cannot be read.");

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.reportedItems,
  );
  const id = parseId(params.id);
  const conversation =
    id === null
      ? null
      : await readReportedConversation(
          servicesOf(context).db,
          { id: viewer.id, name: viewer.name },
          id,
        );
  if (!conversation) throw data(translatorFor(context).t(NOT_REPORTED), { status: 404 });
  return { conversation, words: pageWords(context, "dashboard", "admin") };
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.reportedItems,
  );
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  if (form.get("intent") !== "dismiss") {
    return data({ error: t("That action is not available here.") }, { status: 400 });
  }
  const id = parseId(params.id);
  const services = servicesOf(context);
  const done =
    id !== null &&
    (await dismissConversationReports(services.db, { id: viewer.id, name: viewer.name }, id));
  if (!done) throw data(t(NOT_REPORTED), { status: 404 });
  return redirectWithToast(services.config, "/dashboard/reportedItems", {
    type: "success",
    message: t("The reports about this conversation were dismissed."),
  });
}

export default function ReportedConversation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const timeOf = useMessageTimes();
  const { conversation } = loaderData;
  const nameOf = (side: "buyer" | "seller" | null) =>
    side === "buyer"
      ? t("{name} (buyer)", { name: conversation.buyerName })
      : side === "seller"
        ? t("{name} (seller)", { name: conversation.sellerName ?? t("a deleted account") })
        : t("a deleted account");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {t("Reported conversation")}
      </h1>
      <AdminNav />
      <p className="mt-4 text-slate-600">
        {t(
          "About the {car}. You can read it because it was reported; this reading is in the audit log.",
          { car: conversation.title },
        )}
      </p>
      <ol className="mt-6 space-y-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
        {conversation.messages.map((item) => (
          <li key={item.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <p className="text-xs font-semibold text-slate-600">
              <span translate="no">{nameOf(item.side)}</span> · {timeOf(item.createdAt)}
            </p>
            <div className="mt-1 text-slate-900">
              {item.body ? <MessageText body={item.body} mine={false} /> : null}
              <MessagePhotos
                orderId={conversation.id}
                photos={item.photos}
                spaced={item.body !== ""}
              />
            </div>
          </li>
        ))}
        {conversation.messages.length === 0 ? (
          <li className="text-slate-600">{t("No messages yet.")}</li>
        ) : null}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <ConfirmDialog
          fields={{ intent: "dismiss" }}
          title={t("Dismiss the reports about this conversation?")}
          message={t(
            "The reports leave Reported Items, and the conversation can no longer be read here.",
          )}
          confirmLabel={t("Yes, dismiss")}
          pendingLabel={t("Dismissing…")}
          trigger={t("Dismiss")}
          triggerClassName={outlineButton}
        />
        <AppLink to="/dashboard/alluser" className={outlineButton}>
          {t("Find the people in All Users")}
        </AppLink>
        <AppLink to="/dashboard/reportedItems" className="text-sm font-semibold text-brand-700">
          {t("Back to Reported Items")}
        </AppLink>
      </div>
    </div>
  );
}
