import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/reported-items";

export const meta: Route.MetaFunction = () => [{ title: `Reported Items — ${SITE_NAME}` }];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.reportedItems);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Reported Items"
      what="Listings that people reported to the admins will be listed here, to review and remove."
    />
  );
}
