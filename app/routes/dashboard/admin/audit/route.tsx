// /dashboard/audit (admin only): every admin action, newest first, filtered by
// action, admin and dates. Read only: the app has no way to change the log.
import { AuditLogPage } from "./audit-log.tsx";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { findAuditActors, findAuditEntries } from "#app/models/audit.server.ts";
import { parseAuditFilters } from "#app/models/audit.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parsePage } from "#app/models/id.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Audit Log")),
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.audit);
  const { db } = servicesOf(context);
  const filters = parseAuditFilters(url.searchParams);
  const { t } = translatorFor(context);
  const [log, actors] = await Promise.all([
    findAuditEntries(db, filters, parsePage(url.searchParams.get("page")), t),
    findAuditActors(db, t),
  ]);
  return { ...log, actors, filters, words: pageWords(context, "dashboard", "admin") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage {...loaderData} />;
}
