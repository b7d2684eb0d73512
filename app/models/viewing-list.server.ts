// What the pages read of viewings (issue 27, decision 023): the admins' safe places, and a
// conversation's open proposal and agreed viewings as one of its two people sees them.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import type { Db } from "#app/db/client.server.ts";
import { safePlace, viewing } from "#app/db/schema.ts";
import { onePlan } from "#app/db/one-plan.ts";
import type { Side } from "#app/models/conversation.ts";
import { cached, invalidate } from "#app/services/cache.server.ts";
import { VIEWING_MINUTES, type ViewingOutcome, type ViewingStatus } from "#app/models/viewing.ts";

/** The safe places, by name: the propose form's choices and the admins' list. */
export function listSafePlaces(db: Db) {
  return db
    .select({
      id: safePlace.id,
      name: safePlace.name,
      address: safePlace.address,
      hours: safePlace.hours,
      note: safePlace.note,
    })
    .from(safePlace)
    .orderBy(asc(safePlace.name), asc(safePlace.id));
}
export type SafePlace = Awaited<ReturnType<typeof listSafePlaces>>[number];

const SAFE_PLACES_CACHE_KEY = "safe-places";

/**
 * The safe places a conversation offers, read at most once a second per process (every
 * open conversation shows them; admins change them rarely). A proposal checks its place
 * against the table itself, so a place deleted within that second is refused, not booked.
 */
export function safePlaceChoices(db: Db): Promise<SafePlace[]> {
  return cached(db, SAFE_PLACES_CACHE_KEY, 1_000, () => listSafePlaces(db));
}

/** After the list changed: this process reads it again at once (others within a second). */
export const forgetSafePlaces = (db: Db) => invalidate(db, SAFE_PLACES_CACHE_KEY);

/** What the conversation page shows of one time. */
export type ViewingItem = {
  id: number;
  proposedBy: Side;
  mine: boolean;
  startsAt: string;
  timeZone: string;
  placeName: string | null;
  address: string;
  placeNote: string | null;
  status: ViewingStatus;
  /** Its time has come (said by the server, so the page reads the same everywhere). */
  started: boolean;
  /** An hour after its time: whether it happened can be asked. */
  past: boolean;
  myOutcome: ViewingOutcome | null;
  theirOutcome: ViewingOutcome | null;
};

/** A conversation's proposed and agreed times, latest first (built once: every opening reads them). */
const openViewings = builtOnce((db) =>
  db
    .select()
    .from(viewing)
    .where(
      onePlan(
        and(
          eq(viewing.orderId, sql.placeholder("orderId")),
          inArray(viewing.status, ["proposed", "accepted"]),
        ),
      ),
    )
    .orderBy(desc(viewing.startsAt))
    .limit(20)
    .prepare("open_viewings"),
);

/** The viewings worth showing: the open proposal's times and every agreed viewing. */
export async function viewingsOf(
  db: Db,
  orderId: number,
  side: Side,
  now = new Date(),
): Promise<ViewingItem[]> {
  const rows = await openViewings(db).execute({ orderId });
  return rows
    .map((row) => ({
      id: row.id,
      proposedBy: row.proposedBy,
      mine: row.proposedBy === side,
      startsAt: row.startsAt.toISOString(),
      timeZone: row.timeZone,
      placeName: row.placeName,
      address: row.address,
      placeNote: row.placeNote,
      status: row.status,
      started: row.startsAt <= now,
      past: row.startsAt.getTime() + VIEWING_MINUTES * 60_000 <= now.getTime(),
      myOutcome: side === "buyer" ? row.buyerOutcome : row.sellerOutcome,
      theirOutcome: side === "buyer" ? row.sellerOutcome : row.buyerOutcome,
    }))
    .reverse();
}
