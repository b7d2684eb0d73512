// What a car's page shows to whom: the car, if this viewer may see it, whether
// search engines may index it, and what the signed-in viewer has done with it.
import type { Db } from "#app/db/client.server.ts";
import { isStale } from "#app/models/freshness.ts";
import { getListingDetail } from "#app/models/listing-detail.server.ts";
import { publicRules } from "#app/models/listing.server.ts";
import { openOrderOf } from "#app/models/order.server.ts";
import { hasReported } from "#app/models/report.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { Role } from "#app/models/user.ts";
import { savedListingIds } from "#app/models/wishlist.server.ts";
import { cachedShared } from "#app/services/cache.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

/** The car as `viewer` may see it, or null when there is none for them. */
export async function carForViewer(
  db: Db,
  storage: Storage,
  id: number,
  viewer: { id: string; role: Role } | null,
) {
  const [found, rules, { currency }] = await Promise.all([
    cachedShared(db, `detail:${id}`, () => getListingDetail(db, storage, id)),
    publicRules(db),
    getSiteSettings(db),
  ]);
  if (!found) return null;
  // The seller's id decides who may see a hidden car; the page does not print it.
  const { sellerId, priceHistory, ...listing } = found;
  // Sites that show only verified sellers' cars: the seller and admins still see it.
  const awaitingVerification = rules.verifiedSellersOnly && !listing.seller.verified;
  if (awaitingVerification && viewer?.id !== sellerId && viewer?.role !== "admin") return null;
  // For sale, freshly confirmed and public: indexed, with an Offer in its structured data.
  const indexable =
    listing.status === "available" &&
    !isStale(listing, rules.now, rules.freshDays) &&
    !awaitingVerification;
  return { listing, priceHistory, awaitingVerification, indexable, currency };
}

/**
 * The signed-in viewer's open request for the car (its id: its conversation), and whether
 * they saved it and reported it.
 */
export async function viewerMarks(db: Db, viewerId: string | undefined, id: number) {
  if (viewerId === undefined) return { openRequest: null, saved: false, reported: false };
  const [openRequest, saved, reported] = await Promise.all([
    openOrderOf(db, viewerId, id),
    savedListingIds(db, viewerId, [id]).then((ids) => ids.length > 0),
    hasReported(db, viewerId, id),
  ]);
  return { openRequest, saved, reported };
}
