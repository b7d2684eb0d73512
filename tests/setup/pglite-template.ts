// Migrates one in-memory PGlite once per run and saves it; every test file
// starts from a copy instead of running initdb and the migrations again.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

import { fromPglite } from "#app/db/client.server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const database = fromPglite(await PGlite.create());
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-pglite-"));
  const file = path.join(dir, "template.tar");
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
