// Photos in messages (issue 27): up to four per message through the photo pipeline, private to
// the conversation (read through its own route, never /media), a message of photos alone, bad
// files refused with a message and nothing left behind, one compose sent twice stored once, and
// the hourly sweep of files no message kept.
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { message, messagePhoto, order, rateLimit, user } from "#app/db/schema.ts";
import { reportConversation } from "#app/models/conversation.server.ts";
import { CONVERSATION_MESSAGES } from "#app/models/conversation.ts";
import { unreadMessagesMail } from "#app/models/message-mail.server.ts";
import { messagePhotoKey, sweepMessagePhotos } from "#app/models/message-photo.server.ts";
import { placeOrder } from "#app/models/order.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import * as page from "#app/routes/dashboard/conversation/route.tsx";
import * as inbox from "#app/routes/dashboard/conversations/route.tsx";
import * as photo from "#app/routes/resources/message-photo/route.tsx";
import { english } from "#app/services/words.server.ts";
import { createCategories, createListing } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { mediaRoute } from "#server/media.ts";

import { callLoaderAs, dataOf, responseOf, thrownStatus } from "./helpers.ts";
import { file, jpeg, postForm, signIn, withOwnMedia, type Entries } from "./listing-helpers.ts";

let t: TestEnv;
let media: Awaited<ReturnType<typeof withOwnMedia>>;
let sedanId: number;
type Person = { id: string; cookie: string };
let seller: Person;
let buyer: Person;
let stranger: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestDatabase();
  media = await withOwnMedia(t);
  const [sedan] = await createCategories(t.db);
  sedanId = sedan!.id;
  seller = await signIn(t, "seller");
  buyer = await signIn(t, "buyer");
  stranger = await signIn(t, "buyer");
  admin = await signIn(t, "admin");
  await t.db.update(user).set({ emailVerified: true });
});
afterAll(async () => {
  await media.remove();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(rateLimit);
});

async function newConversation(): Promise<number> {
  const car = await createListing(t.db, { sellerId: seller.id, categoryId: sedanId });
  const [row] = await t.db.select().from(user).where(eq(user.id, buyer.id));
  const placed = await placeOrder(t.services, { ...row!, language: null } as SessionUser, car.id, {
    buyerName: "Liam Carter",
    buyerPhone: "+1 512 555 0100",
    meetingLocation: "Central Station car park",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.orderId;
}

const send = (who: Person, id: number, body: string, photos: File[], key = crypto.randomUUID()) => {
  const entries: Entries = [
    ["intent", "send"],
    ["body", body],
    ["composeKey", key],
    ...photos.map((one): [string, File] => ["photos", one]),
  ];
  return postForm(page.action, {
    path: `/dashboard/conversations/${id}`,
    params: { id: String(id) },
    entries,
    cookie: who.cookie,
    context: media.context(),
  });
};

const open = (who: Person, id: number) =>
  callLoaderAs(page.loader, {
    path: `/dashboard/conversations/${id}`,
    params: { id: String(id) },
    cookie: who.cookie,
    context: media.context(),
  });

/** The photo route's answer; a refusal it throws (data(), a 404) as a Response of its status. */
async function readPhoto(who: Person | null, id: number, photoId: number, size = "") {
  const ask = () =>
    callLoaderAs(photo.loader, {
      path: `/dashboard/conversations/${id}/photos/${photoId}${size ? `?size=${size}` : ""}`,
      params: { id: String(id), photoId: String(photoId) },
      cookie: who?.cookie,
      context: media.context(),
    });
  try {
    return await responseOf(ask);
  } catch (error) {
    return new Response(null, { status: await thrownStatus(() => Promise.reject(error)) });
  }
}

const messageFiles = async () => (await media.files()).filter((key) => key.startsWith("messages/"));
const photoRows = () => t.db.select().from(messagePhoto);

describe("sending photos", () => {
  test("two photos reach the other side, upright, without metadata, and only through their route", async () => {
    const id = await newConversation();
    const gps = { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } };
    const before = (await messageFiles()).length;
    const photos = [
      file(await jpeg(1200, 900, { exif: gps }), "door.jpg"),
      file(await jpeg(900, 1200, { seed: 2 }), "wheel.jpg"),
    ];
    const sent = await responseOf(() => send(buyer, id, "The scratch I asked about", photos));
    expect(sent.status).toBe(302);
    const seen = await open(seller, id);
    const [item] = seen.conversation.messages;
    expect(item?.body).toBe("The scratch I asked about");
    expect(item?.photos.map(({ width, height }) => [width, height])).toEqual([
      [1200, 900],
      [900, 1200],
    ]);
    // Two renditions each, under messages/.
    expect((await messageFiles()).length - before).toBe(4);
    for (const who of [seller, buyer]) {
      const small = await readPhoto(who, id, item!.photos[0]!.id);
      expect(small.status).toBe(200);
      expect(small.headers.get("Content-Type")).toBe("image/webp");
      expect(small.headers.get("Cache-Control")).toBe("private, max-age=86400");
      const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
      expect(meta.width).toBe(480);
      expect(meta.exif).toBeUndefined();
    }
    const large = await readPhoto(seller, id, item!.photos[1]!.id, "large");
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(900);
  });

  test("a message may be photos alone; neither words nor photos is refused", async () => {
    const id = await newConversation();
    const front = file(await jpeg(), "front.jpg");
    const sent = await responseOf(() => send(buyer, id, "", [front]));
    expect(sent.status).toBe(302);
    const [item] = (await open(seller, id)).conversation.messages;
    expect(item?.body).toBe("");
    expect(item?.photos).toHaveLength(1);
    // The inbox and the email say what it is.
    const list = await callLoaderAs(inbox.loader, {
      path: "/dashboard/conversations",
      cookie: seller.cookie,
      context: media.context(),
    });
    expect(list.rows.find((row) => row.id === id)?.last).toBe("");
    const mail = unreadMessagesMail(english, {
      due: { id, title: "Car", unread: 1, name: "Sam", latest: "" },
      publicUrl: "http://localhost",
      siteName: "Carlot",
    });
    expect(mail.text).toContain("> (photos)");

    const empty = dataOf<{ result: { error: Record<string, string[]> } }>(
      await send(buyer, id, "  ", []),
    );
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.body).toEqual([CONVERSATION_MESSAGES.bodyRequired]);
  });

  test("five photos, a page in disguise and a tiny picture are refused, and nothing is kept", async () => {
    const id = await newConversation();
    const filesBefore = await messageFiles();
    const rowsBefore = (await photoRows()).length;
    const picture = file(await jpeg(), "car.jpg");
    const five = dataOf<{ result: { error: Record<string, string[]> } }>(
      await send(buyer, id, "Five", [picture, picture, picture, picture, picture]),
    );
    expect(five.status).toBe(400);
    expect(five.data.result.error.photos).toEqual([CONVERSATION_MESSAGES.tooManyPhotos]);

    const bad = dataOf<{
      result: { error: Record<string, string[]>; initialValue: { body: string } };
    }>(
      await send(buyer, id, "Words stay", [
        file("<svg onload=alert(1)></svg>", "<img src=x onerror=alert(1)>.jpg", "image/svg+xml"),
        file(await jpeg(100, 100), "tiny.jpg"),
        picture,
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.photos).toHaveLength(2);
    expect(bad.data.result.error.photos!.join(" ")).toContain("tiny.jpg");
    expect(bad.data.result.initialValue.body).toBe("Words stay");

    expect(await t.db.select().from(message).where(eq(message.orderId, id))).toEqual([]);
    expect(await messageFiles()).toEqual(filesBefore);
    expect((await photoRows()).length).toBe(rowsBefore);
  });

  test("one compose sent twice is one message with one set of files", async () => {
    const id = await newConversation();
    const key = crypto.randomUUID();
    const before = (await messageFiles()).length;
    const picture = file(await jpeg(1000, 750, { seed: 5 }), "seat.jpg");
    const answers = await Promise.all(
      [1, 2, 3].map(() => responseOf(() => send(buyer, id, "Seat", [picture], key))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
    const stored = await t.db.select().from(message).where(eq(message.orderId, id));
    expect(stored).toHaveLength(1);
    expect(
      await t.db.select().from(messagePhoto).where(eq(messagePhoto.messageId, stored[0]!.id)),
    ).toHaveLength(1);
    expect((await messageFiles()).length - before).toBe(2);
  });

  test("a closed conversation takes no photos and decodes nothing", async () => {
    const id = await newConversation();
    await t.db.update(order).set({ status: "cancelled" }).where(eq(order.id, id));
    const before = await messageFiles();
    const refused = dataOf(await send(buyer, id, "Still there?", [file(await jpeg(), "a.jpg")]));
    expect(refused.status).toBe(409);
    expect(await messageFiles()).toEqual(before);
  });
});

describe("who may see them", () => {
  test("a third person, an admin before a report and a signed-out visitor get nothing", async () => {
    const id = await newConversation();
    const other = await newConversation();
    await send(buyer, id, "", [file(await jpeg(), "private.jpg")]);
    const photoId = (await open(seller, id)).conversation.messages[0]!.photos[0]!.id;
    expect((await readPhoto(stranger, id, photoId)).status).toBe(404);
    // The photo asked for under another conversation of the same people.
    expect((await readPhoto(buyer, other, photoId)).status).toBe(404);
    expect(
      await thrownStatus(() =>
        callLoaderAs(photo.loader, {
          path: `/dashboard/conversations/${id}/photos/x`,
          params: { id: String(id), photoId: "x" },
          cookie: buyer.cookie,
          context: media.context(),
        }),
      ),
    ).toBe(404);
    const signedOut = await readPhoto(null, id, photoId);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect((await readPhoto(admin, id, photoId)).status).toBe(404);
    await reportConversation(t.db, seller.id, id, { reason: "scam", details: null });
    expect((await readPhoto(admin, id, photoId)).status).toBe(200);
    // A report does not open it to other people.
    expect((await readPhoto(stranger, id, photoId)).status).toBe(404);
  });

  test("/media never serves a message photo, on disk or from S3-like storage", async () => {
    const [row] = await photoRows();
    expect(row).toBeDefined();
    for (const storage of [media.storage, { ...media.storage, kind: "s3" as const }]) {
      const app = express();
      app.use("/media", ...mediaRoute(storage, media.dir));
      const server = app.listen(0);
      try {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/`;
        expect((await fetch(base + row!.smallKey)).status).toBe(404);
        expect((await fetch(base + row!.largeKey)).status).toBe(404);
      } finally {
        server.close();
      }
    }
  });
});

describe("the sweep", () => {
  test("removes old files no message kept, and keeps used and fresh ones", async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const old = messagePhotoKey(hoursAgo(5));
    const fresh = messagePhotoKey(hoursAgo(1));
    const body = await sharp(await jpeg(300, 300))
      .webp()
      .toBuffer();
    await media.storage.put(old, body, "image/webp");
    await media.storage.put(fresh, body, "image/webp");
    const used = (await photoRows()).flatMap((row) => [row.smallKey, row.largeKey]);
    expect(used.length).toBeGreaterThan(0);
    // Everything in use, made "now", is as if written long ago: the sweep looks at its rows.
    const removed = await sweepMessagePhotos(
      t.db,
      media.storage,
      new Date(now.getTime() + 10 * 60 * 60 * 1000),
    );
    const left = await messageFiles();
    expect(left).not.toContain(old);
    expect(left).not.toContain(fresh);
    expect(removed).toBe(2);
    for (const key of used) expect(left).toContain(key);
    // And a file written within the last two hours stays.
    const recent = messagePhotoKey(now);
    await media.storage.put(recent, body, "image/webp");
    expect(await sweepMessagePhotos(t.db, media.storage, now)).toBe(0);
    expect(await messageFiles()).toContain(recent);
    await fs.rm(`${media.dir}/${recent}`);
  });
});
