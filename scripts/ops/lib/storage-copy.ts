// Small pieces for copying many stored files (storage:migrate, backup, restore):
// a bounded number of requests at a time, and a stored file's bytes or SHA-256.
import { createHash } from "node:crypto";

/** Reads a stored file's body to its end: its size and SHA-256 (hex). */
export async function digest(
  body: AsyncIterable<Uint8Array>,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

/** Reads a stored file's body into memory. */
export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Runs `work` on every item, `concurrency` at a time. If `work` throws, no further
 * item is started, and the first error is thrown once the running ones are done.
 */
export async function eachLimited<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
