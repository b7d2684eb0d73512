// /dashboard/wishlist: the cars a signed-in person saved. Buyers also reach it as
// "My Wishlist" at /dashboard/myProducts (DESIGN decision 9); sellers and admins,
// whose /dashboard/myProducts is something else, reach it here.
import { translatorOfMatches } from "#app/i18n/i18n-provider.tsx";
import { pageWords, translatorFor } from "#app/i18n/language.server.ts";
import { titleOf } from "#app/models/seo.ts";
import { DASHBOARD_PAGE_PERMISSION } from "#app/models/dashboard.ts";
import { parsePage } from "#app/models/id.ts";
import { loadWishlistPage } from "#app/models/wishlist.server.ts";
import { WishlistView } from "#app/components/wishlist-view.tsx";
import { servicesOf } from "#app/services/app-context.server.ts";
import { requirePermission } from "#app/services/session.server.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return [titleOf(matches, t("My Wishlist")), { name: "robots", content: "noindex" }];
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, request, url, DASHBOARD_PAGE_PERMISSION.wishlist);
  const { db, storage } = servicesOf(context);
  const saved = await loadWishlistPage(
    db,
    storage,
    viewer.id,
    parsePage(url.searchParams.get("page")),
    translatorFor(context).t,
  );
  return { ...saved, words: pageWords(context, "dashboard") };
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  return <WishlistView {...loaderData} />;
}
