// /dashboard/conversations/:id/events (issue 27): a Server-Sent Events stream for one
// conversation's open page. It sends `change` whenever the conversation changed on any node
// (conversation-events.server.ts hears it through the change feed); the page then fetches its
// own data. Only the conversation's two people may listen.
import { data } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { isParticipant } from "#app/models/conversation.server.ts";
import { CONVERSATION_MESSAGES } from "#app/models/conversation.ts";
import { parseId } from "#app/models/id.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { watchConversation } from "#app/services/conversation-events.server.ts";
import { eventStream } from "#app/services/event-stream.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, "use:conversation:own");
  const { db } = servicesOf(context);
  const id = parseId(params.id);
  if (id === null || !(await isParticipant(db, viewer.id, id))) {
    throw data(translatorFor(context).t(CONVERSATION_MESSAGES.missing), { status: 404 });
  }
  return eventStream(request.signal, (send) => watchConversation(db, id, () => send("change")));
}
