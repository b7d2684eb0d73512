// The hostile upload set: whatever arrives as a "photo", the answer is a clear
// message naming the file (never a 5xx), no listing row and no orphan file; and
// what is accepted is re-encoded upright without a byte of its metadata.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { listing, listingPhoto } from "#app/db/schema.ts";
import { PHOTO_WIDTHS } from "#app/services/images.server.ts";
import * as sellCar from "#app/routes/dashboard/seller/sell-car/route.tsx";
import { createCategories } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";

import { dataOf, responseOf } from "./helpers.ts";
import {
  carForm,
  file,
  jpeg,
  postForm,
  referencedKeys,
  signIn,
  withOwnMedia,
  type Entries,
} from "./listing-helpers.ts";

type FormAnswer = { result: { status: string; error?: Record<string, string[] | null> } };

// Real photos are decoded and encoded (WebP and AVIF): slower than most tests.
vi.setConfig({ testTimeout: 30_000 });

let t: TestEnv;
let media: Awaited<ReturnType<typeof withOwnMedia>>;
let seller: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestDatabase();
  await createCategories(t.db);
  media = await withOwnMedia(t);
  seller = await signIn(t, "seller");
});
afterAll(async () => {
  await media.remove();
  await t.close();
});

function sell(entries: Entries) {
  return postForm(sellCar.action, {
    path: "/dashboard/sellCar",
    entries,
    cookie: seller.cookie,
    context: media.context(),
  });
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#1e3a8a"/><script>alert(1)</script></svg>`;

async function gifWithHtml(): Promise<Buffer> {
  const gif = await sharp({
    create: { width: 400, height: 300, channels: 3, background: "#c2410c" },
  })
    .gif()
    .toBuffer();
  return Buffer.concat([
    gif,
    Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
  ]);
}

async function pixelBomb(): Promise<Buffer> {
  // 81 megapixels that compress to a few kilobytes.
  return sharp({ create: { width: 9000, height: 9000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpeg(1200, 900, { seed: 7 });
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

const hostile: [string, () => Promise<File>, RegExp][] = [
  [
    "an SVG drawing",
    async () => file(SVG, "drawing.svg", "image/svg+xml"),
    /"drawing\.svg" is an SVG drawing/,
  ],
  [
    "an SVG named .jpg",
    async () => file(SVG, "holiday.jpg", "image/jpeg"),
    /"holiday\.jpg" is an SVG drawing/,
  ],
  [
    "an HTML/GIF polyglot",
    async () => file(await gifWithHtml(), "cute.jpg", "image/jpeg"),
    /"cute\.jpg" is a GIF file/,
  ],
  [
    "a 9000 × 9000 pixel bomb",
    async () => file(await pixelBomb(), "bomb.png", "image/png"),
    /"bomb\.png" is 9,000 × 9,000 pixels \(81 megapixels\); photos can have at most 40 megapixels/,
  ],
  [
    "a 50 MB file",
    async () => file(Buffer.alloc(50 * 1024 * 1024, 0xff), "huge.jpg"),
    /"huge\.jpg" is 50 MB; each photo can be at most 15 MB/,
  ],
  ["an empty file", async () => file(Buffer.alloc(0), "empty.jpg"), /"empty\.jpg" is empty/],
  [
    "a truncated JPEG",
    async () => file(await truncatedJpeg(), "cut-off.jpg"),
    /"cut-off\.jpg" looks damaged/,
  ],
  [
    "a TIFF",
    async () =>
      file(
        await sharp({ create: { width: 600, height: 400, channels: 3, background: "#888" } })
          .tiff()
          .toBuffer(),
        "scan.tif",
        "image/tiff",
      ),
    /"scan\.tif" is a TIFF file/,
  ],
  [
    "a tiny picture",
    async () => file(await jpeg(120, 90), "thumb.jpg"),
    /"thumb\.jpg" is only 120 × 90 pixels/,
  ],
  [
    "plain text named .png",
    async () => file("just some words", "notes.png", "image/png"),
    /"notes\.png" is not a photo we can read/,
  ],
];

async function listingCount(): Promise<number> {
  return (
    await t.db.select({ id: listing.id }).from(listing).where(eq(listing.sellerId, seller.id))
  ).length;
}

describe("hostile uploads", () => {
  test.each(hostile)("%s is refused with a message naming it", async (_, make, message) => {
    const upload = await make();
    const before = await media.files();
    const { data, status } = dataOf<FormAnswer>(await sell([...carForm(), ["photos", upload]]));
    expect(status).toBe(400);
    expect(data.result.error?.photos?.join(" ")).toMatch(message);
    expect(await listingCount()).toBe(0);
    expect(await media.files()).toEqual(before);
  });

  test("a good photo next to bad ones: every bad one is named, nothing is stored", async () => {
    const good = file(await jpeg(800, 600), "good.jpg");
    const { data, status } = dataOf<FormAnswer>(
      await sell([
        ...carForm(),
        ["photos", good],
        ["photos", file(SVG, "one.svg", "image/svg+xml")],
        ["photos", file(await gifWithHtml(), "two.jpg")],
      ]),
    );
    expect(status).toBe(400);
    const messages = data.result.error?.photos ?? [];
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/"one\.svg"/);
    expect(messages[1]).toMatch(/"two\.jpg"/);
    expect(await listingCount()).toBe(0);
    expect(await media.files()).toEqual(await referencedKeys(t));
  });

  test("a damaged photo after a good one: the good one's files are removed again", async () => {
    const { status } = dataOf<FormAnswer>(
      await sell([
        ...carForm(),
        ["photos", file(await jpeg(800, 600, { seed: 31 }), "fine.jpg")],
        ["photos", file(await truncatedJpeg(), "broken.jpg")],
      ]),
    );
    expect(status).toBe(400);
    expect(await listingCount()).toBe(0);
    expect(await media.files()).toEqual(await referencedKeys(t));
  });
});

describe("accepted photos", () => {
  test("a JPEG with GPS is stored upright with no metadata at all", async () => {
    const gps = {
      IFD0: { Make: "PhoneCo", Model: "Pocket 12", Artist: "Someone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 44/1 54/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "73/1 59/1 9/1",
      },
    };
    // Orientation 6: the camera was held upright; the pixels are stored sideways.
    const original = await jpeg(1200, 800, { seed: 3, exif: gps, orientation: 6 });
    const input = await sharp(original).metadata();
    // The fixture really carries a GPS block (tag 0x8825 points to it).
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(input.orientation).toBe(6);

    const response = await responseOf(() =>
      sell([...carForm(), ["photos", file(original, "IMG_0042.JPG")]]),
    );
    expect(response.status).toBe(302);
    const [car] = await t.db.select().from(listing).where(eq(listing.sellerId, seller.id));
    const [photo] = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, car!.id));
    // Upright: 800 wide and 1200 tall, never enlarged.
    expect(photo).toMatchObject({ width: 800, height: 1200 });
    const keys = [
      photo!.smallKey,
      photo!.mediumKey,
      photo!.largeKey,
      photo!.avifSmallKey,
      photo!.avifMediumKey,
      photo!.avifLargeKey,
    ].filter((key): key is string => Boolean(key));
    for (const key of keys) {
      const stored = await media.read(key);
      const meta = await sharp(stored).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      expect(meta.icc, key).toBeUndefined();
      expect(meta.orientation, key).toBeUndefined();
      expect(stored.includes(Buffer.from("PhoneCo")), key).toBe(false);
    }
    const small = await sharp(await media.read(photo!.smallKey)).metadata();
    expect(small).toMatchObject({ format: "webp", width: PHOTO_WIDTHS.small });
    expect(photo!.largeKey).toMatch(/^listings\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(await media.files()).toEqual(await referencedKeys(t));
  });

  test("PNG, WebP and AVIF are accepted; AVIF renditions are kept only where smaller", async () => {
    const other = await signIn(t, "seller");
    const base = await jpeg(1000, 700, { seed: 12 });
    const uploads: [string, File][] = [
      ["photos", file(await sharp(base).png().toBuffer(), "a.png", "image/png")],
      ["photos", file(await sharp(base).webp().toBuffer(), "b.webp", "image/webp")],
      ["photos", file(await sharp(base).avif().toBuffer(), "c.avif", "image/avif")],
    ];
    const response = await responseOf(() =>
      postForm(sellCar.action, {
        path: "/dashboard/sellCar",
        entries: [...carForm(), ...uploads],
        cookie: other.cookie,
        context: media.context(),
      }),
    );
    expect(response.status).toBe(302);
    const [car] = await t.db.select().from(listing).where(eq(listing.sellerId, other.id));
    const rows = await t.db.select().from(listingPhoto).where(eq(listingPhoto.listingId, car!.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      for (const [avifKey, webpKey] of [
        [row.avifSmallKey, row.smallKey],
        [row.avifMediumKey, row.mediumKey],
        [row.avifLargeKey, row.largeKey],
      ] as const) {
        if (!avifKey) continue;
        const [avif, webp] = await Promise.all([media.read(avifKey), media.read(webpKey)]);
        expect(avif.length).toBeLessThan(webp.length);
        expect((await sharp(avif).metadata()).format).toBe("heif");
      }
    }
  });
});
