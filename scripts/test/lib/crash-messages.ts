// The crash test's conversations (issue 27): each buyer writes a few messages on one of the
// requests it keeps open while the killer kills, then arranges a viewing there with the
// car's seller (lib/crash-viewings.ts). A message whose answer was lost is sent again with
// the same compose key until acknowledged; the second carries a photo (a multipart form).
// After the run: every acknowledged message is stored exactly once, no message is stored
// twice, each acknowledged photo message has its one photo, and its files are there.
import { createHash } from "node:crypto";

import sharp from "sharp";

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
    const withPhoto = n === 1;
    const body = `${marker}-message-${n}${withPhoto ? PHOTO_MARK : ""}: is the car still available?`;
    // The compose's own key, the same on every retry, as the page's form keeps it.
    const composeKey = createHash("sha256").update(body).digest("hex").slice(0, 32);
    const fields = { intent: "send", body, composeKey };
    const picture = withPhoto ? await photo() : null;
    await client.write(
      "message",
      path,
      () => {
        if (!picture) return new URLSearchParams(fields);
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append(
          "photos",
          new File([new Uint8Array(picture)], "car.jpg", { type: "image/jpeg" }),
        );
        return form;
      },
      (answer) => (redirectTo(answer, path) ? "acknowledged" : "unexpected"),
    );
    ledger.push(body);
  }
}

/** What the body of a message that carries a photo says. */
const PHOTO_MARK = " (with a photo)";

let picture: Promise<Buffer> | null = null;

/** One small photo, made once. */
function photo(): Promise<Buffer> {
  picture ??= sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 60, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  return picture;
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
): Promise<{ violations: string[]; messages: number; photoKeys: string[] }> {
  const violations: string[] = [];
  const rows = (await query(`select body, count(*)::int as n from message group by body`)) as {
    body: string;
    n: number;
  }[];
  const photos = (await query(
    `select m.body, p.small_key, p.large_key from message_photo p join message m on m.id = p.message_id`,
  )) as { body: string; small_key: string; large_key: string }[];
  const stored = new Map(rows.map((row) => [row.body, row.n]));
  const photosOf = new Map<string, number>();
  for (const row of photos) photosOf.set(row.body, (photosOf.get(row.body) ?? 0) + 1);
  for (const body of acknowledged) {
    if (!stored.has(body)) violations.push(`acknowledged message "${body}" is missing`);
    const expected = body.includes(PHOTO_MARK) ? 1 : 0;
    if (stored.has(body) && (photosOf.get(body) ?? 0) !== expected) {
      violations.push(`message "${body}" has ${photosOf.get(body) ?? 0} photos, not ${expected}`);
    }
  }
  for (const [body, n] of stored) {
    if (n > 1) violations.push(`message "${body}" is stored ${n} times`);
  }
  return {
    violations,
    messages: rows.reduce((sum, row) => sum + row.n, 0),
    // Each must be in storage (lib/crash-check.ts looks).
    photoKeys: photos.flatMap((row) => [row.small_key, row.large_key]),
  };
}
