// GET /savedSearches/:id/results: opens one of the person's saved searches (its results page)
// and counts what is new from now on ("new since your last visit").
import { data, redirect } from "react-router";

import { translatorFor } from "#app/i18n/language.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import { openSavedSearch } from "#app/models/saved-search.server.ts";
import { SAVED_SEARCH_MESSAGES } from "#app/models/saved-search-form.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.savedSearches,
  );
  const id = parseId(params.id);
  const path = id === null ? null : await openSavedSearch(servicesOf(context).db, viewer.id, id);
  if (path === null) {
    throw data(
      translatorFor(context).t(SAVED_SEARCH_MESSAGES.missing),
      problemInit({ code: "not-found" }),
    );
  }
  return redirect(path);
}
