import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/sell-car";

export const meta: Route.MetaFunction = () => [{ title: `Sell A Car — ${SITE_NAME}` }];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.sellCar);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Sell A Car"
      what="The form to publish a car for sale (photos, details, years used and prices) will be here."
    />
  );
}
