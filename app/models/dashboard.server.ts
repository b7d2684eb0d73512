// The numbers on the dashboard overview, per role.
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { listing, order, report, user, wishlist } from "#app/db/schema.ts";
import type { SessionUser } from "#app/models/user.ts";

export type SummaryFigure = { label: string; value: number; to: string };

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

export async function getDashboardSummary(db: Db, viewer: SessionUser): Promise<SummaryFigure[]> {
  if (viewer.role === "seller") {
    const mine = eq(listing.sellerId, viewer.id);
    const [available, sold, advertised, buyers] = await Promise.all([
      countOf(
        db
          .select({ n: count() })
          .from(listing)
          .where(and(mine, eq(listing.status, "available"))),
      ),
      countOf(
        db
          .select({ n: count() })
          .from(listing)
          .where(and(mine, eq(listing.status, "sold"))),
      ),
      countOf(
        db
          .select({ n: count() })
          .from(listing)
          .where(and(mine, isNotNull(listing.advertisedAt))),
      ),
      countOf(
        db
          .select({ n: count() })
          .from(order)
          .innerJoin(listing, eq(listing.id, order.listingId))
          .where(and(mine, eq(order.status, "open"))),
      ),
    ]);
    return [
      { label: "Cars for sale", value: available, to: "/dashboard/myProducts" },
      { label: "Cars sold", value: sold, to: "/dashboard/myProducts" },
      { label: "Advertised", value: advertised, to: "/dashboard/myProducts" },
      { label: "Buyers waiting", value: buyers, to: "/dashboard/mybuyers" },
    ];
  }
  if (viewer.role === "admin") {
    const [sellers, buyers, admins, reports] = await Promise.all([
      countOf(db.select({ n: count() }).from(user).where(eq(user.role, "seller"))),
      countOf(db.select({ n: count() }).from(user).where(eq(user.role, "buyer"))),
      countOf(db.select({ n: count() }).from(user).where(eq(user.role, "admin"))),
      countOf(db.select({ n: count() }).from(report).where(isNull(report.resolvedAt))),
    ]);
    return [
      { label: "Sellers", value: sellers, to: "/dashboard/allseller" },
      { label: "Buyers", value: buyers, to: "/dashboard/allbuyer" },
      { label: "Admins", value: admins, to: "/dashboard/alluser" },
      { label: "Open reports", value: reports, to: "/dashboard/reportedItems" },
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
    { label: "Open orders", value: orders, to: "/dashboard/myorders" },
    { label: "Saved cars", value: saved, to: "/dashboard/myProducts" },
  ];
}
