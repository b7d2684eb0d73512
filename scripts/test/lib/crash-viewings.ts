// The crash test's viewings (issue 27, decision 023): on the conversation it writes in
// (lib/crash-messages.ts), each buyer proposes a time at another address, and the car's
// seller accepts it, both retried under kills (the proposal with its one proposal key). The
// time is the next whole minute after a day and 20 s from now (UTC: no tz cookie), so the
// reminder falls due during the run and the job writes it while the killer kills. After the
// run: each acknowledged proposal is one viewing row and each acknowledged accept left it
// agreed; each agreed viewing sent each side one "Viewing agreed" email, and each that fell
// due while the server was up one reminder, held or sent, never twice.
import { setTimeout as sleep } from "node:timers/promises";

import { VIEWING_REMINDER_MS } from "#app/models/viewing.ts";
import type { Query } from "#scripts/ops/lib/fingerprint.ts";

import { redirectTo, type Client } from "./crash-client.ts";
import type { OutboxMail } from "./outbox.ts";

/** One acknowledged proposal; `accepted` once the seller's accept was acknowledged too. */
export type CrashViewing = {
  orderId: number;
  proposalKey: string;
  /** When its reminder falls due (a day before the time), in milliseconds. */
  dueAt: number;
  accepted: number | null;
};

/**
 * The reminder job runs every second (ALERT_INTERVAL_SECONDS=1): a viewing due this long
 * before the server last stopped must have been reminded.
 */
const JOB_MARGIN_MS = 3_000;

/** The buyer proposes a time on request `orderId`, and its seller accepts it. */
export async function arrangeViewing(
  buyer: Client,
  seller: Client,
  orderId: number,
  runId: string,
  ledger: CrashViewing[],
): Promise<void> {
  const path = `/dashboard/conversations/${orderId}`;
  const startsAt = Math.ceil((Date.now() + VIEWING_REMINDER_MS + 20_000) / 60_000) * 60_000;
  // The form's own key and time, the same on every retry, as the page's form keeps them.
  const proposalKey = `crash-${runId}-viewing-${orderId}`;
  const at = new Date(startsAt).toISOString().slice(0, 16);
  await buyer.write(
    "viewing",
    path,
    () =>
      new URLSearchParams({
        intent: "propose",
        proposalKey,
        at1: at,
        place1: "address",
        address1: `${proposalKey} at the town hall car park`,
      }),
    // A retry of a stored proposal stores nothing and answers the same redirect.
    (answer) => (redirectTo(answer, path) ? "acknowledged" : "unexpected"),
  );
  const entry: CrashViewing = {
    orderId,
    proposalKey,
    dueAt: startsAt - VIEWING_REMINDER_MS,
    accepted: null,
  };
  ledger.push(entry);
  // The Accept button's form names the viewing, as the seller's page shows it.
  const html = await seller.page(path);
  const id = /value="accept"\/?>\s*<input [^>]*name="viewingId" value="(\d+)"/.exec(html)?.[1];
  if (!id) throw new Error(`The seller of request ${orderId} sees no proposal to accept`);
  await seller.write(
    "viewing",
    path,
    () => new URLSearchParams({ intent: "accept", viewingId: id }),
    // Accepting an agreed viewing again changes nothing and answers the same redirect.
    (answer) => (redirectTo(answer, path) ? "acknowledged" : "unexpected"),
  );
  entry.accepted = Number(id);
}

/** Waits until every arranged viewing's reminder is due (the run's last restart writes any left). */
export async function untilRemindersDue(viewings: CrashViewing[]): Promise<void> {
  const last = Math.max(0, ...viewings.map((entry) => entry.dueAt));
  await sleep(Math.max(0, last - Date.now()));
}

type Row = {
  id: number;
  order_id: number;
  proposal_key: string;
  status: string;
  starts_at: Date;
  decided_at: Date | null;
  reminded_at: Date | null;
  buyer: string;
  seller: string | null;
  /** Still open and not blocked: a reminder is due. */
  reminds: boolean;
};

/** `upUntil`: when the server was last up (it stopped after it). */
export async function checkViewings(
  query: Query,
  arranged: CrashViewing[],
  outbox: OutboxMail[],
  upUntil: number,
) {
  const violations: string[] = [];
  const rows = (await query(
    `select v.id, v.order_id, v.proposal_key, v.status, v.starts_at, v.decided_at,
            v.reminded_at, b.email as buyer, s.email as seller,
            (o.status = 'open' and o.blocked_by is null) as reminds
       from viewing v join "order" o on o.id = v.order_id
       join "user" b on b.id = o.buyer_id left join "user" s on s.id = o.seller_id`,
  )) as Row[];
  const keys = new Map<string, number>();
  for (const row of rows) keys.set(row.proposal_key, (keys.get(row.proposal_key) ?? 0) + 1);
  for (const entry of arranged) {
    if (!keys.has(entry.proposalKey))
      violations.push(`acknowledged proposal ${entry.proposalKey} is missing`);
    const row = rows.find((r) => Number(r.id) === entry.accepted);
    if (entry.accepted !== null && row?.status !== "accepted")
      violations.push(`acknowledged accept of viewing ${entry.accepted} is lost (${row?.status})`);
  }
  for (const [key, n] of keys) {
    if (n > 1) violations.push(`proposal ${key} is stored ${n} times`);
  }

  const mails = await viewingMails(query, outbox);
  // The workload agrees one viewing per conversation: its emails name the conversation.
  const orders = new Set([
    ...rows.map((row) => Number(row.order_id)),
    ...mails.map((mail) => mail.orderId),
  ]);
  let due = 0;
  for (const orderId of orders) {
    const about = mails.filter((mail) => mail.orderId === orderId);
    const row = rows.find((r) => Number(r.order_id) === orderId && r.status === "accepted");
    if (!row) {
      if (about.length > 0)
        violations.push(`${about.length} viewing emails about request ${orderId}, agreed none`);
      continue;
    }
    const name = `viewing ${row.id} (${row.proposal_key})`;
    const startsAt = new Date(row.starts_at).getTime();
    // Agreed less than a day ahead, it is marked reminded at once and no reminder is sent.
    const remindLater = startsAt - new Date(row.decided_at ?? 0).getTime() > VIEWING_REMINDER_MS;
    // A conversation closed since (the request cancelled, the car sold) gets no reminder.
    const isDue = row.reminds && startsAt - VIEWING_REMINDER_MS <= upUntil - JOB_MARGIN_MS;
    if (isDue) due++;
    if (isDue && row.reminded_at === null) violations.push(`${name} was due and not reminded`);
    for (const mail of about) {
      if (mail.to !== row.buyer && mail.to !== row.seller)
        violations.push(`an email about ${name} went to ${mail.to}`);
    }
    for (const [side, to] of [
      ["buyer", row.buyer],
      ["seller", row.seller],
    ] as const) {
      const agreed = about.filter((mail) => mail.kind === "agreed" && mail.to === to).length;
      if (agreed !== 1)
        violations.push(`${name}: ${agreed} "Viewing agreed" emails to its ${side}`);
      // One reminder once due; none when agreed less than a day ahead. Not yet due, the job
      // may or may not have written it in the last seconds.
      const reminders = about.filter((mail) => mail.kind === "reminder" && mail.to === to).length;
      const expected = !remindLater ? 0 : isDue ? 1 : null;
      if (reminders > 1 || (expected !== null && reminders !== expected))
        violations.push(
          `${name}: ${reminders} reminders to its ${side}, expected ${expected ?? "at most 1"}`,
        );
      if (reminders > 0 && row.reminded_at === null)
        violations.push(`${name}: a reminder went to its ${side}, and it is not marked reminded`);
    }
  }
  return {
    violations,
    proposed: keys.size,
    agreed: rows.filter((row) => row.status === "accepted").length,
    due,
    agreedEmails: mails.filter((mail) => mail.kind === "agreed").length,
    reminders: mails.filter((mail) => mail.kind === "reminder").length,
  };
}

/**
 * The viewing emails held or sent: a row sent just before a kill stays held until its lease
 * ends, and is then sent again under the same key (one outbox file): counted once, as sent.
 */
async function viewingMails(query: Query, outbox: OutboxMail[]) {
  const kindOf = (subject: string) =>
    subject.startsWith("Viewing agreed")
      ? ("agreed" as const)
      : subject.startsWith("Reminder: viewing")
        ? ("reminder" as const)
        : null;
  const orderOf = (body: string) =>
    Number(/\/dashboard\/conversations\/(\d+)/.exec(body)?.[1] ?? NaN);
  const sent = outbox.filter((mail) => kindOf(mail.subject));
  const sentRows = new Set(sent.map((mail) => /-held-(\d+)$/.exec(mail.key)?.[1]));
  const held = (
    (await query(
      `select h.id::text as id, u.email, h.subject, h.body from held_mail h
         join "user" u on u.id = h.user_id
        where h.subject like 'Viewing agreed%' or h.subject like 'Reminder: viewing%'`,
    )) as { id: string; email: string; subject: string; body: string }[]
  ).filter((row) => !sentRows.has(row.id));
  return [
    ...held.map((row) => ({ kind: kindOf(row.subject), to: row.email, body: row.body })),
    ...sent.map((mail) => ({ kind: kindOf(mail.subject), to: mail.to, body: mail.body })),
  ].map((mail) => ({ kind: mail.kind, to: mail.to, orderId: orderOf(mail.body) }));
}
