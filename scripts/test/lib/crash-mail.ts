// The crash test's check of the emails contact requests cause.
import type { OutboxMail } from "./outbox.ts";
import type { Ledger } from "./crash-workload.ts";

/**
 * The emails contact requests cause, against the database after the run: each
 * request's copy to its buyer and email to its seller are held or sent, at most
 * once; nothing is sent on the behalf of an unverified buyer; a cancelled request
 * holds nothing; a seller hears at most once per buyer and car.
 */
export function checkMail(
  ledger: Ledger,
  db: {
    orders: { id: number; status: string; meeting_location: string; listing_id: number | null }[];
    people: { id: string; email: string; verified: boolean }[];
    held: { order_id: number | null; user_id: string }[];
    notifications: { buyer_id: string; listing_id: number; immediate: boolean }[];
    owners: { id: number; buyer_id: string; seller_id: string | null }[];
  },
  outbox: OutboxMail[],
) {
  const violations: string[] = [];
  const markerOf = (text: string) => /(crash-\S+-order-\d+) at the library/.exec(text)?.[1];
  const tally = (mails: OutboxMail[]) => {
    const counts = new Map<string, number>();
    for (const mail of mails) {
      const marker = markerOf(mail.body);
      if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
    }
    return counts;
  };
  const copies = outbox.filter((mail) => mail.subject.startsWith("Your request for the "));
  const sellerMails = outbox.filter((mail) => / wants to see your /.test(mail.subject));
  const copiesOf = tally(copies);
  const sellerMailsOf = tally(sellerMails);
  for (const [marker, n] of [...copiesOf, ...sellerMailsOf]) {
    if (n > 1) violations.push(`request ${marker}: an email was sent ${n} times`);
  }

  const person = new Map(db.people.map((row) => [row.id, row]));
  const owner = new Map(db.owners.map((row) => [row.id, row]));
  for (const buyer of ledger.buyers) {
    const row = db.people.find((p) => p.email === buyer.email);
    if (buyer.verified && !row?.verified)
      violations.push(`acknowledged confirmation of ${buyer.email} is lost`);
    if (!row?.verified && copies.some((mail) => mail.to === buyer.email))
      violations.push(`an email went to the unverified ${buyer.email} on its behalf`);
  }
  const heldFor = (orderId: number, userId: string | null | undefined) =>
    db.held.filter((row) => row.order_id === orderId && row.user_id === userId).length;
  const immediate = new Set(
    db.notifications
      .filter((row) => row.immediate)
      .map((row) => `${row.buyer_id}/${row.listing_id}`),
  );
  const sellerMailsPerPair = new Map<string, number>();
  const firstOfPair = new Map<string, number>();
  for (const request of db.orders) {
    const who = owner.get(request.id);
    const pair = `${who?.buyer_id}/${request.listing_id}`;
    if (who) firstOfPair.set(pair, Math.min(firstOfPair.get(pair) ?? Infinity, request.id));
  }
  for (const request of db.orders) {
    const marker = request.meeting_location.split(" ")[0]!;
    const who = owner.get(request.id);
    if (!who) continue;
    const pair = `${who.buyer_id}/${request.listing_id}`;
    sellerMailsPerPair.set(
      pair,
      (sellerMailsPerPair.get(pair) ?? 0) + (sellerMailsOf.get(marker) ?? 0),
    );
    if (request.status === "cancelled") {
      if (db.held.some((row) => row.order_id === request.id))
        violations.push(`cancelled request ${marker} still holds an email`);
      continue;
    }
    if (request.status !== "open" || !ledger.orders.includes(marker)) continue;
    const buyerCopies = heldFor(request.id, who.buyer_id) + (copiesOf.get(marker) ?? 0);
    if (buyerCopies !== 1)
      violations.push(`open request ${marker}: ${buyerCopies} copies held or sent to its buyer`);
    if (!person.get(who.buyer_id)?.verified && heldFor(request.id, who.buyer_id) !== 1)
      violations.push(`open request ${marker}: its unverified buyer's copy is not held`);
    // The seller hears of a buyer's first request for a car (at once, or in a digest
    // past the hourly cap); of a request made again, not at all.
    const toSeller = heldFor(request.id, who.seller_id) + (sellerMailsOf.get(marker) ?? 0);
    const expected = firstOfPair.get(pair) === request.id && immediate.has(pair) ? 1 : 0;
    if (toSeller !== expected)
      violations.push(
        `open request ${marker}: ${toSeller} emails held or sent to its seller, expected ${expected}`,
      );
  }
  for (const [pair, n] of sellerMailsPerPair) {
    if (n > 1) violations.push(`a seller was emailed ${n} times about buyer/car ${pair}`);
  }
  return { violations, copies: copies.length, sellerMails: sellerMails.length };
}
