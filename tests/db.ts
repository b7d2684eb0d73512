// A fresh, migrated database for one test file: a copy of the PGlite template,
// or a PostgreSQL database cloned from the template database.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";

import { fromPglite, openPostgres, type Database } from "#app/db/client.server.ts";
import { mailSenderOf } from "#app/models/site.server.ts";
import { createAppContext, type AppServices } from "#app/services/app-context.server.ts";
import { createAuth, type OidcConfig } from "#app/services/auth.server.ts";
import { createMailer } from "#app/services/mail.server.ts";
import { localDiskStorage } from "#app/services/storage-disk.server.ts";
import { type Storage } from "#app/services/storage.server.ts";
import { databaseUrl } from "#tests/setup/postgres-template.ts";

export type TestEnv = Database & {
  storage: Storage;
  /** The folder the test mailer writes messages to. */
  outbox: string;
  services: AppServices;
  context: () => ReturnType<typeof createAppContext>;
};

export async function createTestDatabase(options: { oidc?: OidcConfig } = {}): Promise<TestEnv> {
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-media-"));
  const storage = localDiskStorage(mediaDir);
  let database: Database;
  let cleanup = async () => {};
  if (process.env.TEST_DB_DRIVER === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const name = `carlot_t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
    database = openPostgres(databaseUrl(base, name), 4);
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dump = await fs.readFile(inject("pgliteTemplate"));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    database = fromPglite(client);
  }
  const mailer = createMailer({
    from: "Carlot <test@carlot.invalid>",
    dataDir: mediaDir,
    sender: mailSenderOf(database.db),
  });
  const config = {
    secret: "test-secret-test-secret-test-secret-0123",
    secureCookies: false,
    publicUrl: "http://localhost:3000",
    oidc: options.oidc ?? null,
  };
  const services: AppServices = {
    db: database.db,
    storage,
    mailer,
    config,
    auth: createAuth({
      db: database.db,
      secret: config.secret,
      baseURL: config.publicUrl,
      mailer,
      oidc: config.oidc,
    }),
  };
  return {
    ...database,
    storage,
    outbox: mailer.outbox ?? "",
    services,
    context: () => createAppContext(services),
    async close() {
      await database.close();
      await cleanup();
      await fs.rm(mediaDir, { recursive: true, force: true });
    },
  };
}
