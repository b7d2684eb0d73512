// `npm run seed`: adds the demo marketplace to the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) if it has no users yet.
// Useful to try Carlot on PostgreSQL, where start-up never seeds demo data unasked.
import { openDatabase } from "#app/db/client.server.ts";
import { ensureCategories, isEmptyOfUsers, seedDemo } from "#app/demo/seed.server.ts";
import { parseEnv } from "#app/services/env.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";
import { createStorage } from "#app/services/storage-open.server.ts";

try {
  loadDotEnv();
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Where the server keeps photos (STORAGE_URL): the demo's pictures go there too.
  const storage = await createStorage(env);
  try {
    await database.exclusive(async () => {
      await database.migrate();
      await ensureCategories(database.db, storage);
      if (!(await isEmptyOfUsers(database.db))) {
        console.log(
          "The database already has users: nothing to do (demo data goes only into an empty database).",
        );
        return;
      }
      const { listings } = await seedDemo(database.db, storage);
      console.log(`Added the demo marketplace: ${listings} listings.`);
    });
  } finally {
    await database.close();
    await storage.close();
  }
} catch (error) {
  // Configuration and lock problems are for people: the message, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
