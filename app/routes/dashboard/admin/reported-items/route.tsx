// /dashboard/reportedItems (admin only, spec §2, DESIGN decision 19): each reported
// car once with its open reports, to delete the car or dismiss the reports.
import { data } from "react-router";

import { ReportedItemsPage } from "./reported-items-page.tsx";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { msg } from "#app/i18n/translator.ts";
import { titleOf } from "#app/models/seo.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parseId, parsePage } from "#app/models/id.ts";
import { roleCan } from "#app/models/permissions.ts";
import {
  deleteListingAsAdmin,
  dismissReports,
  findReportedListings,
} from "#app/models/report.server.ts";
import { REPORT_MESSAGES } from "#app/models/report.ts";
import { findReportedConversations } from "#app/models/conversation-report.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { readForm } from "#app/services/form.server.ts";
import { problemInit } from "#app/services/http-errors.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Reported Items")),
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

const PATH = "/dashboard/reportedItems";
const UNKNOWN_ACTION = msg("Unknown action. Please reload the page and try again.");
const MISSING = msg("This car is not listed any more.");
const PAGE_PERMISSION = DASHBOARD_PAGE_PERMISSION.reportedItems;
const NO_REPORTS = msg("This car has no open reports any more.");

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, PAGE_PERMISSION);
  const { db, storage } = servicesOf(context);
  const [cars, conversations] = await Promise.all([
    findReportedListings(db, storage, parsePage(url.searchParams.get("page"))),
    findReportedConversations(db),
  ]);
  return { ...cars, conversations, words: pageWords(context, "dashboard", "admin") };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const viewer = await requirePermission(context, request, url, PAGE_PERMISSION);
  const { t } = translatorFor(context);
  const form = await readForm(request, t);
  const intent = form.get("intent");
  if (intent !== "delete" && intent !== "dismiss") {
    return data({ error: t(UNKNOWN_ACTION) }, problemInit({ code: "invalid" }));
  }
  if (intent === "delete" && !roleCan(viewer.role, "delete:listing:any")) {
    throw data(t("Only admins can do this."), problemInit({ code: "forbidden" }));
  }
  const id = parseId(form.get("id"));
  if (id === null) return data({ error: t(MISSING) }, problemInit({ code: "not-found" }));
  const services = servicesOf(context);
  const actor = { id: viewer.id, name: viewer.name };
  const result =
    intent === "delete"
      ? await deleteListingAsAdmin(services, actor, id)
      : await dismissReports(services.db, actor, id);
  if (!result.ok) {
    return result.reason === "missing"
      ? data({ error: t(MISSING) }, problemInit({ code: "not-found" }))
      : data({ error: t(NO_REPORTS) }, problemInit({ code: "conflict" }));
  }
  const page = parsePage(url.searchParams.get("page"));
  return redirectWithToast(services.config, page > 1 ? `${PATH}?page=${page}` : PATH, {
    type: "success",
    message:
      intent === "delete"
        ? t(REPORT_MESSAGES.deleted)
        : t("The reports about {title} were dismissed. The car stays listed.", {
            title: result.title,
          }),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ReportedItemsPage {...loaderData} />;
}
