// Builds the app, starts the production server on a free port with a fresh data
// directory (seeded with the demo marketplace) and stops it after the run.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { OIDC_CLIENT, quietProviderWarnings, startOidcProvider } from "#tests/oidc-provider.ts";
import { snapshotApp } from "#scripts/dev/build-snapshot.ts";
import { freePort } from "#scripts/dev/production-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's log file: tests check that nothing logged an error. */
    serverLog: string;
    /** The server's DATA_DIR: emails are in its outbox/ folder. */
    dataDir: string;
    /** The local OpenID Connect provider "Continue With Google" leads to. */
    oidcIssuer: string;
  }
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready in time:\n${output()}`);
}

export default async function setup(project: TestProject) {
  // The site under test is a production build (Vitest sets NODE_ENV=test), run from a
  // copy taken under the build lock: a bench or a build in this working tree meanwhile
  // cannot change it.
  const app = snapshotApp({ build: process.env.E2E_SKIP_BUILD !== "true" });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // "Continue With Google" signs in against a real local OpenID Connect provider.
  quietProviderWarnings();
  const provider = await startOidcProvider({ redirectUri: `${baseURL}/api/auth/callback/oidc` });
  let log = "";
  const logFile = path.join(dataDir, "..", `${path.basename(dataDir)}.log`);
  const logStream = createWriteStream(logFile);
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: app.appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
      OIDC_PROVIDER_NAME: "Google",
      // The pseudo-language the languages test walks every page in (decision 020).
      CARLOT_PSEUDO_LOCALE: "1",
      // Saved searches' "at once" alerts within 2 seconds, for tests/e2e/alerts.test.ts.
      ALERT_INTERVAL_SECONDS: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      logStream.write(chunk);
    });
  }
  await waitForReady(baseURL, child, () => log);
  project.provide("baseURL", baseURL);
  project.provide("serverLog", logFile);
  project.provide("dataDir", dataDir);
  project.provide("oidcIssuer", provider.issuer);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await provider.close();
    logStream.end();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(logFile, { force: true });
    app.remove();
  };
}
