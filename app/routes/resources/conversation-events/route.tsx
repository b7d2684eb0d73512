// /dashboard/conversations/:id/events (issue 27): a Server-Sent Events stream for one
// conversation's open page. It sends `change` whenever the conversation changed on any node
// (conversation-events.server.ts hears it through the change feed), and a comment every 25
// seconds so proxies keep the connection open. Only the conversation's two people may listen.
import { data } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { isParticipant } from "#app/models/conversation.server.ts";
import { CONVERSATION_MESSAGES } from "#app/models/conversation.ts";
import { parseId } from "#app/models/id.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { watchConversation } from "#app/services/conversation-events.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

const KEEP_ALIVE_MS = 25_000;
/** A stream ends after this long and the browser opens a new one (nothing is held forever). */
const LIFETIME_MS = 30 * 60_000;

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, "use:conversation:own");
  const { db } = servicesOf(context);
  const id = parseId(params.id);
  if (id === null || !(await isParticipant(db, viewer.id, id))) {
    throw data(translatorFor(context).t(CONVERSATION_MESSAGES.missing), { status: 404 });
  }
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      // How long the browser waits before reconnecting after a drop.
      send("retry: 2000\n\n");
      const unwatch = watchConversation(db, id, () => send("event: change\ndata: \n\n"));
      const timer = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
      timer.unref();
      const end = setTimeout(() => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      }, LIFETIME_MS);
      end.unref();
      stop = () => {
        clearInterval(timer);
        clearTimeout(end);
        unwatch();
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware passes the events through at once.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
