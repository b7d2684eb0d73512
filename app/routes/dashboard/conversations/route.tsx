// /dashboard/conversations (issue 27): a person's conversations, as buyer and as seller,
// latest first, with the last message and how many wait unread; and whether a message left
// unread for ten minutes is emailed.
import { data, useFormAction } from "react-router";

import { DashboardListPage, EmptyList } from "#app/components/car-requests-table.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { findConversations, messageEmailsOf, setMessageEmails } from "#app/models/inbox.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parsePage } from "#app/models/id.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import { ConversationList, MessageEmailsForm } from "./conversation-list.tsx";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("Messages")), { name: "robots", content: "noindex" }];
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.conversations,
  );
  const { db } = servicesOf(context);
  const [page, emails] = await Promise.all([
    findConversations(db, viewer.id, parsePage(url.searchParams.get("page"))),
    messageEmailsOf(db, viewer.id),
  ]);
  return { ...page, emails, words: pageWords(context, "dashboard") };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, "use:conversation:own");
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const services = servicesOf(context);
  if (form.get("intent") !== "emails") {
    return data({ error: t("That action is not available here.") }, { status: 400 });
  }
  const on = form.get("emails") === "on";
  await setMessageEmails(services.db, viewer.id, on);
  return redirectWithToast(services.config, url.pathname, {
    type: "success",
    message: on
      ? t("We will email you when a message waits unread for 10 minutes.")
      : t("No more emails about new messages. They still wait for you here."),
  });
}

export default function Conversations({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, emails } = loaderData;
  const formAction = useFormAction();
  const t = useT();
  return (
    <DashboardListPage
      title={t("Messages")}
      intro={t(
        "Your conversations with sellers and buyers, one for each contact request. Keep the talking here: it is where we can help if something goes wrong.",
      )}
    >
      {rows.length === 0 ? (
        <EmptyList message={t("No conversations yet.")}>
          <p className="mx-auto max-w-xl text-slate-600">
            {t(
              "When you contact a seller about a car, or a buyer contacts you, your conversation appears here.",
            )}
          </p>
          <AppLink
            to="/products/allProducts"
            className="mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Browse cars")}
          </AppLink>
        </EmptyList>
      ) : (
        <>
          <ConversationList rows={rows} />
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
      <MessageEmailsForm action={formAction} emails={emails} />
    </DashboardListPage>
  );
}
