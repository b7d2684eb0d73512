// `npm run storage:migrate`: copies every photo from local disk (DATA_DIR/media, or
// --from) to the S3-compatible storage STORAGE_URL names, skipping files already
// there with the same bytes, then reads every key back and compares its SHA-256.
// Prints the counts; exits 1 on any missing or different file. Safe to run again
// (and while Carlot runs: keys are content-addressed, so a key never changes).
import { createHash } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";

import { parseStorageEnv, s3Settings } from "#app/services/env.server.ts";
import { createStorage } from "#app/services/storage-open.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { contentTypeOf, type Storage } from "#app/services/storage.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";

import { digest, eachLimited, readAll } from "./lib/storage-copy.ts";

export type MigrationReport = {
  /** Files found in the source. */
  total: number;
  copied: number;
  /** Already in the target with the same bytes. */
  skipped: number;
  /** In the target with other bytes, and overwritten with the source's. */
  replaced: number;
  /** Read back from the target with the source's SHA-256. */
  verified: number;
  /** Keys missing from the target, or with other bytes, after copying. */
  mismatches: { key: string; problem: string }[];
  /** Keys that could not be read or written. */
  failures: { key: string; problem: string }[];
};

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Copies every file of `source` to `target`, then verifies each key's bytes there. */
export async function migrateStorage(options: {
  source: Storage;
  target: Storage;
  concurrency?: number;
  onProgress?: (phase: "copied" | "verified", done: number, total: number) => void;
}): Promise<MigrationReport> {
  const { source, target } = options;
  const concurrency = options.concurrency ?? 8;
  const keys: string[] = [];
  for await (const key of source.list()) keys.push(key);
  // One request first: a store that cannot be reached fails once, not once per file.
  if (keys.length > 0) await target.get(keys[0]!);
  const report: MigrationReport = {
    total: keys.length,
    copied: 0,
    skipped: 0,
    replaced: 0,
    verified: 0,
    mismatches: [],
    failures: [],
  };
  const hashes = new Map<string, string>();
  let done = 0;
  await eachLimited(keys, concurrency, async (key) => {
    try {
      const file = await source.get(key);
      if (!file) throw new Error("the file disappeared from the source while copying");
      const bytes = await readAll(file.body);
      const hash = createHash("sha256").update(bytes).digest("hex");
      const existing = await target.get(key);
      const there = existing ? (await digest(existing.body)).sha256 : null;
      if (there === hash) {
        report.skipped++;
      } else {
        await target.put(key, bytes, contentTypeOf(key));
        if (there) report.replaced++;
        else report.copied++;
      }
      hashes.set(key, hash);
    } catch (error) {
      report.failures.push({ key, problem: problemOf(error) });
    }
    options.onProgress?.("copied", ++done, keys.length);
  });
  done = 0;
  await eachLimited([...hashes.keys()], concurrency, async (key) => {
    try {
      const file = await target.get(key);
      if (!file) {
        report.mismatches.push({ key, problem: "missing after copying" });
      } else if ((await digest(file.body)).sha256 !== hashes.get(key)) {
        report.mismatches.push({ key, problem: "different bytes (SHA-256) after copying" });
      } else {
        report.verified++;
      }
    } catch (error) {
      report.failures.push({ key, problem: problemOf(error) });
    }
    options.onProgress?.("verified", ++done, hashes.size);
  });
  report.mismatches.sort((a, b) => a.key.localeCompare(b.key));
  report.failures.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { from: { type: "string" }, concurrency: { type: "string" } },
  });
  loadDotEnv();
  // Only where photos live: copying them needs no AUTH_SECRET or database.
  const env = parseStorageEnv(process.env);
  if (!s3Settings(env)) {
    console.error(
      "STORAGE_URL is not an s3:// URL, so there is nowhere to copy the photos to. Set STORAGE_URL=s3://bucket/prefix (and S3_ENDPOINT, S3_REGION and the AWS_* credentials as your store needs), then run this again.",
    );
    return 1;
  }
  const concurrency = Number(values.concurrency ?? 8);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error("--concurrency must be a whole number from 1 to 64");
    return 1;
  }
  const source = localDiskStorage(values.from ?? path.join(env.DATA_DIR, "media"));
  const target = await createStorage(env);
  try {
    console.log(`Copying photos from ${source.describe()} to ${target.describe()}…`);
    let shown = Date.now();
    const report = await migrateStorage({
      source,
      target,
      concurrency,
      onProgress: (phase, done, total) => {
        if (Date.now() - shown < 5_000 || done === total) return;
        shown = Date.now();
        console.log(`  ${phase} ${done} of ${total}`);
      },
    });
    if (report.total === 0) {
      console.log(`No files in ${source.describe()}: nothing to copy.`);
      return 0;
    }
    console.log(
      `Files: ${report.total}. Copied ${report.copied}, already there with the same bytes ${report.skipped}, replaced (other bytes there) ${report.replaced}.`,
    );
    console.log(
      `Verified ${report.verified} of ${report.total} keys by reading them back (SHA-256).`,
    );
    const problems = [...report.failures, ...report.mismatches];
    if (problems.length === 0) {
      console.log("Every photo is in the S3 storage. Running this again copies nothing.");
      return 0;
    }
    for (const { key, problem } of problems.slice(0, 20)) console.error(`  ${key}: ${problem}`);
    if (problems.length > 20) console.error(`  …and ${problems.length - 20} more`);
    console.error(
      `FAILED: ${report.failures.length} could not be copied or read, ${report.mismatches.length} missing or different after copying. Fix the cause and run this again (files already copied are skipped).`,
    );
    return 1;
  } finally {
    await target.close();
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await main();
  } catch (error) {
    // Configuration problems are for people: the message, not a stack trace.
    console.error(problemOf(error));
    process.exitCode = 1;
  }
}
