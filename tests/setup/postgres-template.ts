// Creates a migrated template database once per run on TEST_DATABASE_URL's
// server; each test file then gets its own database cloned from it.
import pg from "pg";
import type { TestProject } from "vitest/node";

import { openPostgres } from "#app/db/client.server.ts";

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base)
    throw new Error("TEST_DATABASE_URL is not set: the integration-pg project needs PostgreSQL.");
  const template = `carlot_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = openPostgres(databaseUrl(base, template), 2);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide("postgresTemplate", template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
