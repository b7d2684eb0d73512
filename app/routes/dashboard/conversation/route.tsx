// /dashboard/conversations/:id (issue 27): a contact request's conversation between its
// buyer and its seller. Opening it marks what the other side wrote as seen (in this route's
// middleware, before the header's unread count is read); new messages arrive over an event
// stream (../../resources/conversation-events) and a reload shows them too. Without
// JavaScript the form posts and the page comes back with the message in it.
import { randomUUID } from "node:crypto";

import { data, redirect } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { getConversation, markSeen, sendMessage } from "#app/models/conversation.server.ts";
import { warningsFor } from "#app/models/message-warnings.server.ts";
import { CONVERSATION_MESSAGES, messageFormSchema } from "#app/models/conversation.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { passRetryAfter } from "#app/services/rate-limit.server.ts";
import { getSessionUser, requirePermission } from "#app/services/session.server.ts";

import { ConversationView } from "./conversation-view.tsx";

import type { Route } from "./+types/route";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = translatorOfMatches(matches);
  const title = loaderData
    ? t("Conversation about the {car}", { car: loaderData.conversation.car.title })
    : t("Conversation");
  return [titleOf(matches, title), { name: "robots", content: "noindex" }];
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

// Seen before the page's loaders run (the header's unread count among them).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, request, params }, next) => {
    const id = parseId(params.id);
    if (request.method === "GET" && id !== null) {
      const viewer = await getSessionUser(context, request);
      if (viewer) await markSeen(servicesOf(context).db, viewer.id, id);
    }
    return next();
  },
];

const notFound = (t: (message: string) => string) =>
  data(t(CONVERSATION_MESSAGES.missing), { status: 404 });

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.conversations,
  );
  const { t } = translatorFor(context);
  const id = parseId(params.id);
  const conversation =
    id === null ? null : await getConversation(servicesOf(context).db, viewer.id, id);
  if (!conversation) throw notFound(t);
  return {
    conversation: {
      ...conversation,
      // A plain warning beside messages from the other side that read like a known scam.
      messages: conversation.messages.map((item) => ({
        ...item,
        warnings: item.mine ? [] : warningsFor(item.body),
      })),
    },
    // A fresh key for the next message written here (one message per compose).
    composeKey: randomUUID(),
    words: pageWords(context, "dashboard"),
  };
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, "use:conversation:own");
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const id = parseId(params.id);
  if (id === null) throw notFound(t);
  if (form.get("intent") !== "send") {
    return data({ error: t("That action is not available here.") }, { status: 400 });
  }
  const submission = parseSubmission(form, messageFormSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const services = servicesOf(context);
  const sent = await sendMessage(services.db, viewer.id, id, submission.value, {
    limits: services.config.contactRequestLimits !== false,
  });
  if (!sent.ok) {
    // What was typed comes back in the form, with the reason above it.
    const result = submission.reply({ formErrors: [t(sent.message)] });
    return data({ result }, problemInit(sent));
  }
  return redirect(url.pathname);
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <AppLink
        to="/dashboard/conversations"
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("← All conversations")}
      </AppLink>
      <ConversationView
        conversation={loaderData.conversation}
        composeKey={loaderData.composeKey}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        error={actionData && "error" in actionData ? actionData.error : undefined}
      />
    </div>
  );
}
