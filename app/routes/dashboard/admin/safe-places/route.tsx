// /dashboard/safePlaces (admins): the safe public places buyers and sellers choose from when
// they propose a viewing (issue 27, decision 023). Add, edit in place, delete; each change
// is one transaction with its audit row. Edit and delete work without JavaScript too
// (?edit=…, ?delete=…, as on the categories page).
import { data } from "react-router";

import { SafePlacesPage } from "./safe-places-page.tsx";
import {
  addPlace,
  editPlace,
  removePlace,
  type SafePlaceReply,
} from "./safe-place-actions.server.ts";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId } from "#app/models/id.ts";
import { titleOf } from "#app/models/seo.ts";
import { listSafePlaces } from "#app/models/viewing-list.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Safe places")),
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

const PAGE = "/dashboard/safePlaces";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.safePlaces);
  const { db } = servicesOf(context);
  return {
    places: await listSafePlaces(db),
    // ?edit=… and ?delete=… show that place's form in its place (no JavaScript needed).
    editId: parseId(url.searchParams.get("edit")),
    deleteId: parseId(url.searchParams.get("delete")),
    words: pageWords(context, "dashboard", "admin"),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.safePlaces,
  );
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const services = servicesOf(context);
  const ask = {
    db: services.db,
    actor: { id: viewer.id, name: viewer.name },
    form,
    t,
    done: (message: string) =>
      redirectWithToast(services.config, PAGE, { type: "success", message }),
  };
  switch (form.get("intent")) {
    case "add":
      return addPlace(ask);
    case "edit":
      return editPlace(ask);
    case "delete":
      return removePlace(ask);
    default: {
      const error = t("That button is not known here. Reload the page and try again.");
      const reply: SafePlaceReply = { intent: "", error };
      return data(reply, problemInit({ code: "invalid" }));
    }
  }
}

export default function SafePlaces({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SafePlacesPage {...loaderData} reply={(actionData as SafePlaceReply | undefined) ?? null} />
  );
}
