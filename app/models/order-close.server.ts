// Closing a car's open contact requests when it is sold or removed, and telling each
// buyer so by email, in their language (decision 020).
import { eq, and, inArray } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { order, user } from "#app/db/schema.ts";
import type { Language } from "#app/i18n/languages.ts";
import { closedOrderMail } from "#app/models/order-mail.server.ts";
import type { OrderClosedReason } from "#app/models/order.ts";
import { getSiteSettings } from "#app/models/site.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Sends mail without failing the request that caused it; a failure is logged. */
async function sendQuietly(
  services: AppServices,
  mails: Parameters<AppServices["mailer"]["send"]>[0][],
) {
  for (const mail of mails) {
    await services.mailer
      .send(mail)
      .catch((error: unknown) => logger.error({ err: error }, "could not send an order email"));
  }
}

export type ClosedOrder = {
  buyerName: string;
  email: string;
  listingTitle: string;
  /** The buyer's saved language (their email is written in it), null: the site's. */
  language: Language | null;
};

/**
 * Closes a car's open requests, inside the caller's transaction (the one that
 * marks the car sold or deletes it). The caller tells the buyers after the commit
 * with `notifyClosedOrders`.
 */
export async function closeOpenOrders(
  tx: Tx | Db,
  listingId: number,
  reason: OrderClosedReason,
): Promise<ClosedOrder[]> {
  const closed = await tx
    .update(order)
    .set({ status: "closed", closedReason: reason })
    .where(and(eq(order.listingId, listingId), eq(order.status, "open")))
    .returning({
      buyerId: order.buyerId,
      buyerName: order.buyerName,
      listingTitle: order.listingTitle,
    });
  if (closed.length === 0) return [];
  const buyers = await tx
    .select({ id: user.id, email: user.email, language: user.language })
    .from(user)
    .where(inArray(user.id, [...new Set(closed.map((row) => row.buyerId))]));
  const buyerOf = new Map(buyers.map((row) => [row.id, row]));
  return closed.flatMap((row) => {
    const found = buyerOf.get(row.buyerId);
    return found
      ? [
          {
            buyerName: row.buyerName,
            email: found.email,
            listingTitle: row.listingTitle,
            language: found.language,
          },
        ]
      : [];
  });
}

/**
 * Tells each buyer, in their language, that their request closed because the car was
 * sold or removed.
 */
export async function notifyClosedOrders(
  services: AppServices,
  closed: ClosedOrder[],
  reason: OrderClosedReason,
): Promise<void> {
  const settings = await getSiteSettings(services.db);
  const siteName = settings.name;
  const { publicUrl } = services.config;
  await sendQuietly(
    services,
    closed.map(({ language, ...row }) =>
      closedOrderMail({
        publicUrl,
        siteName,
        reason,
        ...row,
        t: recipientWords(language, settings.language).t,
      }),
    ),
  );
}
