import { Rich, translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { msg } from "#app/i18n/translator.ts";
import { titleOf } from "#app/models/seo.ts";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { DASHBOARD_MENU, DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { getDashboardSummary } from "#app/models/dashboard.server.ts";
import { ROLE_LABEL } from "#app/models/user.ts";
import { dbContext } from "#app/services/app-context.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

const ADMIN_SHORTCUTS = [
  { to: "/dashboard/audit", label: msg("Audit Log") },
  { to: "/dashboard/settings", label: msg("Site Settings") },
  { to: "/dashboard/categories", label: msg("Categories") },
  { to: "/dashboard/safePlaces", label: msg("Safe places") },
  { to: "/dashboard/warningWords", label: msg("Warning words") },
];

/**
 * The overview's figures (named in English by the model), each worded for its number:
 * the English stays as it is, other languages agree with the count.
 */
const FIGURE_LABEL: Record<string, string> = {
  "Cars for sale": msg("{count, plural, other {Cars for sale}}"),
  "Cars sold": msg("{count, plural, other {Cars sold}}"),
  Advertised: msg("{count, plural, other {Advertised}}"),
  "Buyers waiting": msg("{count, plural, other {Buyers waiting}}"),
  Sellers: msg("{count, plural, other {Sellers}}"),
  Buyers: msg("{count, plural, other {Buyers}}"),
  Admins: msg("{count, plural, other {Admins}}"),
  "Open reports": msg("{count, plural, other {Open reports}}"),
  "Open orders": msg("{count, plural, other {Open orders}}"),
  "Saved cars": msg("{count, plural, other {Saved cars}}"),
};

/** A shortcut button: the role's menu pages are the primary ones. */
function Shortcut({ to, label, primary }: { to: string; label: string; primary?: boolean }) {
  const t = useT();
  return (
    <li>
      <AppLink
        to={to}
        className={`inline-flex rounded-lg px-4 py-2.5 text-sm font-semibold ${
          primary
            ? "bg-brand-600 text-white shadow-sm hover:bg-brand-700"
            : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        }`}
      >
        {t(label)}
      </AppLink>
    </li>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("Dashboard"))];
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.dashboard,
  );
  return {
    viewer,
    // Labelled in English on purpose: each label is a key of FIGURE_LABEL, which the
    // page words for its number (a translated label would lose its plural forms).
    figures: await getDashboardSummary(context.get(dbContext), viewer),
    words: pageWords(context, "dashboard"),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { viewer, figures } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {t(ROLE_LABEL[viewer.role])}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
        <Rich
          message="Welcome, {name}"
          values={{ name: <span translate="no">{viewer.name}</span> }}
        />
      </h1>
      <section aria-labelledby="summary-heading" className="mt-8">
        <h2 id="summary-heading" className="sr-only">
          {t("Summary")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map((figure) => (
            <li key={figure.label}>
              <AppLink
                to={figure.to}
                className="block rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
              >
                <span className="block text-3xl font-extrabold text-slate-900">{figure.value}</span>
                <span className="mt-1 block text-sm font-medium text-slate-600">
                  {t(FIGURE_LABEL[figure.label] ?? figure.label, { count: figure.value })}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="shortcuts-heading" className="mt-10">
        <h2 id="shortcuts-heading" className="text-lg font-semibold text-slate-900">
          {t("Shortcuts")}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          {DASHBOARD_MENU[viewer.role].map((entry) => (
            <Shortcut key={entry.to} {...entry} primary />
          ))}
          {viewer.role === "admin"
            ? // Not in the spec's admin menu: reached from here and from the admin pages.
              ADMIN_SHORTCUTS.map((entry) => <Shortcut key={entry.to} {...entry} />)
            : null}
          {viewer.role === "buyer" ? null : (
            // Buyers find their wishlist in the menu; everyone else here.
            <Shortcut to="/dashboard/wishlist" label={msg("My Wishlist")} />
          )}
          <Shortcut to="/dashboard/savedSearches" label={msg("Saved searches")} />
          <Shortcut to="/products/allProducts" label={msg("Browse cars")} />
        </ul>
      </section>
    </div>
  );
}
