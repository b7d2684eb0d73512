// Reports to the admins (spec §3, DESIGN decision 19): a signed-in person reports
// someone else's car once; admins see each reported car once with its open
// reports, and either delete the car or dismiss the reports. Both resolve the
// reports and write the audit row in the same transaction.
import { and, desc, eq, isNull, sql } from "drizzle-orm";

import { anyId } from "#app/db/any-id.ts";
import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { category, listing, listingPhoto, report, reportedListing, user } from "#app/db/schema.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { recordAudit, type AuditActor } from "#app/models/audit.server.ts";
import { finishListingRemoval, removeListingsInTx } from "#app/models/listing-manage.server.ts";
import { pageWindow } from "#app/models/id.ts";
import type { ListingStatus } from "#app/models/listing.ts";
import { coverPhotoOf } from "#app/models/listing-rows.server.ts";
import type { ReportInput, ReportReason } from "#app/models/report.ts";
import type { Role } from "#app/models/user.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

export const REPORTED_PAGE_SIZE = 10;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type CreateReportResult = "created" | "duplicate" | "own car" | "missing";

/** One report per person and car: the unique index decides, so a double submit makes one row. */
export async function createReport(
  db: Db,
  reporterId: string,
  listingId: number,
  input: ReportInput,
): Promise<CreateReportResult> {
  const [car] = await db
    .select({ sellerId: listing.sellerId })
    .from(listing)
    .where(eq(listing.id, listingId));
  if (!car) return "missing";
  if (car.sellerId === reporterId) return "own car";
  const created = await db
    .insert(report)
    .values({ listingId, reporterId, reason: input.reason, details: input.details })
    .onConflictDoNothing()
    .returning({ id: report.id });
  return created.length > 0 ? "created" : "duplicate";
}

/** Whether this person has reported this car (open or resolved). */
export async function hasReported(db: Db, reporterId: string, listingId: number) {
  const [row] = await db
    .select({ id: report.id })
    .from(report)
    .where(onePlan(and(eq(report.reporterId, reporterId), eq(report.listingId, listingId))))
    .limit(1);
  return Boolean(row);
}

export type ReportedListing = {
  id: number;
  title: string;
  status: ListingStatus;
  location: string;
  categoryName: string;
  seller: { name: string; email: string };
  photo: { url: string; width: number; height: number } | null;
  latestAt: string;
  reports: {
    id: number;
    reason: ReportReason;
    details: string | null;
    createdAt: string;
    reporter: { name: string; email: string; role: Role };
  }[];
};

const open = isNull(report.resolvedAt);

/**
 * Reported Items' statements, written once and planned once: the queue's size, a page of
 * it read from reported_listing_latest_idx, and that page's cars and open reports by id.
 */
const reportedStatements = builtOnce((db) => {
  const ids = sql.placeholder("ids");
  return {
    count: db
      .select({ total: onePlan(sql<number>`count(*)::int`) })
      .from(reportedListing)
      .prepare("reported_count"),
    page: db
      .select({ id: reportedListing.listingId, latestAt: reportedListing.latestAt })
      .from(reportedListing)
      // "nulls last" as in reported_listing_latest_idx, so the page is read from the index.
      .orderBy(
        onePlan(sql`${reportedListing.latestAt} desc nulls last`),
        sql`${reportedListing.listingId} desc nulls last`,
      )
      .limit(REPORTED_PAGE_SIZE)
      .offset(sql.placeholder("offset"))
      .prepare("reported_page"),
    cars: db
      .select({
        id: listing.id,
        title: listing.title,
        status: listing.status,
        location: listing.location,
        categoryName: category.name,
        sellerName: user.name,
        sellerEmail: user.email,
        smallKey: listingPhoto.smallKey,
        width: listingPhoto.width,
        height: listingPhoto.height,
      })
      .from(listing)
      .innerJoin(category, eq(category.id, listing.categoryId))
      .innerJoin(user, eq(user.id, listing.sellerId))
      .leftJoin(listingPhoto, coverPhotoOf(listing.id))
      .where(anyId(listing.id, ids))
      .prepare("reported_cars"),
    reports: db
      .select({
        id: report.id,
        listingId: report.listingId,
        reason: report.reason,
        details: report.details,
        createdAt: report.createdAt,
        reporterName: user.name,
        reporterEmail: user.email,
        reporterRole: user.role,
      })
      .from(report)
      .innerJoin(user, eq(user.id, report.reporterId))
      .where(and(open, anyId(report.listingId, ids)))
      .orderBy(desc(report.createdAt), desc(report.id))
      .prepare("reported_reports"),
  };
});

/**
 * One page of reported cars, each once, the most recently reported first, with
 * its open reports newest first. The queue and its size come from reported_listing
 * (kept by triggers on report; reported_listing_latest_idx), the page's reports from
 * report_listing_idx.
 */
export async function findReportedListings(db: Db, storage: Storage, page: number) {
  const statements = reportedStatements(db);
  const [totals] = await statements.count.execute();
  const total = totals?.total ?? 0;
  const { page: current, pageCount, offset } = pageWindow(total, page, REPORTED_PAGE_SIZE);
  const chosen = await statements.page.execute({ offset });
  const ids = chosen.map((row) => row.id);
  if (ids.length === 0) return { rows: [] as ReportedListing[], total, page: current, pageCount };
  const [cars, reports] = await Promise.all([
    statements.cars.execute({ ids }),
    statements.reports.execute({ ids }),
  ]);
  const carOf = new Map(cars.map((car) => [car.id, car]));
  const rows: ReportedListing[] = chosen.flatMap((pick) => {
    const car = carOf.get(pick.id);
    if (!car) return [];
    return [
      {
        id: car.id,
        title: car.title,
        status: car.status,
        location: car.location,
        categoryName: car.categoryName,
        seller: { name: car.sellerName, email: car.sellerEmail },
        photo:
          car.smallKey && car.width && car.height
            ? { url: storage.url(car.smallKey), width: car.width, height: car.height }
            : null,
        latestAt: pick.latestAt.toISOString(),
        reports: reports
          .filter((row) => row.listingId === car.id)
          .map((row) => ({
            id: row.id,
            reason: row.reason as ReportReason,
            details: row.details,
            createdAt: row.createdAt.toISOString(),
            reporter: { name: row.reporterName, email: row.reporterEmail, role: row.reporterRole },
          })),
      },
    ];
  });
  return { rows, total, page: current, pageCount };
}

/** Marks a car's open reports resolved; returns how many there were. */
async function resolveReports(
  tx: Tx,
  actor: AuditActor,
  listingId: number,
  resolution: "deleted" | "dismissed",
) {
  const resolved = await tx
    .update(report)
    .set({ resolvedAt: new Date(), resolution, resolvedBy: actor.id })
    .where(and(eq(report.listingId, listingId), open))
    .returning({ id: report.id, reason: report.reason });
  return resolved;
}

export type ModerateResult =
  { ok: true; title: string } | { ok: false; reason: "missing" | "no reports" };

/** Dismiss: the car stays, its open reports are resolved as dismissed. */
export async function dismissReports(
  db: Db,
  actor: AuditActor,
  listingId: number,
): Promise<ModerateResult> {
  return db.transaction(async (tx) => {
    const [car] = await tx
      .select({ id: listing.id, title: listing.title })
      .from(listing)
      .where(eq(listing.id, listingId))
      .for("update");
    if (!car) return { ok: false, reason: "missing" } as const;
    const resolved = await resolveReports(tx, actor, car.id, "dismissed");
    if (resolved.length === 0) return { ok: false, reason: "no reports" } as const;
    await recordAudit(tx, {
      actor,
      action: "dismiss_reports",
      subjectType: "listing",
      subjectId: car.id,
      subjectName: car.title,
      details: { reports: resolved.length, reasons: resolved.map((row) => row.reason) },
    });
    return { ok: true, title: car.title } as const;
  });
}

/**
 * Delete: the car goes with its photos, requests (buyers told) and wishlist
 * links. Its reports are resolved first and recorded in the audit row (the rows
 * themselves go with the car).
 */
export async function deleteListingAsAdmin(
  services: AppServices,
  actor: AuditActor,
  listingId: number,
): Promise<ModerateResult> {
  const outcome = await services.db.transaction(async (tx) => {
    const [car] = await tx
      .select({ id: listing.id, title: listing.title, sellerName: user.name })
      .from(listing)
      .innerJoin(user, eq(user.id, listing.sellerId))
      .where(eq(listing.id, listingId));
    if (!car) return { ok: false, reason: "missing" } as const;
    const resolved = await resolveReports(tx, actor, car.id, "deleted");
    const removal = await removeListingsInTx(tx, eq(listing.id, car.id));
    if (removal.deleted === 0) return { ok: false, reason: "missing" } as const;
    await recordAudit(tx, {
      actor,
      action: "delete_listing",
      subjectType: "listing",
      subjectId: car.id,
      subjectName: car.title,
      details: {
        seller: car.sellerName,
        reports: resolved.length,
        reasons: resolved.map((row) => row.reason),
        requestsClosed: removal.closed.length,
      },
    });
    return { ok: true, title: car.title, removal } as const;
  });
  if (!outcome.ok) return outcome;
  await finishListingRemoval(services, outcome.removal);
  return { ok: true, title: outcome.title };
}
