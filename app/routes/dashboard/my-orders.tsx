import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => [{ title: `My Orders — ${SITE_NAME}` }];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.myOrders);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="My Orders"
      what="Your contact requests to sellers will be listed here, with the car, the seller and a way to cancel."
    />
  );
}
