// The crash test's saved searches (issue 28): each buyer saves an "every car" search with
// at-once emails (twice: saving the same search again must not make a second one) while the
// sellers publish and the killer kills; the server runs the alert job every second. After
// the run: each acknowledged save is one saved search; the job caught up (no event left
// waiting); and no car reached a buyer's alert emails twice, held or sent; the unverified
// buyer was sent none.
import type { Query } from "#scripts/ops/lib/fingerprint.ts";

import { redirectTo, type Client } from "./crash-client.ts";
import type { OutboxMail } from "./outbox.ts";

/** Saves the buyer's "every car" search; a retry saves the same search, which changes nothing. */
export async function saveEveryCarSearch(client: Client): Promise<void> {
  const form = () =>
    new URLSearchParams({
      intent: "save",
      name: "Every car",
      frequency: "instant",
      search: "/products/allProducts",
      redirectTo: "/dashboard",
    });
  for (let time = 0; time < 2; time++) {
    await client.write("search", "/dashboard/savedSearches", form, (answer) =>
      redirectTo(answer, "/dashboard") ? "acknowledged" : "unexpected",
    );
  }
}

const carsIn = (text: string) =>
  [...text.matchAll(/\/dashboard\/productDetails\/(\d+)/g)].map((m) => m[1]!);

export async function checkAlerts(
  query: Query,
  buyers: { email: string; verified: boolean; savedSearch: boolean }[],
  outbox: OutboxMail[],
): Promise<{ violations: string[]; alerts: number; alertEmails: number }> {
  const violations: string[] = [];
  const searches = (await query(
    `select u.email, count(s.id)::int as n from "user" u
       left join saved_search s on s.user_id = u.id group by u.email`,
  )) as { email: string; n: number }[];
  for (const buyer of buyers) {
    const n = searches.find((row) => row.email === buyer.email)?.n ?? 0;
    if (buyer.savedSearch && n !== 1)
      violations.push(`${buyer.email} acknowledged a saved search and has ${n}`);
  }
  const [pending] = (await query(
    `select count(*)::int as n from listing_event where done_at is null`,
  )) as { n: number }[];
  if ((pending?.n ?? 0) > 0) violations.push(`${pending!.n} car events were never matched`);
  const [alerts] = (await query(`select count(*)::int as n from alert`)) as { n: number }[];
  const sent = outbox.filter((mail) => /new_cars?_for|new cars? for/.test(mail.subject));
  // A row sent just before a kill stays held until its lease ends, and is then sent again
  // under the same key (one outbox file): counted once, as sent.
  const sentRows = new Set(sent.map((mail) => /-held-(\d+)$/.exec(mail.key)?.[1]));
  const held = (
    (await query(
      `select h.id::text as id, u.email, h.body from held_mail h join "user" u on u.id = h.user_id
        where h.subject like '%new car%'`,
    )) as { id: string; email: string; body: string }[]
  ).filter((row) => !sentRows.has(row.id));
  for (const buyer of buyers) {
    const bodies = [
      ...held.filter((row) => row.email === buyer.email).map((row) => row.body),
      ...sent.filter((mail) => mail.to.includes(buyer.email)).map((mail) => mail.body),
    ];
    const seen = new Map<string, number>();
    for (const body of bodies)
      for (const car of carsIn(body)) seen.set(car, (seen.get(car) ?? 0) + 1);
    for (const [car, n] of seen) {
      if (n > 1) violations.push(`car ${car} reached ${buyer.email}'s alert emails ${n} times`);
    }
    if (!buyer.verified && sent.some((mail) => mail.to.includes(buyer.email)))
      violations.push(`an alert email went to the unverified ${buyer.email}`);
  }
  return { violations, alerts: alerts?.n ?? 0, alertEmails: sent.length };
}
