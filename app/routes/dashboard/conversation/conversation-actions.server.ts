// What the conversation page's forms do: send a message, report the conversation to the
// admins, block or unblock the other side. Each answers with a redirect back (a toast for
// the reports and blocks) or with the form's errors.
import { data, redirect } from "react-router";

import type { Translate } from "#app/i18n/translator.ts";
import { reportConversation, sendMessage, setBlocked } from "#app/models/conversation.server.ts";
import {
  CONVERSATION_MESSAGES,
  conversationReportSchema,
  messageFormSchema,
} from "#app/models/conversation.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { parseSubmission } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

type Ask = { services: AppServices; userId: string; orderId: number; t: Translate; back: string };

const missing = (ask: Ask) =>
  data({ error: ask.t(CONVERSATION_MESSAGES.missing) }, problemInit({ code: "not-found" }));

export async function send(ask: Ask, form: FormData) {
  const submission = parseSubmission(form, messageFormSchema);
  if (submission.status !== "success") {
    return data({ intent: "send" as const, result: submission.reply() }, { status: 400 });
  }
  const { services } = ask;
  const sent = await sendMessage(services.db, ask.userId, ask.orderId, submission.value, {
    limits: services.config.contactRequestLimits !== false,
  });
  if (!sent.ok) {
    // What was typed comes back in the form, with the reason above it.
    const result = submission.reply({ formErrors: [ask.t(sent.message)] });
    return data({ intent: "send" as const, result }, problemInit(sent));
  }
  return redirect(ask.back);
}

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
