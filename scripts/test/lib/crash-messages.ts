// The crash test's conversations (issue 27): each buyer writes a few messages on one of the
// requests it keeps open while the killer kills, then arranges a viewing there with the
// car's seller (lib/crash-viewings.ts). A message whose answer was lost is sent again with
// the same compose key until acknowledged. After the run: every acknowledged message is
// stored exactly once, and no message is stored twice.
import { createHash } from "node:crypto";

import type { Query } from "#scripts/ops/lib/fingerprint.ts";

import { redirectTo, rowWith, type Client } from "./crash-client.ts";
import { arrangeViewing } from "./crash-viewings.ts";
import type { Ledger } from "./crash-workload.ts";

/** Messages each buyer writes. */
export const MESSAGES_PER_BUYER = 4;

/** Sends `count` messages on request `orderId`; the bodies acknowledged go to `ledger`. */
export async function sendMessages(
  client: Client,
  orderId: string,
  marker: string,
  ledger: string[],
): Promise<void> {
  const path = `/dashboard/conversations/${orderId}`;
  for (let n = 0; n < MESSAGES_PER_BUYER; n++) {
    const body = `${marker}-message-${n}: is the car still available?`;
    // The compose's own key, the same on every retry, as the page's form keeps it.
    const composeKey = createHash("sha256").update(body).digest("hex").slice(0, 32);
    await client.write(
      "message",
      path,
      () => new URLSearchParams({ intent: "send", body, composeKey }),
      (answer) => (redirectTo(answer, path) ? "acknowledged" : "unexpected"),
    );
    ledger.push(body);
  }
}

/**
 * The buyer finds its request for `car` (kept open) in My Orders, writes a few messages in its
 * conversation, and proposes a viewing that the car's seller accepts.
 */
export async function converse(
  buyer: Client,
  car: { title: string; seller: Client },
  runId: string,
  ledger: Pick<Ledger, "messages" | "viewings">,
): Promise<void> {
  const row = rowWith(await buyer.page("/dashboard/myorders"), car.title);
  const id = row && /\/dashboard\/conversations\/(\d+)/.exec(row)?.[1];
  if (!id) throw new Error(`The request for ${car.title} has no conversation link`);
  await sendMessages(buyer, id, `crash-${runId}-conversation-${id}`, ledger.messages);
  await arrangeViewing(buyer, car.seller, Number(id), runId, ledger.viewings);
}

export async function checkMessages(
  query: Query,
  acknowledged: string[],
): Promise<{ violations: string[]; messages: number }> {
  const violations: string[] = [];
  const rows = (await query(`select body, count(*)::int as n from message group by body`)) as {
    body: string;
    n: number;
  }[];
  const stored = new Map(rows.map((row) => [row.body, row.n]));
  for (const body of acknowledged) {
    if (!stored.has(body)) violations.push(`acknowledged message "${body}" is missing`);
  }
  for (const [body, n] of stored) {
    if (n > 1) violations.push(`message "${body}" is stored ${n} times`);
  }
  return { violations, messages: rows.reduce((sum, row) => sum + row.n, 0) };
}
