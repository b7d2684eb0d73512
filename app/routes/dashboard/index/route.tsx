import { titleOf } from "#app/models/seo.ts";
import { AppLink } from "#app/components/ui/app-link.tsx";
import { DASHBOARD_MENU, DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { getDashboardSummary } from "#app/models/dashboard.server.ts";
import { ROLE_LABEL } from "#app/models/user.ts";
import { dbContext } from "#app/services/app-context.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

const ADMIN_SHORTCUTS = [
  { to: "/dashboard/audit", label: "Audit Log" },
  { to: "/dashboard/settings", label: "Site Settings" },
  { to: "/dashboard/categories", label: "Categories" },
];

/** A shortcut button: the role's menu pages are the primary ones. */
function Shortcut({ to, label, primary }: { to: string; label: string; primary?: boolean }) {
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
        {label}
      </AppLink>
    </li>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [titleOf(matches, "Dashboard")];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.dashboard,
  );
  return { viewer, figures: await getDashboardSummary(context.get(dbContext), viewer) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { viewer, figures } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {ROLE_LABEL[viewer.role]}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
        Welcome, {viewer.name}
      </h1>
      <section aria-labelledby="summary-heading" className="mt-8">
        <h2 id="summary-heading" className="sr-only">
          Summary
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
                  {figure.label}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="shortcuts-heading" className="mt-10">
        <h2 id="shortcuts-heading" className="text-lg font-semibold text-slate-900">
          Shortcuts
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
            <Shortcut to="/dashboard/wishlist" label="My Wishlist" />
          )}
          <Shortcut to="/products/allProducts" label="Browse cars" />
        </ul>
      </section>
    </div>
  );
}
