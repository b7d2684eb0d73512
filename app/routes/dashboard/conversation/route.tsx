// /dashboard/conversations/:id (issue 27): a contact request's conversation between its
// buyer and its seller. Opening it marks what the other side wrote as seen (in this route's
// middleware, before the header's unread count is read); new messages arrive over an event
// stream (../../resources/conversation-events) and a reload shows them too. Without
// JavaScript the form posts and the page comes back with the message in it.
import { randomUUID } from "node:crypto";

import { data, type ShouldRevalidateFunction } from "react-router";

import { AppLink } from "#app/components/ui/app-link.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { getConversation, markSeen } from "#app/models/conversation-read.server.ts";
import { timeZoneFromCookie } from "#app/models/time-zone.ts";
import { safePlaceChoices, viewingsOf } from "#app/models/viewing-list.server.ts";
import { CONVERSATION_MESSAGES, conversationPath } from "#app/models/conversation.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { passRetryAfter } from "#app/services/rate-limit.server.ts";
import { getSessionUser, requirePermission } from "#app/services/session.server.ts";

import { block, changeViewing, propose, report, send } from "./conversation-actions.server.ts";
import { ConversationView } from "./conversation-view.tsx";
import { SafetyTools } from "./safety-tools.tsx";
import { ViewingPanel } from "./viewing-panel.tsx";

import type { Route } from "./+types/route";

export const headers = passRetryAfter;

/**
 * A viewing button refused (409: the other side changed it meanwhile) shows the viewing as it
 * is now: React Router leaves a page as it was after an answer of 400 or more, unless told.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  const intent = formData?.get("intent");
  if (intent === "accept" || intent === "cancel-viewing" || intent === "outcome") return true;
  return defaultShouldRevalidate;
};

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

/** The reader's time zone (the tz cookie), else UTC. */
const timeZoneOf = (request: Request) => timeZoneFromCookie(request.headers.get("cookie")) ?? "UTC";

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
  // "Earlier messages" shows the ones before a message.
  const before = parseId(url.searchParams.get("before"));
  const { db } = servicesOf(context);
  const conversation = id === null ? null : await getConversation(db, viewer.id, id, before);
  if (!conversation) throw notFound(t);
  return {
    conversation,
    viewing: {
      viewings: await viewingsOf(db, conversation.id, conversation.side),
      places: conversation.closed ? [] : await safePlaceChoices(db),
      // A fresh key for the next proposal (one proposal per form, however often it is sent).
      proposalKey: randomUUID(),
      timeZone: timeZoneOf(request),
    },
    // A fresh key for the next message written here (one message per compose).
    composeKey: randomUUID(),
    // Without JavaScript, "Report this conversation" shows its form on the page.
    reportOnPage: url.searchParams.has("report"),
    words: pageWords(context, "dashboard"),
  };
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, "use:conversation:own");
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const orderId = parseId(params.id);
  if (orderId === null) throw notFound(t);
  const ask = {
    services: servicesOf(context),
    userId: viewer.id,
    orderId,
    t,
    back: url.pathname,
    timeZone: timeZoneOf(request),
  };
  const intent = form.get("intent");
  switch (intent) {
    case "send":
      return send(ask, form);
    case "report":
      return report(ask, form);
    case "block":
    case "unblock":
      return block(ask, intent === "block");
    case "propose":
      return propose(ask, form);
    case "accept":
    case "cancel-viewing":
    case "outcome":
      return changeViewing(ask, form, intent);
    default:
      return data({ error: t("That action is not available here.") }, { status: 400 });
  }
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { conversation } = loaderData;
  const reply = actionData && "intent" in actionData ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <AppLink
        to="/dashboard/conversations"
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("← All conversations")}
      </AppLink>
      <ConversationView
        conversation={conversation}
        composeKey={loaderData.composeKey}
        lastResult={reply?.intent === "send" ? reply.result : undefined}
        error={actionData && "error" in actionData ? actionData.error : undefined}
        viewing={
          <ViewingPanel
            data={loaderData.viewing}
            otherName={conversation.other.name ?? t("a deleted account")}
            open={conversation.closed === null}
            lastResult={reply?.intent === "propose" ? reply.result : undefined}
            error={reply?.intent === "viewing" ? reply.viewingError : undefined}
          />
        }
      />
      <SafetyTools
        path={conversationPath(conversation.id)}
        otherName={conversation.other.name ?? t("a deleted account")}
        reported={conversation.reported}
        blockedByMe={conversation.blockedByMe}
        reportOnPage={loaderData.reportOnPage}
        reportReply={reply?.intent === "report" ? reply : null}
      />
    </div>
  );
}
