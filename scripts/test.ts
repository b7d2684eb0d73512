// `npm test`: type-check, lint, unit + integration tests on PGlite, the same
// integration tests on PostgreSQL when TEST_DATABASE_URL is set, the end-to-end
// tests in Chromium, then the crash test (PGlite, and PostgreSQL under the same
// rule). Stops at the first failing step.
import { spawn } from "node:child_process";

import pg from "pg";

const ci = process.env.CI === "true" || process.env.CI === "1";

// Node 24's V8 sometimes aborts a process that runs WebAssembly in worker threads
// (PGlite) with "Check failed: jit_page_->allocations_.erase(addr) == 1"
// (nodejs/node#64500). That crash is not a failing test: a step that dies of it
// alone runs once more, saying so. Any other failure stops at once.
const V8_JIT_PAGE_CRASH = /Check failed: jit_page_->allocations_\.erase/;

function runOnce(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number; output: string }>((resolve) => {
    const child = spawn(command, args, {
      stdio: ["inherit", "pipe", "pipe"],
      // Piped output is not a terminal; keep the colours when ours is one.
      env: { ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}), ...process.env, ...env },
    });
    let tail = "";
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString("utf8")).slice(-200_000);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on("close", (code, signal) =>
      resolve({ status: code ?? (signal ? 1 : 0), output: tail }),
    );
  });
}

async function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  let result = await runOnce(command, args, env);
  if (result.status !== 0 && V8_JIT_PAGE_CRASH.test(result.output)) {
    console.warn(`\n⚠ ${title}: V8 aborted a process (nodejs/node#64500); running the step again.`);
    result = await runOnce(command, args, env);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s`);
    process.exit(result.status);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

await run("Type-check", "npm", ["run", "--silent", "typecheck"]);
await run("Lint", "npm", ["run", "--silent", "lint"]);
await run("Unit and integration tests (PGlite)", "npx", [
  "vitest",
  "run",
  "--project",
  "unit",
  "--project",
  "integration",
]);

const url = process.env.TEST_DATABASE_URL;
let postgresReady = false;
if (url) {
  const problem = await postgresReachable(url);
  if (problem && ci) {
    console.error(
      `✖ PostgreSQL at TEST_DATABASE_URL is unreachable (${problem}); CI cannot skip it.`,
    );
    process.exit(1);
  }
  if (problem) {
    console.warn(`⚠ Skipping the PostgreSQL run: TEST_DATABASE_URL is unreachable (${problem}).`);
  } else {
    await run("Integration tests (PostgreSQL)", "npx", [
      "vitest",
      "run",
      "--project",
      "integration-pg",
    ]);
    postgresReady = true;
  }
} else if (ci) {
  console.error(
    "✖ CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped on CI.",
  );
  process.exit(1);
} else {
  console.log("\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run.)");
}

await run("End-to-end tests (Chromium)", "npx", ["vitest", "run", "--project", "e2e"]);
// The end-to-end step has just built the app the crash test runs.
if (postgresReady) {
  await run("Crash safety (PGlite and PostgreSQL)", "node", [
    "scripts/test/crash.ts",
    "--database",
    "both",
  ]);
} else {
  console.log("\n(PostgreSQL is not available: the crash test runs on PGlite only.)");
  await run("Crash safety (PGlite)", "node", ["scripts/test/crash.ts", "--database", "pglite"]);
}
console.log("\nAll checks passed.");
