// /dashboard/savedSearches (issue 28): the searches a person saved, with how often they hear
// about new matches, how many arrived since they last looked, and their private feed. The
// "Save this search" dialog of a results page posts here too.
import { data, useFormAction } from "react-router";

import { DashboardListPage, EmptyList } from "#app/components/car-requests-table.tsx";
import { SavedSearchInline, type SavedSearchReply } from "#app/components/saved-search-form.tsx";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { feedUrl } from "#app/models/alert-links.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import {
  describeSearch,
  findSavedSearches,
  savedSearchFilters,
} from "#app/models/saved-search.server.ts";
import { searchSummary } from "#app/models/saved-search.ts";
import { getSiteSettings, siteDisplayOf } from "#app/models/site.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { requirePermission, safeRedirectTo } from "#app/services/session.server.ts";

import {
  editSearch,
  pauseSearch,
  removeSearch,
  saveSearch,
} from "./saved-search-actions.server.ts";
import { SavedSearchList } from "./saved-search-list.tsx";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("Saved searches")), { name: "robots", content: "noindex" }];
};

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.savedSearches,
  );
  const { db, config } = servicesOf(context);
  const { t } = translatorFor(context);
  const display = siteDisplayOf(await getSiteSettings(db));
  const rows = await findSavedSearches(db, viewer.id);
  // Without JavaScript, "Save this search" and "Edit" lead here with the form on the page.
  const saving = url.searchParams.get("save");
  const editing = parseId(url.searchParams.get("edit"));
  const save =
    saving === null
      ? null
      : await describeSearch(db, safeRedirectTo(saving, "/products/allProducts"), display, t);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      frequency: row.frequency,
      paused: row.paused,
      newCount: row.newCount,
      wideCount: row.wideCount,
      summary: searchSummary(savedSearchFilters(row.query), row.categoryName, display, t),
      feedUrl: feedUrl(config.publicUrl, config.secret, row.id),
    })),
    save,
    editing: rows.find((row) => row.id === editing) ?? null,
    words: pageWords(context, "dashboard"),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, "use:wishlist");
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const ask = { services: servicesOf(context), userId: viewer.id, t, back: url.pathname };
  switch (form.get("intent")) {
    case "save":
      return saveSearch(ask, form);
    case "edit":
      return editSearch(ask, form);
    case "pause":
    case "resume":
      return pauseSearch(ask, form, form.get("intent") === "pause");
    case "delete":
      return removeSearch(ask, form);
    default:
      return data({ error: t("That action is not available here.") }, { status: 400 });
  }
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, save, editing } = loaderData;
  const formAction = useFormAction();
  const t = useT();
  const reply =
    actionData && "result" in actionData ? (actionData as unknown as SavedSearchReply) : null;
  return (
    <DashboardListPage
      title={t("Saved searches")}
      intro={t(
        "Searches you keep: we email you when a new car matches one, as often as you choose. Each email has a link that stops it.",
      )}
    >
      {actionData && "error" in actionData ? (
        <p role="alert" className="mb-5 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {save ? (
        <div className="mb-8">
          <SavedSearchInline
            form={{ kind: "save", search: save.path, redirectTo: save.path, name: save.name }}
            reply={reply?.intent === "save" ? reply : null}
          />
        </div>
      ) : null}
      {editing ? (
        <div className="mb-8">
          <SavedSearchInline
            form={{
              kind: "edit",
              id: editing.id,
              name: editing.name,
              frequency: editing.frequency,
            }}
            reply={reply?.intent === "edit" ? reply : null}
          />
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyList message={t("You have no saved searches yet.")}>
          <p className="mx-auto max-w-xl text-slate-600">
            {t(
              "Search for cars, set the filters you care about, then choose “Save this search” above the results.",
            )}
          </p>
          <AppLink
            to="/products/allProducts"
            className="mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("Browse cars")}
          </AppLink>
        </EmptyList>
      ) : (
        <SavedSearchList rows={rows} formAction={formAction} />
      )}
    </DashboardListPage>
  );
}
