// Contact requests ("orders", DESIGN decision 14): placing one, the buyer's list,
// cancelling and the seller's buyers (closing a car's open requests when it is sold
// or removed: order-close.server.ts). A buyer's phone number and meeting place are
// read only for the seller of that car, and only while the request is open
// (decision 22).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";

import { builtOnce } from "#app/db/built-once.ts";
import { pickedIds } from "#app/db/any-id.ts";
import type { Db } from "#app/db/client.server.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { readCountedPage } from "#app/models/id.ts";
import { listing, order, user } from "#app/db/schema.ts";
import { onePlan } from "#app/db/one-plan.ts";
import { followedCars, verifiedSellerIds } from "#app/models/listing.server.ts";
import type { ContactSellerInput } from "#app/models/order-form.ts";
import { ORDER_MESSAGES } from "#app/models/order.ts";
import type { Problem } from "#app/models/problem.ts";
import { deliverHeldMail, dropHeldMailOfOrder, holdMail } from "#app/models/held-mail.server.ts";
import { orderMails } from "#app/models/order-mail.server.ts";
import { recordSellerNotification } from "#app/models/seller-notification.server.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { hit, LIMITS, waitWords } from "#app/services/rate-limit.server.ts";
import type { Storage } from "#app/services/storage.server.ts";
import { english, recipientWords } from "#app/services/words.server.ts";

export const ORDERS_PAGE_SIZE = 20;

export type PlaceOrderResult =
  | { ok: true; orderId: number }
  | ({ ok: false; message: string } & Problem<"not-found" | "conflict" | "rate-limited">);

const refused = (code: "not-found" | "conflict", message: string) =>
  ({ ok: false, code, message }) as const;

/** An account this young is held to LIMITS.ordersPerYoungAccountPerHour. */
export const YOUNG_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a new request against the buyer's limits: the minute first, then (for an
 * account younger than a day) the hour, then the day, each only for requests the ones
 * before allowed, so a burst does not use up the longer windows.
 */
async function buyerLimit(db: Db, buyerId: string, now: Date) {
  const minute = await hit(
    db,
    `order:buyer:${buyerId}`,
    LIMITS.ordersPerBuyerPerMinute,
    now.getTime(),
  );
  if (!minute.allowed) return minute;
  const [account] = await db
    .select({ createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, buyerId));
  if (account && now.getTime() - account.createdAt.getTime() < YOUNG_ACCOUNT_MS) {
    const hour = await hit(
      db,
      `order:young:${buyerId}`,
      LIMITS.ordersPerYoungAccountPerHour,
      now.getTime(),
    );
    if (!hour.allowed) return hour;
  }
  return hit(db, `order:buyer-day:${buyerId}`, LIMITS.ordersPerBuyerPerDay, now.getTime());
}

/**
 * Places a contact request for `listingId`. Refused for the buyer's own car, a
 * sold car, and a car this buyer already has an open request for (the partial
 * unique index decides, so concurrent double submits make exactly one row). A
 * refusal is in `t`'s words (the buyer's request's); each email in its recipient's.
 */
export async function placeOrder(
  services: AppServices,
  buyer: SessionUser,
  listingId: number,
  input: ContactSellerInput,
  now = new Date(),
  t: Translate = english,
): Promise<PlaceOrderResult> {
  const limit =
    services.config.contactRequestLimits === false
      ? null
      : await buyerLimit(services.db, buyer.id, now);
  if (limit && !limit.allowed) {
    return {
      ok: false,
      code: "rate-limited",
      message: t("You have sent many requests in a short time. Please try again {when}.", {
        when: waitWords(limit.retryAfterSeconds, t),
      }),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  // Read before the transaction: on PGlite it holds the one connection.
  const settings = await getSiteSettings(services.db);
  const siteName = settings.name;
  const outcome = await services.db.transaction(async (tx) => {
    // Locks the car against a concurrent "mark as sold", which closes open requests.
    const [car] = await tx
      .select({
        id: listing.id,
        title: listing.title,
        status: listing.status,
        location: listing.location,
        sellerId: listing.sellerId,
      })
      .from(listing)
      .where(
        and(
          eq(listing.id, listingId),
          // Cars of sellers not yet verified are not public when the site asks for it.
          settings.sellersNeedVerification
            ? inArray(listing.sellerId, verifiedSellerIds)
            : undefined,
        ),
      )
      .for("share");
    if (!car) {
      return refused("not-found", t("This car is no longer on {site}.", { site: siteName }));
    }
    if (car.sellerId === buyer.id) {
      return refused("conflict", t(ORDER_MESSAGES.ownCar));
    }
    if (car.status !== "available") {
      return refused("conflict", t(ORDER_MESSAGES.soldCar));
    }
    const [created] = await tx
      .insert(order)
      .values({
        listingId: car.id,
        listingTitle: car.title,
        sellerId: car.sellerId,
        buyerId: buyer.id,
        buyerName: input.buyerName,
        buyerPhone: input.buyerPhone,
        meetingLocation: input.meetingLocation,
      })
      .onConflictDoNothing()
      .returning({ id: order.id });
    if (!created) {
      return refused("conflict", t(ORDER_MESSAGES.duplicate));
    }
    const notify = await recordSellerNotification(tx, {
      sellerId: car.sellerId,
      buyerId: buyer.id,
      listingId: car.id,
      buyerName: input.buyerName,
      listingTitle: car.title,
      now,
    });
    // The emails are kept with the request, so a crash after the commit cannot lose
    // them; they are sent below, or by the sweep after a restart. Each is written in
    // its recipient's language.
    const people = await tx
      .select({ id: user.id, name: user.name, email: user.email, language: user.language })
      .from(user)
      .where(inArray(user.id, [car.sellerId, buyer.id]));
    const seller = people.find((person) => person.id === car.sellerId);
    const buyerLanguage = people.find((person) => person.id === buyer.id)?.language;
    if (seller) {
      const [toSeller, toBuyer] = orderMails({
        publicUrl: services.config.publicUrl,
        siteName,
        car,
        seller,
        buyer: { name: input.buyerName, email: buyer.email },
        request: input,
        words: {
          seller: recipientWords(seller.language, settings.language).t,
          buyer: recipientWords(buyerLanguage, settings.language).t,
        },
      });
      // The seller hears once per buyer, car and day; past the hourly cap, in a digest.
      if (notify === "send") {
        await holdMail(tx, {
          userId: car.sellerId,
          orderId: created.id,
          onBehalf: false,
          mail: toSeller,
        });
      }
      // The copy goes to the buyer's own address only once it is verified (decision 018).
      await holdMail(tx, { userId: buyer.id, orderId: created.id, onBehalf: true, mail: toBuyer });
    }
    return { ok: true as const, orderId: created.id };
  });
  if (!outcome.ok) return outcome;
  await deliverHeldMail(services, { orderId: outcome.orderId }).catch((error: unknown) =>
    logger.error({ err: error }, "could not send a contact request's emails"),
  );
  return { ok: true, orderId: outcome.orderId };
}

/** The buyer's requests (open, and closed because the car was sold or removed), newest first. */
export async function findMyOrders(db: Db, buyerId: string, page: number) {
  return readCountedPage(
    page,
    ORDERS_PAGE_SIZE,
    (offset) => myOrdersPage(db).execute({ buyerId, offset }),
    async () => (await myOrdersTotal(db).execute({ buyerId }))[0]?.total ?? 0,
  );
}

// My Orders' and My Buyers' statements are written once and planned once: each is one
// range of one index, counted or read in its order up to the page, whoever asks (the
// statuses are written into them, not passed, so that the plan may use partial indexes).
// A page's rows carry the count (readCountedPage): one statement a page, not two.
const myOrdersOf = () =>
  and(eq(order.buyerId, sql.placeholder("buyerId")), sql`${order.status} in ('open', 'closed')`);
const myOrdersCount = (db: Db) =>
  db.select({ total: count() }).from(order).where(onePlan(myOrdersOf()));
const myOrdersTotal = builtOnce((db) => myOrdersCount(db).prepare("my_orders_total"));
const myOrdersPage = builtOnce((db) =>
  db
    .select({
      id: order.id,
      listingId: order.listingId,
      listingTitle: order.listingTitle,
      status: order.status,
      closedReason: order.closedReason,
      createdAt: order.createdAt,
      total: sql<number>`(${myOrdersCount(db)})::int`,
    })
    .from(order)
    .where(onePlan(myOrdersOf()))
    // "nulls last" as in order_buyer_idx, so the page is read from the index.
    .orderBy(sql`${order.createdAt} desc nulls last`, desc(order.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .prepare("my_orders_page"),
);

/**
 * My Orders' rows: each requested car as it is now, and why a closed request closed
 * (in `t`'s words: the request's).
 */
export async function loadMyOrdersPage(
  db: Db,
  storage: Storage,
  buyerId: string,
  page: number,
  t: Translate = english,
) {
  const [orders, site] = await Promise.all([findMyOrders(db, buyerId, page), getSiteSettings(db)]);
  const rows = await followedCars(db, storage, orders.rows, (row) =>
    row.status !== "closed"
      ? null
      : row.closedReason === "sold"
        ? t("Sold: your request is closed.")
        : t("This car was removed from {site}: your request is closed.", { site: site.name }),
  );
  return { rows, page: orders.page, pageCount: orders.pageCount, total: orders.total };
}

/**
 * Cancels (and takes off the buyer's list) one of the buyer's own requests. Another
 * person's request id is answered exactly like a missing one.
 */
export async function cancelOrder(db: Db, buyerId: string, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(order)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(order.id, orderId),
          eq(order.buyerId, buyerId),
          inArray(order.status, ["open", "closed"]),
        ),
      )
      .returning({ id: order.id });
    // What the request's emails have not sent by now goes unsent (the copy held
    // until the buyer's address is verified, above all).
    if (changed.length > 0) await dropHeldMailOfOrder(tx, orderId);
    return changed.length > 0;
  });
}

/**
 * A seller's open requests: those for the seller's cars (an order's seller_id is its
 * car's seller, and null once the car is gone), found through order_open_seller_idx.
 */
const openForSeller = () =>
  and(eq(order.sellerId, sql.placeholder("sellerId")), sql`${order.status} = 'open'`);

/**
 * How many open requests a seller has (My Buyers, the overview's "Buyers waiting"),
 * from the index alone where the table is vacuumed.
 */
export async function countOpenRequests(db: Db, sellerId: string): Promise<number> {
  const [row] = await openRequestCount(db).execute({ sellerId });
  return row?.n ?? 0;
}

const openRequests = (db: Db) =>
  db.select({ n: count() }).from(order).where(onePlan(openForSeller()));
const openRequestCount = builtOnce((db) => openRequests(db).prepare("open_request_count"));

/** Open requests for the seller's cars, newest first: names and cars only, never contacts. */
export async function findMyBuyers(db: Db, sellerId: string, page: number) {
  return readCountedPage(
    page,
    ORDERS_PAGE_SIZE,
    async (offset) => {
      const rows = await myBuyersPage(db).execute({ sellerId, offset });
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
    () => countOpenRequests(db, sellerId),
  );
}

// The page of request ids first, from order_open_seller_idx alone where the table is
// vacuumed ("nulls last" as in the index); then only its rows, with each car's name now.
const myBuyersPage = builtOnce((db) => {
  const newestFirst = [sql`${order.createdAt} desc nulls last`, sql`${order.id} desc nulls last`];
  const pageIds = db
    .select({ id: order.id })
    .from(order)
    .where(openForSeller())
    .orderBy(...newestFirst)
    .limit(ORDERS_PAGE_SIZE)
    .offset(sql.placeholder("offset"));
  return db
    .select({
      id: order.id,
      buyerName: order.buyerName,
      listingId: listing.id,
      listingTitle: listing.title,
      createdAt: order.createdAt,
      total: sql<number>`(${openRequests(db)})::int`,
    })
    .from(order)
    .innerJoin(listing, eq(listing.id, order.listingId))
    .where(onePlan(pickedIds(order.id, pageIds)))
    .orderBy(...newestFirst)
    .prepare("my_buyers_page");
});

export type BuyerContact = {
  orderId: number;
  buyerName: string;
  email: string;
  phone: string;
  meetingLocation: string;
  listingTitle: string;
};

/**
 * One buyer's contact details, for the seller of that car while the request is
 * open; null for anyone else and for closed or cancelled requests.
 */
export async function getBuyerContact(
  db: Db,
  sellerId: string,
  orderId: number,
): Promise<BuyerContact | null> {
  const [row] = await db
    .select({
      orderId: order.id,
      buyerName: order.buyerName,
      email: user.email,
      phone: order.buyerPhone,
      meetingLocation: order.meetingLocation,
      listingTitle: listing.title,
    })
    .from(order)
    .innerJoin(listing, eq(listing.id, order.listingId))
    .innerJoin(user, eq(user.id, order.buyerId))
    .where(and(eq(order.id, orderId), eq(listing.sellerId, sellerId), eq(order.status, "open")));
  return row ?? null;
}

/** This buyer's open request for this car (its id), or null. */
export async function openOrderOf(
  db: Db,
  buyerId: string,
  listingId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: order.id })
    .from(order)
    .where(
      onePlan(
        and(eq(order.buyerId, buyerId), eq(order.listingId, listingId), eq(order.status, "open")),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
