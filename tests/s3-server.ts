// A real S3-protocol server for tests: s3rver in a child process (files in a
// temporary folder) on an ephemeral port of 127.0.0.1, the bucket created through
// the S3 API itself. `close()` stops the process; so does the test process ending.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

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
  /** Stops the server (connections to it are refused from then on) and removes its files. */
  close(): Promise<void>;
};

const CHILD = fileURLToPath(new URL("./s3-server-child.ts", import.meta.url));

export async function startS3Server(options: {
  bucket: string;
  /** Another port than an ephemeral one (keep to your brief's range). */
  port?: number;
}): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-s3-"));
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", CHILD, directory, String(options.port ?? 0)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    await fs.rm(directory, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("s3rver did not start in 15 s")), 15_000);
      createInterface({ input: child.stdout }).once("line", (line) => {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code}) before listening:\n${errors}`));
      });
    });
  } catch (error) {
    await close();
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
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

/** An http:// address on 127.0.0.1 where nothing listens (connections are refused). */
export async function unreachableEndpoint(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
