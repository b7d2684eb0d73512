// /dashboard/settings (admins): what makes the site the operator's own (issue 25,
// decision 019). One form, saved in one transaction with its audit entry; every
// node shows the change within a second (the row's trigger empties their caches).
import { data } from "react-router";

import { SettingsForm } from "./settings-form.tsx";
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { titleOf } from "#app/models/seo.ts";
import { siteSettingsSchemaFor } from "#app/models/site-form.ts";

import { getSiteSettings, publicSiteOf, saveSettingsForm } from "#app/models/site.server.ts";
import { servicesOf } from "#app/services/app-context.server.ts";
import { parseSubmission, readForm } from "#app/services/form.server.ts";
import { requirePermission } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => [
  titleOf(matches, translatorOfMatches(matches).t("Site Settings")),
];

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/errors/route-error-boundary.tsx";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.settings);
  const { db, storage } = servicesOf(context);
  const settings = await getSiteSettings(db);
  return {
    settings,
    site: publicSiteOf(settings, (key) => storage.url(key), translatorFor(context).t),
    words: pageWords(context, "dashboard", "admin"),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const admin = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.settings);
  const { t } = translatorFor(context);
  const submission = parseSubmission(await readForm(request, t), siteSettingsSchemaFor(t));
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const services = servicesOf(context);
  const saved = await saveSettingsForm(services, admin, submission.value, t);
  if (!saved.ok) {
    const result = submission.reply({ fieldErrors: { [saved.field]: [saved.message] } });
    return data({ result }, { status: 400 });
  }
  return redirectWithToast(services.config, "/dashboard/settings", {
    type: "success",
    message: saved.changes.length > 0 ? t("Site settings saved") : t("Nothing changed"),
  });
}

export default function SiteSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettingsForm
      settings={loaderData.settings}
      pictures={loaderData.site}
      lastResult={actionData?.result}
    />
  );
}
