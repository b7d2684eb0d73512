// The numbers on the dashboard overview, per role.
import { and, count, eq, isNull } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { order, report, sellerListingCount, userRoleCount, wishlist } from "#app/db/schema.ts";
import { countOpenRequests } from "#app/models/order.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import { english } from "#app/services/words.server.ts";

export type SummaryFigure = { label: string; value: number; to: string };

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

/** The viewer's figures, labelled in `t`'s words (the request's). */
export async function getDashboardSummary(
  db: Db,
  viewer: SessionUser,
  t: Translate = english,
): Promise<SummaryFigure[]> {
  if (viewer.role === "seller") {
    // The three car figures from seller_listing_count (kept by triggers), not the cars.
    const [[cars], buyers] = await Promise.all([
      db
        .select({
          available: sellerListingCount.available,
          sold: sellerListingCount.sold,
          advertised: sellerListingCount.advertised,
        })
        .from(sellerListingCount)
        .where(onePlan(eq(sellerListingCount.sellerId, viewer.id))),
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
    const [roles, reports] = await Promise.all([
      db.select({ role: userRoleCount.role, n: userRoleCount.n }).from(userRoleCount),
      countOf(db.select({ n: count() }).from(report).where(isNull(report.resolvedAt))),
    ]);
    const ofRole = (role: string) => roles.find((row) => row.role === role)?.n ?? 0;
    const [sellers, buyers, admins] = [ofRole("seller"), ofRole("buyer"), ofRole("admin")];
    return [
      { label: t("Sellers"), value: sellers, to: "/dashboard/allseller" },
      { label: t("Buyers"), value: buyers, to: "/dashboard/allbuyer" },
      { label: t("Admins"), value: admins, to: "/dashboard/alluser" },
      { label: t("Open reports"), value: reports, to: "/dashboard/reportedItems" },
    ];
  }
  const [orders, saved] = await Promise.all([
    countOf(
      db
        .select({ n: count() })
        .from(order)
        .where(and(eq(order.buyerId, viewer.id), eq(order.status, "open"))),
    ),
    countOf(db.select({ n: count() }).from(wishlist).where(eq(wishlist.userId, viewer.id))),
  ]);
  return [
    { label: t("Open orders"), value: orders, to: "/dashboard/myorders" },
    { label: t("Saved cars"), value: saved, to: "/dashboard/myProducts" },
  ];
}
