// What a process does before it serves anything: opens the database and the photo
// storage, then, under the database's start-up lock, applies the migrations, runs the
// doctor's checks (a production start refuses on an error), checks that every node
// signs sessions with the same secret, and adds the demo data when it is wanted. On
// any failure both are closed again and the error is passed on.
import fs from "node:fs";

import { openDatabase } from "#app/db/client.server.ts";
import { seedOnStart } from "#app/demo/seed.server.ts";
import { doctorAtStart } from "#app/services/doctor.server.ts";
import type { Env } from "#app/services/env.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { authSecret, authSecretFile, checkSharedSecret } from "#app/services/secret.server.ts";
import { createStorage } from "#app/services/storage-open.server.ts";

/** The database (migrated, checked, seeded), the photo storage and the sessions' secret. */
export async function openAndMigrate(
  env: Env,
  /** The settings as given, for what the parsed environment leaves out (STORAGE_URL). */
  source: Record<string, string | undefined>,
) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  const storage = await createStorage(env);
  logger.info({ storage: storage.describe() }, "photo storage");
  let secret: string;
  try {
    secret = authSecret({ secret: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    await database.exclusive(async () => {
      await database.migrate();
      // `npm run doctor`'s checks: errors refuse a production start before any data is added.
      if (env.NODE_ENV === "production") {
        const authSecretFileExists = fs.existsSync(authSecretFile(env.DATA_DIR));
        await doctorAtStart(
          { env, storageUrl: source.STORAGE_URL, authSecretFileExists },
          database,
          logger,
        );
      }
      // Every node sharing the database must sign sessions with the same secret.
      await checkSharedSecret(database.db, secret, {
        refuse: env.NODE_ENV === "production" && database.kind === "postgres",
        log: logger,
      });
      await seedOnStart({ database, storage, env, log: logger });
    });
  } catch (error) {
    await database.close();
    await storage.close();
    throw error;
  }
  return { database, storage, secret };
}
