// npm run create-admin -- --email admin@example.com --password '…' --name 'Site Admin'
// Creates an admin account, or promotes the existing account with that email.
import { parseArgs } from "node:util";

import { z } from "zod";

import { openDatabase } from "#app/db/client.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/models/account.ts";
import { createOrPromoteAdmin } from "#app/models/user.server.ts";
import { parseEnv } from "#app/services/env.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";

const input = z.object({
  email: z.email("--email must be an email address"),
  password: z
    .string({ error: "--password is required" })
    .min(PASSWORD_MIN, `--password needs at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `--password may have at most ${PASSWORD_MAX} characters`),
  name: z.string({ error: "--name is required" }).trim().min(1, "--name is required").max(80),
});

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
const parsed = input.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
  console.error(
    "Usage: npm run create-admin -- --email admin@example.com --password '…' --name 'Site Admin'",
  );
  process.exit(1);
}

try {
  loadDotEnv();
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.exclusive(() => database.migrate());
    const result = await createOrPromoteAdmin(database.db, parsed.data);
    console.log(
      result.created
        ? `Created the admin account ${parsed.data.email}.`
        : result.passwordSet
          ? `${parsed.data.email} is now an admin and can also log in with the given password.`
          : `${parsed.data.email} is now an admin (its password was not changed).`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  // Configuration and lock problems are for people: the message, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
