import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/my-buyers";

export const meta: Route.MetaFunction = () => [{ title: `My Buyers — ${SITE_NAME}` }];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.myBuyers);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="My Buyers"
      what="Buyers who asked to be contacted about your cars will be listed here with their contact details."
    />
  );
}
