// What the Saved searches page's forms do (and the "Save this search" dialog on a results
// page, which posts here): save, edit, pause, resume, delete. Each answers with a toast and
// a redirect, or with the form's errors.
import { data } from "react-router";

import type { Translate } from "#app/i18n/translator.ts";
import { parseId } from "#app/models/id.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  describeSearch,
  updateSavedSearch,
} from "#app/models/saved-search.server.ts";
import { FALLBACK_SITE } from "#app/models/site.ts";
import { SAVED_SEARCH_MESSAGES, savedSearchFormSchema } from "#app/models/saved-search-form.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { parseSubmission } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { safeRedirectTo } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

type Ask = { services: AppServices; userId: string; t: Translate; back: string };

const toast = (ask: Ask, message: string, to = ask.back) =>
  redirectWithToast(ask.services.config, to, { type: "success", message: ask.t(message) });

const missing = (ask: Ask) =>
  data({ error: ask.t(SAVED_SEARCH_MESSAGES.missing) }, problemInit({ code: "not-found" }));

export async function saveSearch(ask: Ask, form: FormData) {
  const submission = parseSubmission(form, savedSearchFormSchema);
  if (submission.status !== "success") {
    return data({ intent: "save" as const, result: submission.reply() }, { status: 400 });
  }
  const results = safeRedirectTo(form.get("search"), "/products/allProducts");
  const search = await describeSearch(ask.services.db, results, FALLBACK_SITE, ask.t);
  if (!search) return missing(ask);
  const created = await createSavedSearch(ask.services.db, ask.userId, {
    categoryId: search.categoryId,
    query: search.query,
    ...submission.value,
  });
  if (!created.ok) {
    const result = submission.reply({ formErrors: [ask.t(SAVED_SEARCH_MESSAGES.tooMany)] });
    return data({ intent: "save" as const, result }, problemInit(created.problem));
  }
  const message = created.again ? SAVED_SEARCH_MESSAGES.savedAgain : SAVED_SEARCH_MESSAGES.saved;
  return toast(ask, message, safeRedirectTo(form.get("redirectTo"), results));
}

export async function editSearch(ask: Ask, form: FormData) {
  const id = parseId(form.get("id"));
  const submission = parseSubmission(form, savedSearchFormSchema);
  if (submission.status !== "success") {
    return data({ intent: "edit" as const, result: submission.reply() }, { status: 400 });
  }
  if (
    id === null ||
    !(await updateSavedSearch(ask.services.db, ask.userId, id, submission.value))
  ) {
    return missing(ask);
  }
  return toast(ask, SAVED_SEARCH_MESSAGES.updated);
}

export async function pauseSearch(ask: Ask, form: FormData, paused: boolean) {
  const id = parseId(form.get("id"));
  if (id === null || !(await updateSavedSearch(ask.services.db, ask.userId, id, { paused }))) {
    return missing(ask);
  }
  return toast(ask, paused ? SAVED_SEARCH_MESSAGES.paused : SAVED_SEARCH_MESSAGES.resumed);
}

export async function removeSearch(ask: Ask, form: FormData) {
  const id = parseId(form.get("id"));
  if (id === null || !(await deleteSavedSearch(ask.services.db, ask.userId, id))) {
    return missing(ask);
  }
  return toast(ask, SAVED_SEARCH_MESSAGES.deleted);
}
