// A car someone follows (a contact request or a wishlist entry), as their lists show it.
import type { ListingRow } from "#app/models/listing.ts";

export type FollowedCar = {
  /** The order or wishlist entry. */
  id: number;
  /** The car as it is now, or null once it has been removed. */
  car: ListingRow | null;
  /** The car's name when it was requested or saved. */
  title: string;
  /** A sentence about the car's state when it needs one ("Sold: …"). */
  note: string | null;
};
