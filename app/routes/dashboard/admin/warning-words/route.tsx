// /dashboard/warningWords (admins): the words and phrases that put a scam warning beside a
// message (issue 27). Add a phrase under a kind of warning, remove one, or write back the
// built-in ones that are missing; each change is audited and applies to messages written
// after it (a message keeps the warnings it was given).
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { WarningWordsPage } from "./warning-words-page.tsx";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { titleOf } from "#app/models/seo.ts";
import {
  addWarningPhrase,
  listWarningPhrases,
  removeWarningPhrase,
  restoreWarningPhrases,
} from "#app/models/warning-phrase.server.ts";
import {
  addWarningPhraseSchema,
  WARNING_KIND_LABEL,
  WARNING_PHRASE_MESSAGES,
  warningPhraseIdSchema,
} from "#app/models/warning-phrase.ts";
import type { AuditActor } from "#app/models/audit.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Warning words")),
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

const PAGE = "/dashboard/warningWords";

export type WarningWordsReply = {
  intent: string;
  error?: string;
  result?: SubmissionResult<string[]>;
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.warningWords);
  return {
    phrases: await listWarningPhrases(servicesOf(context).db),
    words: pageWords(context, "dashboard", "admin"),
  };
}

type Ask = {
  db: ReturnType<typeof servicesOf>["db"];
  actor: AuditActor;
  form: FormData;
  t: Translate;
  done: (message: string) => Promise<Response>;
};

async function add({ db, actor, form, t, done }: Ask) {
  const submission = parseSubmission(form, addWarningPhraseSchema);
  if (submission.status !== "success") {
    const reply: WarningWordsReply = { intent: "add", result: submission.reply() };
    return data(reply, problemInit({ code: "invalid" }));
  }
  const added = await addWarningPhrase(db, actor, submission.value);
  if (!added.ok) {
    const message = t(WARNING_PHRASE_MESSAGES.taken, {
      phrase: submission.value.phrase,
      kind: t(WARNING_KIND_LABEL[added.kind]),
    });
    const result = submission.reply({ fieldErrors: { phrase: [message] } });
    return data(
      { intent: "add", result } satisfies WarningWordsReply,
      problemInit({ code: "invalid" }),
    );
  }
  return done(t(WARNING_PHRASE_MESSAGES.added, { phrase: added.phrase }));
}

async function remove({ db, actor, form, t, done }: Ask) {
  const submission = parseSubmission(form, warningPhraseIdSchema);
  const removed =
    submission.status === "success"
      ? await removeWarningPhrase(db, actor, submission.value.id)
      : null;
  if (!removed) {
    const reply: WarningWordsReply = { intent: "remove", error: t(WARNING_PHRASE_MESSAGES.gone) };
    return data(reply, problemInit({ code: "not-found" }));
  }
  return done(t(WARNING_PHRASE_MESSAGES.removed, { phrase: removed.phrase }));
}

async function restore({ db, actor, t, done }: Ask) {
  const count = await restoreWarningPhrases(db, actor);
  return done(
    count > 0
      ? t(WARNING_PHRASE_MESSAGES.restored, { count })
      : t(WARNING_PHRASE_MESSAGES.nothingToRestore),
  );
}

const HANDLERS = { add, remove, restore } as const;

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.warningWords,
  );
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const services = servicesOf(context);
  const intent = form.get("intent");
  if (intent !== "add" && intent !== "remove" && intent !== "restore") {
    const reply: WarningWordsReply = { intent: "", error: t(WARNING_PHRASE_MESSAGES.unknown) };
    return data(reply, problemInit({ code: "invalid" }));
  }
  return HANDLERS[intent]({
    db: services.db,
    actor: { id: viewer.id, name: viewer.name },
    form,
    t,
    done: (message) => redirectWithToast(services.config, PAGE, { type: "success", message }),
  });
}

export default function WarningWords({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WarningWordsPage
      phrases={loaderData.phrases}
      reply={(actionData as WarningWordsReply | undefined) ?? null}
    />
  );
}
