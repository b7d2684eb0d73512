// DESIGN decision 9: sellers see My Products here, everyone else My Wishlist.
import { ComingSoon } from "#app/components/coming-soon.tsx";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { SITE_NAME } from "#app/models/site.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/my-products";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "My Products"} — ${SITE_NAME}` },
];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(
    context,
    request,
    url,
    DASHBOARD_PAGE_PERMISSION.myProducts,
  );
  return { title: viewer.role === "seller" ? "My Products" : "My Wishlist" };
}

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  return loaderData.title === "My Products" ? (
    <ComingSoon
      title="My Products"
      what="Your published cars will be listed here, to edit, delete, mark as sold and advertise on the home page."
    />
  ) : (
    <ComingSoon title="My Wishlist" what="The cars you save while browsing will be listed here." />
  );
}
