// The S3 storage driver against a real S3-protocol server (s3rver) started here, and
// the Sell A Car / edit actions storing their photos there, with the endpoint up,
// down, or going down half-way through a car's photos.
import { createHash } from "node:crypto";
import net from "node:net";
import { buffer } from "node:stream/consumers";

import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { listing, listingPhoto, user } from "#app/db/schema.ts";
import { PHOTO_UNAVAILABLE } from "#app/models/account.server.ts";
import { PHOTOS_UNAVAILABLE } from "#app/models/listing-edit.server.ts";
import { photoToken } from "#app/models/listing-form.ts";
import * as register from "#app/routes/auth/register/route.tsx";
import * as editProduct from "#app/routes/dashboard/seller/edit-product/route.tsx";
import * as sellCar from "#app/routes/dashboard/seller/sell-car/route.tsx";
import { createAppContext } from "#app/services/app-context.server.ts";
import { listingPhotoKeys } from "#app/services/images.server.ts";
import { s3Storage, type S3StorageOptions } from "#app/services/storage-s3.server.ts";
import {
  IMMUTABLE_CACHE_CONTROL,
  StorageUnavailableError,
  type Storage,
} from "#app/services/storage.server.ts";
import { createCategories } from "#tests/factories.ts";
import { createTestDatabase, type TestEnv } from "#tests/db.ts";
import { startS3Server, unreachableEndpoint, type TestS3Server } from "#tests/s3-server.ts";

import { callAction, dataOf, responseOf } from "./helpers.ts";
import { carForm, file, jpeg, postForm, signIn, type Entries } from "./listing-helpers.ts";

// Real photos are decoded and encoded (WebP and AVIF): slower than most tests.
vi.setConfig({ testTimeout: 30_000 });

const PREFIX = "site/media";
/** Short limits, so that a dead endpoint fails fast here (production waits longer). */
const FAST = { timeouts: { connectMs: 500, responseMs: 1_500, idleMs: 1_500 }, maxAttempts: 2 };

let s3: TestS3Server;
let raw: S3Client;
let storage: Storage;
let down: Storage;

function storageAt(endpoint: string, extra: Partial<S3StorageOptions> = {}): Storage {
  return s3Storage({
    bucket: s3.bucket,
    prefix: PREFIX,
    endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    ...FAST,
    ...extra,
  });
}

/** Every object in the bucket, by its full name. */
async function bucketObjects(): Promise<string[]> {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await raw.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
    );
    names.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return names.sort();
}

async function collect(keys: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
}

async function read(key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  return file ? buffer(file.body) : null;
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "carlot-test" });
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  storage = storageAt(s3.endpoint);
  down = storageAt(await unreachableEndpoint());
});
afterAll(async () => {
  await storage.close();
  await down.close();
  raw.destroy();
  await s3.close();
});

describe("the S3 driver", () => {
  const key = "driver/ab/ab0123456789abcdef0123456789abcd.webp";
  const bytes = Buffer.from("RIFF----WEBPVP8 pretend picture bytes");

  test("put, then get answers the same bytes with type, length and entity tag", async () => {
    await storage.put(key, bytes, "image/webp");
    const file = await storage.get(key);
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe("image/webp");
    expect(file!.length).toBe(bytes.length);
    expect(file!.etag).toBe(`"${createHash("md5").update(bytes).digest("hex")}"`);
    expect(await buffer(file!.body)).toEqual(bytes);
  });

  test("objects sit under the prefix, typed and cacheable for a year", async () => {
    await storage.put(key, bytes, "image/webp");
    expect(await bucketObjects()).toContain(`${PREFIX}/${key}`);
    const head = await raw.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` }),
    );
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(head.ContentLength).toBe(bytes.length);
  });

  test("a missing key is null, not an error", async () => {
    expect(await storage.get("listings/00/00000000000000000000000000000000.webp")).toBeNull();
  });

  test("delete removes the object, and deleting it again is fine", async () => {
    const gone = "avatars/cd/cd0123456789abcdef0123456789abcd.webp";
    await storage.put(gone, bytes, "image/webp");
    expect(await read(gone)).toEqual(bytes);
    await storage.delete(gone);
    expect(await storage.get(gone)).toBeNull();
    await storage.delete(gone);
  });

  test("list gives every key under a prefix, without the storage's own prefix", async () => {
    const keys = ["categories/11/11aa.webp", "categories/22/22bb.webp", "avatars/33/33cc.webp"];
    for (const one of keys) await storage.put(one, bytes, "image/webp");
    expect(await collect(storage.list("categories/"))).toEqual([
      "categories/11/11aa.webp",
      "categories/22/22bb.webp",
    ]);
    const all = await collect(storage.list());
    expect(all).toEqual(expect.arrayContaining(keys));
    expect(all.every((one) => !one.startsWith(PREFIX))).toBe(true);
  });

  test("list follows continuation pages", async () => {
    // s3rver pages at 1,000 keys, like S3.
    const many = Array.from(
      { length: 1_005 },
      (_, i) => `paged/${String(i).padStart(4, "0")}.webp`,
    );
    for (let i = 0; i < many.length; i += 50) {
      await Promise.all(many.slice(i, i + 50).map((one) => storage.put(one, bytes, "image/webp")));
    }
    expect(await collect(storage.list("paged/"))).toEqual(many);
  });

  test("unsafe keys are refused before any request", async () => {
    await expect(storage.put("../escape.webp", bytes, "image/webp")).rejects.toThrow(/Unsafe/);
    await expect(storage.get("listings/../../x")).rejects.toThrow(/Unsafe/);
  });

  test("URLs: our /media route, or the public base URL when one is set", async () => {
    expect(storage.url(key)).toBe(`/media/${key}`);
    const cdn = storageAt(s3.endpoint, { publicUrl: "https://media.example.com/carlot" });
    expect(cdn.url(key)).toBe(`https://media.example.com/carlot/${key}`);
    expect(storage.describe()).toBe(`s3://carlot-test/${PREFIX} at ${s3.endpoint} (us-east-1)`);
    expect(storage.describe()).not.toContain(s3.secretAccessKey);
    await cdn.close();
  });
});

describe("a failing endpoint", () => {
  test("every operation ends soon in a clear StorageUnavailableError", async () => {
    const started = Date.now();
    const operations: [string, () => Promise<unknown>][] = [
      ["store", () => down.put("listings/ab/x.webp", Buffer.from("x"), "image/webp")],
      ["read", () => down.get("listings/ab/x.webp")],
      ["remove", () => down.delete("listings/ab/x.webp")],
      ["list", () => collect(down.list())],
    ];
    for (const [doing, operation] of operations) {
      const error = await operation().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^Photo storage \\(s3://carlot-test/site/media at http://127\\.0\\.0\\.1:\\d+ \\(us-east-1\\)\\) could not ${doing} `,
        ),
      );
      expect((error as Error).message).toMatch(/ECONNREFUSED/);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("an endpoint that accepts connections but never answers times out", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const stuck = storageAt(`http://127.0.0.1:${port}`, {
      timeouts: { connectMs: 500, responseMs: 700, idleMs: 700 },
      maxAttempts: 1,
    });
    const started = Date.now();
    try {
      const error = await stuck.put("listings/ab/y.webp", Buffer.from("y"), "image/webp").then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).toMatch(/could not store listings\/ab\/y\.webp: .*time/i);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await stuck.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test("wrong credentials are a clear error too, not a missing file", async () => {
    const denied = storageAt(s3.endpoint, {
      credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "not-the-secret" },
    });
    await expect(denied.get("listings/ab/x.webp")).rejects.toThrow(
      /could not read listings\/ab\/x\.webp: InvalidAccessKeyId: .* \(HTTP 403\)$/,
    );
    await denied.close();
  });

  test("a bucket that does not exist is a clear error, not a missing file", async () => {
    const nowhere = s3Storage({
      bucket: "no-such-bucket",
      prefix: "",
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      ...FAST,
    });
    await expect(nowhere.get("listings/ab/x.webp")).rejects.toThrow(/NoSuchBucket/);
    await nowhere.close();
  });
});

describe("publishing and editing a car with photos on S3", () => {
  type FormAnswer = { result: { status: string; error?: Record<string, string[] | null> } };
  let t: TestEnv;
  let seller: { id: string; cookie: string };
  let seed = 200;

  beforeAll(async () => {
    t = await createTestDatabase();
    await createCategories(t.db);
    seller = await signIn(t, "seller");
  });
  afterAll(async () => {
    await t.close();
  });

  const contextWith = (photos: Storage) => createAppContext({ ...t.services, storage: photos });

  async function photoEntries(count: number): Promise<Entries> {
    const photos = await Promise.all(
      Array.from({ length: count }, () => jpeg(720, 540, { seed: ++seed })),
    );
    return photos.map((bytes, i) => ["photos", file(bytes, `car-${i + 1}.jpg`)]);
  }

  function sell(entries: Entries, photos: Storage) {
    return postForm(sellCar.action, {
      path: "/dashboard/sellCar",
      entries,
      cookie: seller.cookie,
      context: contextWith(photos),
    });
  }

  async function answer(run: Promise<unknown>) {
    const { data, status } = dataOf<FormAnswer>(await run);
    return { status, errors: data.result.error ?? {} };
  }

  const listingsOfSeller = () => t.db.select().from(listing).where(eq(listing.sellerId, seller.id));

  async function keysInDatabase(): Promise<string[]> {
    const rows = await t.db.select().from(listingPhoto);
    return [...new Set(rows.flatMap(listingPhotoKeys))].sort();
  }

  test("the photos are stored in the bucket and readable from S3 afterwards", async () => {
    const entries = [...carForm({ carName: "S3 Civic" }), ...(await photoEntries(2))];
    const response = await responseOf(() => sell(entries, storage));
    expect(response.status).toBe(302);
    const [car] = await listingsOfSeller();
    expect(car?.title).toBe("S3 Civic");
    const rows = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, car!.id))
      .orderBy(asc(listingPhoto.position));
    expect(rows).toHaveLength(2);
    const objects = await bucketObjects();
    for (const row of rows) {
      for (const key of listingPhotoKeys(row)) {
        expect(objects).toContain(`${PREFIX}/${key}`);
        const bytes = await read(key);
        const meta = await sharp(bytes!).metadata();
        expect(meta.format).toBe(key.endsWith(".avif") ? "heif" : "webp");
      }
      const large = await sharp((await read(row.largeKey))!).metadata();
      expect([large.width, large.height]).toEqual([row.width, row.height]);
    }
  });

  test("an unreachable endpoint: the seller is told to try again, and nothing is saved", async () => {
    const before = await listingsOfSeller();
    const objects = await bucketObjects();
    const started = Date.now();
    const { status, errors } = await answer(
      sell([...carForm({ carName: "Never saved" }), ...(await photoEntries(2))], down),
    );
    expect(status).toBeLessThan(500);
    expect(status).toBe(400);
    expect(errors.photos).toEqual([PHOTOS_UNAVAILABLE]);
    expect(errors.photos).toEqual([
      "Your photos could not be saved right now. Please try again in a minute.",
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await listingsOfSeller()).toEqual(before);
    expect(await bucketObjects()).toEqual(objects);
  });

  test("an endpoint that fails half-way: no listing and no half set of photos", async () => {
    let puts = 0;
    // The real bucket, which stops answering after the first photo's files.
    const failing: Storage = {
      ...storage,
      put: (key, body, type) =>
        ++puts > 3
          ? Promise.reject(new StorageUnavailableError("Photo storage stopped answering"))
          : storage.put(key, body, type),
    };
    const objects = await bucketObjects();
    const before = await listingsOfSeller();
    const { status, errors } = await answer(
      sell([...carForm({ carName: "Half saved" }), ...(await photoEntries(3))], failing),
    );
    expect(puts).toBeGreaterThan(3);
    expect(status).toBe(400);
    expect(errors.photos).toEqual([PHOTOS_UNAVAILABLE]);
    expect(await listingsOfSeller()).toEqual(before);
    // The files written before the failure were removed again.
    expect(await bucketObjects()).toEqual(objects);
    expect(
      (await bucketObjects()).filter((name) => name.startsWith(`${PREFIX}/listings/`)).sort(),
    ).toEqual((await keysInDatabase()).map((key) => `${PREFIX}/${key}`));
  });

  test("editing with an unreachable endpoint keeps the car and its photos as they were", async () => {
    const [car] = await listingsOfSeller();
    const photosBefore = await t.db
      .select()
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, car!.id))
      .orderBy(asc(listingPhoto.position));
    const entries: Entries = [
      ...carForm({ carName: "Renamed while S3 is down", quality: "Good" }),
      ...photosBefore.map(
        (photo) => ["photoOrder", photoToken.existing(photo.id)] as [string, string],
      ),
      ["photoOrder", photoToken.added(0)],
      ...(await photoEntries(1)),
    ];
    const { status, errors } = await answer(
      postForm(editProduct.action, {
        path: `/dashboard/productDetails/editProduct/${car!.id}`,
        params: { id: String(car!.id) },
        entries,
        cookie: seller.cookie,
        context: contextWith(down),
      }),
    );
    expect(status).toBe(400);
    expect(errors.photos).toEqual([PHOTOS_UNAVAILABLE]);
    const [after] = await t.db.select().from(listing).where(eq(listing.id, car!.id));
    expect(after!.title).toBe("S3 Civic");
    expect(
      await t.db
        .select()
        .from(listingPhoto)
        .where(eq(listingPhoto.listingId, car!.id))
        .orderBy(asc(listingPhoto.position)),
    ).toEqual(photosBefore);
  });
});

describe("registering with a profile photo on S3", () => {
  let t: TestEnv;
  let jpegPhoto: File;
  beforeAll(async () => {
    t = await createTestDatabase();
    jpegPhoto = file(await jpeg(320, 320, { seed: 7 }), "me.jpg");
  });
  afterAll(async () => {
    await t.close();
  });

  function registerWith(photos: Storage, email: string) {
    return callAction(register.action, {
      path: "/register",
      form: { name: "Ada Lane", email, password: "a-good-password", image: jpegPhoto },
      context: createAppContext({ ...t.services, storage: photos }),
    });
  }

  const userNamed = (email: string) => t.db.select().from(user).where(eq(user.email, email));

  test("the photo is stored in the bucket; the account keeps its /media path, also with a public URL", async () => {
    const cdn = storageAt(s3.endpoint, { publicUrl: "https://media.example.com" });
    const response = await responseOf(() => registerWith(cdn, "ada@example.com"));
    await cdn.close();
    expect(response.status).toBe(302);
    const [account] = await userNamed("ada@example.com");
    expect(account?.image).toMatch(/^\/media\/avatars\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    const bytes = await read(account!.image!.slice("/media/".length));
    expect((await sharp(bytes!).metadata()).format).toBe("webp");
  });

  test("an unreachable endpoint: asked to try again, no account created", async () => {
    const result = await registerWith(down, "bo@example.com");
    const { data, status } = dataOf<{
      result: { error?: Record<string, string[] | null> };
    }>(result);
    expect(status).toBe(400);
    expect(data.result.error?.image).toEqual([PHOTO_UNAVAILABLE]);
    expect(data.result.error?.image).toEqual([
      "Your photo could not be saved right now. Please try again in a minute.",
    ]);
    expect(await userNamed("bo@example.com")).toEqual([]);
  });
});
