// A real S3-protocol server for tests (s3rver, files in a temporary folder), on an
// ephemeral port of 127.0.0.1. The bucket is created through the S3 API itself.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver checks request signatures against this fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type TestS3Server = {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables that point a Carlot process at this server (photos under `prefix`). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(options: {
  bucket: string;
  /** Another port than an ephemeral one (keep to your brief's range). */
  port?: number;
}): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory,
    silent: true,
    // Path-style requests only (127.0.0.1 has no sub-domains).
    vhostBuckets: false,
  });
  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const region = "us-east-1";
  const close = async () => {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  };
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: options.bucket }));
  } catch (error) {
    await close();
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    bucket: options.bucket,
    region,
    ...S3RVER_CREDENTIALS,
    env: (prefix = "") => ({
      STORAGE_URL: `s3://${options.bucket}${prefix ? `/${prefix}` : ""}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    close,
  };
}
