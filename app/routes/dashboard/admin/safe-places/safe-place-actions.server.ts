// The safe places page's three buttons (issue 27): each checks its form, asks the model and
// answers the way the page reads it — a redirect with a toast; the form back with its
// fields' messages (400); or, for a place no longer on the list, a refusal in words (404).
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import type { Translate } from "#app/i18n/translator.ts";
import type { AuditActor } from "#app/models/audit.server.ts";
import {
  createSafePlace,
  deleteSafePlace,
  updateSafePlace,
} from "#app/models/safe-place.server.ts";
import { safePlaceIdSchema, safePlaceSchema, VIEWING_MESSAGES } from "#app/models/viewing.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { parseSubmission } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";

export type SafePlaceReply = {
  intent: string;
  /** The place the form was about (edit, delete). */
  id?: number;
  /** A refusal in the reader's words, for the whole page. */
  error?: string;
  /** Conform's result: the fields' messages. */
  result?: SubmissionResult<string[]>;
};

export type Ask = {
  db: AppServices["db"];
  actor: AuditActor;
  form: FormData;
  /** The request's language, for toasts and refusals. */
  t: Translate;
  done: (message: string) => Promise<Response>;
};

/** The hidden id field, or null when it is no place's id (the form was not sent from here). */
function placeIdOf(form: FormData): number | null {
  const parsed = safePlaceIdSchema.safeParse({ id: form.get("id") });
  return parsed.success ? parsed.data.id : null;
}

function gone(intent: string, t: Translate, id?: number) {
  const reply: SafePlaceReply = { intent, id, error: t(VIEWING_MESSAGES.placeGone) };
  return data(reply, problemInit({ code: "not-found" }));
}

function invalid(intent: string, result: SubmissionResult<string[]>, id?: number) {
  const reply: SafePlaceReply = { intent, id, result };
  return data(reply, problemInit({ code: "invalid" }));
}

export async function addPlace({ db, actor, form, t, done }: Ask) {
  const submission = parseSubmission(form, safePlaceSchema);
  if (submission.status !== "success") return invalid("add", submission.reply());
  const saved = await createSafePlace(db, actor, submission.value);
  return done(t(VIEWING_MESSAGES.placeAdded, { name: saved.name }));
}

export async function editPlace({ db, actor, form, t, done }: Ask) {
  const id = placeIdOf(form);
  if (id === null) return gone("edit", t);
  const submission = parseSubmission(form, safePlaceSchema);
  if (submission.status !== "success") return invalid("edit", submission.reply(), id);
  const saved = await updateSafePlace(db, actor, id, submission.value);
  if (!saved.ok) return gone("edit", t, id);
  return done(
    saved.changes.length > 0
      ? t(VIEWING_MESSAGES.placeSaved, { name: saved.name })
      : t("Nothing changed"),
  );
}

export async function removePlace({ db, actor, form, t, done }: Ask) {
  const id = placeIdOf(form);
  if (id === null) return gone("delete", t);
  const deleted = await deleteSafePlace(db, actor, id);
  if (!deleted.ok) return gone("delete", t, id);
  return done(t(VIEWING_MESSAGES.placeDeleted, { name: deleted.name }));
}
