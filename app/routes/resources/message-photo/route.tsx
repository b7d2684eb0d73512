// /dashboard/conversations/:id/photos/:photoId[?size=large] (issue 27): one photo of a message,
// for the conversation's two people, or for an admin while the conversation has an open
// report. Anyone else is answered as if it did not exist. The files are never under /media.
import { Readable } from "node:stream";

import { data } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { CONVERSATION_MESSAGES } from "#app/models/conversation.ts";
import { parseId } from "#app/models/id.ts";
import { readableMessagePhoto } from "#app/models/message-photo.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { requireUser } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request, url);
  const { db, storage } = servicesOf(context);
  const orderId = parseId(params.id);
  const photoId = parseId(params.photoId);
  const size = url.searchParams.get("size") === "large" ? "large" : "small";
  const key =
    orderId === null || photoId === null
      ? null
      : await readableMessagePhoto(db, viewer, orderId, photoId, size);
  const { t } = translatorFor(context);
  if (!key) throw data(t(CONVERSATION_MESSAGES.missing), { status: 404 });
  const file = await storage.get(key).catch((error: unknown) => {
    logger.warn({ err: error, key }, "a message photo could not be read");
    throw data(t("Photos are unavailable right now. Please try again in a minute."), {
      status: 503,
      headers: { "Retry-After": "30", "Cache-Control": "no-store" },
    });
  });
  if (!file) throw data(t(CONVERSATION_MESSAGES.missing), { status: 404 });
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.length),
      // Only this browser keeps it: the photo is for the people in the conversation.
      "Cache-Control": "private, max-age=86400",
      "Content-Disposition": "inline",
    },
  });
}
