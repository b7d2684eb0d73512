// The numbers on the dashboard overview, per role.
import { eq, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { order, report, sellerListingCount, userRoleCount, wishlist } from "#app/db/schema.ts";
import { countOpenRequests } from "#app/models/order.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import { english } from "#app/services/words.server.ts";

export type SummaryFigure = { label: string; value: number; to: string };

// Each role's figures in one statement, written once and planned once (one lookup by key,
// or the small tables the triggers keep): the overview is many people's first page.
const sellerCars = builtOnce((db) =>
  db
    .select({
      available: sellerListingCount.available,
      sold: sellerListingCount.sold,
      advertised: sellerListingCount.advertised,
    })
    .from(sellerListingCount)
    .where(onePlan(eq(sellerListingCount.sellerId, sql.placeholder("userId"))))
    .prepare("overview_seller"),
);
const adminFigures = builtOnce((db) => {
  const ofRole = (role: string) =>
    sql<number>`coalesce((select ${userRoleCount.n} from ${userRoleCount} where ${userRoleCount.role} = ${sql.raw(`'${role}'`)}), 0)::int`;
  return db
    .select({
      sellers: ofRole("seller"),
      buyers: ofRole("buyer"),
      admins: ofRole("admin"),
      reports: onePlan(
        sql<number>`(select count(*) from ${report} where ${report.resolvedAt} is null)::int`,
      ),
    })
    .from(sql`(select 1) as one`)
    .prepare("overview_admin");
});
const buyerFigures = builtOnce((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      orders: onePlan(
        sql<number>`(select count(*) from ${order} where ${order.buyerId} = ${userId} and ${order.status} = 'open')::int`,
      ),
      saved: sql<number>`(select count(*) from ${wishlist} where ${wishlist.userId} = ${userId})::int`,
    })
    .from(sql`(select 1) as one`)
    .prepare("overview_buyer");
});

/** The viewer's figures, labelled in `t`'s words (the request's). */
export async function getDashboardSummary(
  db: Db,
  viewer: SessionUser,
  t: Translate = english,
): Promise<SummaryFigure[]> {
  if (viewer.role === "seller") {
    // The three car figures from seller_listing_count (kept by triggers), not the cars.
    const [[cars], buyers] = await Promise.all([
      sellerCars(db).execute({ userId: viewer.id }),
      countOpenRequests(db, viewer.id),
    ]);
    const { available, sold, advertised } = cars ?? { available: 0, sold: 0, advertised: 0 };
    return [
      { label: t("Cars for sale"), value: available, to: "/dashboard/myProducts" },
      { label: t("Cars sold"), value: sold, to: "/dashboard/myProducts" },
      { label: t("Advertised"), value: advertised, to: "/dashboard/myProducts" },
      { label: t("Buyers waiting"), value: buyers, to: "/dashboard/mybuyers" },
    ];
  }
  if (viewer.role === "admin") {
    // The three role figures from user_role_count (kept by triggers), not the accounts.
    const [figures] = await adminFigures(db).execute();
    const { sellers, buyers, admins, reports } = figures ?? {
      sellers: 0,
      buyers: 0,
      admins: 0,
      reports: 0,
    };
    return [
      { label: t("Sellers"), value: sellers, to: "/dashboard/allseller" },
      { label: t("Buyers"), value: buyers, to: "/dashboard/allbuyer" },
      { label: t("Admins"), value: admins, to: "/dashboard/alluser" },
      { label: t("Open reports"), value: reports, to: "/dashboard/reportedItems" },
    ];
  }
  const [figures] = await buyerFigures(db).execute({ userId: viewer.id });
  const { orders, saved } = figures ?? { orders: 0, saved: 0 };
  return [
    { label: t("Open orders"), value: orders, to: "/dashboard/myorders" },
    { label: t("Saved cars"), value: saved, to: "/dashboard/myProducts" },
  ];
}
