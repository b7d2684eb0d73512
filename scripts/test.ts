// `npm test`: type-check, lint, unit + integration tests on PGlite, the same
// integration tests on PostgreSQL when TEST_DATABASE_URL is set, the end-to-end
// tests in Chromium, then the crash test (PGlite, and PostgreSQL under the same
// rule). Stops at the first failing step.
import { spawnSync } from "node:child_process";

import pg from "pg";

const ci = process.env.CI === "true" || process.env.CI === "1";

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
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

run("Type-check", "npm", ["run", "--silent", "typecheck"]);
run("Lint", "npm", ["run", "--silent", "lint"]);
run("Unit and integration tests (PGlite)", "npx", [
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
    run("Integration tests (PostgreSQL)", "npx", ["vitest", "run", "--project", "integration-pg"]);
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

run("End-to-end tests (Chromium)", "npx", ["vitest", "run", "--project", "e2e"]);
// The end-to-end step has just built the app the crash test runs.
if (postgresReady) {
  run("Crash safety (PGlite and PostgreSQL)", "node", [
    "scripts/test-crash.ts",
    "--database",
    "both",
  ]);
} else {
  console.log("\n(PostgreSQL is not available: the crash test runs on PGlite only.)");
  run("Crash safety (PGlite)", "node", ["scripts/test-crash.ts", "--database", "pglite"]);
}
console.log("\nAll checks passed.");
