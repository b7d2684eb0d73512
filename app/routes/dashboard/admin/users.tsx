// /dashboard/alluser, /dashboard/allseller and /dashboard/allbuyer (admin only).
import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/users";

const TITLES: Record<string, string> = {
  "/dashboard/alluser": "All Users",
  "/dashboard/allseller": "All Sellers",
  "/dashboard/allbuyer": "All Buyers",
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Users"} — ${SITE_NAME}` },
];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.allUsers);
  return { title: TITLES[url.pathname] ?? "All Users" };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  return (
    <ComingSoon
      title={loaderData.title}
      what="People with accounts will be listed here with their account type, to make admins, verify sellers and delete accounts."
    />
  );
}
