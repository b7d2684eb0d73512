import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/edit-product";

export const meta: Route.MetaFunction = () => [{ title: `Edit your car — ${SITE_NAME}` }];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.editProduct);
  return null;
}

export default function Page() {
  return <ComingSoon title="Edit your car" what="Editing a published car will happen here." />;
}
