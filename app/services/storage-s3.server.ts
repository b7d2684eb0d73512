// The S3-compatible storage driver (AWS S3, MinIO, Cloudflare R2, Ceph, …) behind the
// same interface as local disk. Objects are content-addressed, so each is written once
// with a one-year immutable Cache-Control and its media type; a failing or unreachable
// endpoint ends in StorageUnavailableError after a few bounded attempts, never a hang.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

import type { S3Settings } from "#app/services/env.server.ts";
import { logger } from "#app/services/logger.server.ts";
import {
  assertSafeKey,
  contentTypeOf,
  IMMUTABLE_CACHE_CONTROL,
  MEDIA_ROUTE,
  StorageUnavailableError,
  type Storage,
} from "#app/services/storage.server.ts";

export type S3StorageOptions = S3Settings & {
  /** A public or CDN base URL: `url(key)` is then `${publicUrl}/${key}`. */
  publicUrl?: string;
  /** Unset: the SDK's usual chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Limits of one attempt, in milliseconds. */
  timeouts?: { connectMs?: number; responseMs?: number; idleMs?: number };
  /** Attempts per operation, the first included (the SDK retries with back-off). */
  maxAttempts?: number;
};

export const S3_DEFAULTS = {
  connectMs: 3_000,
  responseMs: 30_000,
  idleMs: 30_000,
  maxAttempts: 3,
} as const;

type S3Failure = { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };

/** A missing object (and not a missing bucket, which is a configuration problem). */
function isMissing(error: unknown): boolean {
  const failure = error as S3Failure;
  if (failure.name === "NoSuchKey" || failure.name === "NotFound") return true;
  return failure.$metadata?.httpStatusCode === 404 && failure.name !== "NoSuchBucket";
}

function reason(error: unknown): string {
  const failure = error as S3Failure & { code?: string };
  const status = failure.$metadata?.httpStatusCode;
  const parts = [failure.name, failure.code, failure.message].filter(
    (part, i, all) => part && part !== "Error" && all.indexOf(part) === i,
  );
  return `${parts.join(": ") || String(error)}${status ? ` (HTTP ${status})` : ""}`;
}

export function s3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const prefix = options.prefix.replace(/^\/+|\/+$/g, "");
  const where = `s3://${bucket}${prefix ? `/${prefix}` : ""} at ${options.endpoint ?? "AWS"} (${options.region})`;
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const timeouts = { ...S3_DEFAULTS, ...options.timeouts };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: options.maxAttempts ?? S3_DEFAULTS.maxAttempts,
    // Checksums only where the API requires them: several S3-compatible stores refuse
    // the newer default (CRC32 trailers). Uploads carry Content-MD5 instead.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.responseMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
      logger: {
        debug: () => {},
        info: () => {},
        warn: (...args: unknown[]) => logger.warn({ storage: where }, args.map(String).join(" ")),
        error: (...args: unknown[]) => logger.warn({ storage: where }, args.map(String).join(" ")),
      },
    },
  });
  const unavailable = (doing: string, key: string, error: unknown) =>
    new StorageUnavailableError(
      `Photo storage (${where}) could not ${doing} ${key}: ${reason(error)}`,
      { cause: error },
    );

  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertSafeKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: body,
            ContentLength: body.length,
            ContentType: contentType,
            ContentMD5: createHash("md5").update(body).digest("base64"),
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw unavailable("store", key, error);
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!object.Body) return null;
        return {
          // In Node the SDK answers with the response stream itself.
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(key),
          length: object.ContentLength ?? 0,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable("read", key, error);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        // S3 answers a delete of a missing object with success too.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (error) {
        throw unavailable("remove", key, error);
      }
    },
    async *list(under = "") {
      const base = prefix ? `${prefix}/` : "";
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: `${base}${under}`,
              ContinuationToken: token,
            }),
          );
        } catch (error) {
          throw unavailable("list", under || "its files", error);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(base)) yield object.Key.slice(base.length);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    url(key) {
      return options.publicUrl ? `${options.publicUrl}/${key}` : `${MEDIA_ROUTE}/${key}`;
    },
    describe() {
      return where;
    },
    async close() {
      client.destroy();
    },
  };
}
