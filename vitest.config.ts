import { defineConfig } from "vitest/config";

// Four projects: pure unit tests; loader/action integration tests on in-memory
// PGlite; the same integration files against PostgreSQL (TEST_DATABASE_URL);
// and end-to-end tests driving Chromium against the production build.
const integrationFiles = ["tests/integration/**/*.test.ts"];
// CI's two cores run the integration files side by side; a test that takes 1.5 s
// alone has passed vitest's default 5 s there. A hung test still fails, later.
const integrationTimeout = 20_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: integrationFiles,
          globalSetup: ["tests/setup/pglite-template.ts"],
          setupFiles: ["tests/setup/fail-on-console.ts"],
          testTimeout: integrationTimeout,
          env: { TEST_DB_DRIVER: "pglite", NODE_ENV: "test" },
        },
      },
      {
        test: {
          name: "integration-pg",
          include: integrationFiles,
          globalSetup: ["tests/setup/postgres-template.ts"],
          setupFiles: ["tests/setup/fail-on-console.ts"],
          testTimeout: integrationTimeout,
          env: { TEST_DB_DRIVER: "postgres", NODE_ENV: "test" },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/setup/e2e-server.ts"],
          setupFiles: ["tests/setup/fail-on-console.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
