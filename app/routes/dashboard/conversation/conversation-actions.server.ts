// What the conversation page's forms do: send a message, report the conversation to the
// admins, block or unblock the other side. Each answers with a redirect back (a toast for
// the reports and blocks) or with the form's errors.
import { data, redirect } from "react-router";

import type { Translate } from "#app/i18n/translator.ts";
import { reportConversation, sendMessage, setBlocked } from "#app/models/conversation.server.ts";
import {
  acceptViewing,
  cancelViewing,
  proposeViewing,
  setViewingOutcome,
} from "#app/models/viewing.server.ts";
import {
  proposeViewingSchema,
  slotsOf,
  VIEWING_MESSAGES,
  viewingIdSchema,
  viewingOutcomeSchema,
} from "#app/models/viewing.ts";
import {
  CONVERSATION_MESSAGES,
  conversationReportSchema,
  messageFormSchema,
} from "#app/models/conversation.ts";
import { chosenFiles } from "#app/models/listing-form-values.ts";
import { storeMessagePhotos } from "#app/models/message-photo.server.ts";
import { validTimeZone } from "#app/models/time-zone.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { parseSubmission } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { removeStoredFiles, StorageUnavailableError } from "#app/services/storage.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

type Ask = {
  services: AppServices;
  userId: string;
  orderId: number;
  t: Translate;
  back: string;
  /** The reader's time zone: proposed times are read in it. */
  timeZone: string;
};

const missing = (ask: Ask) =>
  data({ error: ask.t(CONVERSATION_MESSAGES.missing) }, problemInit({ code: "not-found" }));

export async function send(ask: Ask, form: FormData) {
  const submission = parseSubmission(form, messageFormSchema);
  if (submission.status !== "success") {
    return data({ intent: "send" as const, result: submission.reply() }, { status: 400 });
  }
  const { services, t } = ask;
  const files = chosenFiles(submission.value.photos);
  // Every photo file written for this send: removed again unless the message keeps them.
  const keys: string[] = [];
  let refused: string[] = [];
  try {
    const sent = await sendMessage(services.db, ask.userId, ask.orderId, submission.value, {
      limits: services.config.contactRequestLimits !== false,
      photos:
        files.length === 0
          ? undefined
          : async () => {
              const stored = await storeMessagePhotos(services.storage, files, keys, t);
              if (stored.ok) return stored.photos;
              refused = stored.errors;
              throw new PhotosRefused();
            },
    });
    if (!sent.ok || sent.again) await removeStoredFiles(services.storage, keys);
    if (!sent.ok) {
      // What was typed comes back in the form, with the reason above it.
      const result = submission.reply({ formErrors: [t(sent.message)] });
      return data({ intent: "send" as const, result }, problemInit(sent));
    }
    return redirect(ask.back);
  } catch (error) {
    await removeStoredFiles(services.storage, keys);
    if (error instanceof PhotosRefused || error instanceof StorageUnavailableError) {
      if (error instanceof StorageUnavailableError) {
        logger.warn({ err: error }, "photo storage failed while sending a message");
        refused = [t(CONVERSATION_MESSAGES.photosUnavailable)];
      }
      // The words stay in the form; the files must be chosen again (browsers do not keep them).
      const result = submission.reply({ fieldErrors: { photos: refused } });
      return data({ intent: "send" as const, result }, { status: 400 });
    }
    throw error;
  }
}

/** A photo of a message being sent was refused (its reasons are kept beside the call). */
class PhotosRefused extends Error {}

export async function report(ask: Ask, form: FormData) {
  const submission = parseSubmission(form, conversationReportSchema);
  if (submission.status !== "success") {
    return data({ intent: "report" as const, result: submission.reply() }, { status: 400 });
  }
  const outcome = await reportConversation(
    ask.services.db,
    ask.userId,
    ask.orderId,
    submission.value,
  );
  if (outcome === "missing") return missing(ask);
  return redirectWithToast(ask.services.config, ask.back, {
    type: outcome === "created" ? "success" : "message",
    message: ask.t(
      outcome === "created" ? CONVERSATION_MESSAGES.reported : CONVERSATION_MESSAGES.reportedAgain,
    ),
  });
}

export async function block(ask: Ask, blocked: boolean) {
  if (!(await setBlocked(ask.services.db, ask.userId, ask.orderId, blocked))) return missing(ask);
  return redirectWithToast(ask.services.config, ask.back, {
    type: "success",
    message: ask.t(blocked ? CONVERSATION_MESSAGES.blocked : CONVERSATION_MESSAGES.unblocked),
  });
}

/** Proposes up to three times to see the car; errors sit next to their fields. */
export async function propose(ask: Ask, form: FormData) {
  const submission = parseSubmission(form, proposeViewingSchema);
  if (submission.status !== "success") {
    return data({ intent: "propose" as const, result: submission.reply() }, { status: 400 });
  }
  const { services } = ask;
  const proposed = await proposeViewing(
    services,
    ask.userId,
    ask.orderId,
    {
      proposalKey: submission.value.proposalKey,
      slots: slotsOf(submission.value),
      // The zone the form named (the browser's), else the reader's cookie's.
      timeZone: validTimeZone(form.get("timeZone")?.toString()) ?? ask.timeZone,
    },
    { limits: services.config.contactRequestLimits !== false },
  );
  if (!proposed.ok) {
    const message = ask.t(proposed.message);
    const result = proposed.field
      ? submission.reply({ fieldErrors: { [proposed.field]: [message] } })
      : submission.reply({ formErrors: [message] });
    return data({ intent: "propose" as const, result }, problemInit(proposed));
  }
  return redirectWithToast(services.config, ask.back, {
    type: "success",
    message: ask.t(VIEWING_MESSAGES.proposed),
  });
}

/** What one viewing button does; null when the form was not sent from the page. */
async function viewingChange(ask: Ask, form: FormData, intent: ViewingIntent) {
  const { services, userId, orderId } = ask;
  if (intent === "outcome") {
    const submission = parseSubmission(form, viewingOutcomeSchema);
    if (submission.status !== "success") return null;
    const { viewingId, outcome } = submission.value;
    return setViewingOutcome(services.db, userId, orderId, viewingId, outcome);
  }
  const submission = parseSubmission(form, viewingIdSchema);
  if (submission.status !== "success") return null;
  const change = intent === "accept" ? acceptViewing : cancelViewing;
  return change(services, userId, orderId, submission.value.viewingId);
}

type ViewingIntent = "accept" | "cancel-viewing" | "outcome";

/** Accept, withdraw or cancel, or say afterwards whether it happened. */
export async function changeViewing(ask: Ask, form: FormData, intent: ViewingIntent) {
  const done = await viewingChange(ask, form, intent);
  // The refusal shows in the viewing box (the page says what the viewing is now); its own key,
  // so that TypeScript keeps it apart from the page's other { error } answers.
  if (!done) {
    const viewingError = ask.t(VIEWING_MESSAGES.notYours);
    return data({ intent: "viewing" as const, viewingError }, problemInit({ code: "invalid" }));
  }
  if (!done.ok) {
    const viewingError = ask.t(done.message);
    return data({ intent: "viewing" as const, viewingError }, problemInit(done));
  }
  const message =
    intent === "accept"
      ? VIEWING_MESSAGES.accepted
      : intent === "outcome"
        ? VIEWING_MESSAGES.outcomeSaved
        : "withdrawn" in done && done.withdrawn
          ? VIEWING_MESSAGES.withdrawn
          : VIEWING_MESSAGES.cancelled;
  return redirectWithToast(ask.services.config, ask.back, {
    type: "success",
    message: ask.t(message),
  });
}
