// npm run alerts -- --once
// Runs the alert job once (saved searches' new matches, saved cars' news, their emails) and
// exits: for operators who run it from cron beside servers on PostgreSQL. The servers run it
// every minute themselves; a run here and one there never take the same work (the job claims
// it in the database). On the embedded database the data directory belongs to the running
// server: stop it first, or let it do the work.
import { parseArgs } from "node:util";

import { openDatabase } from "#app/db/client.server.ts";
import { ALERT_JOB_KEY, runAlerts } from "#app/models/alert-job.server.ts";
import { mailSenderOf } from "#app/models/site.server.ts";
import { parseEnv } from "#app/services/env.server.ts";
import { createMailer } from "#app/services/mail.server.ts";
import { authSecret } from "#app/services/secret.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";

const { values } = parseArgs({ options: { once: { type: "boolean" } } });
if (!values.once) {
  console.error("Usage: npm run alerts -- --once   (runs the alert job once and exits)");
  process.exit(1);
}

try {
  loadDotEnv();
  const env = parseEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.exclusive(() => database.migrate());
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dataDir: env.DATA_DIR,
      sender: mailSenderOf(database.db),
    });
    const secret = authSecret({ secret: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    const result = await database.tryExclusive(ALERT_JOB_KEY, () =>
      runAlerts({
        db: database.db,
        mailer,
        config: { secret, publicUrl, secureCookies: publicUrl.startsWith("https:"), oidc: null },
      }),
    );
    if (!result) {
      console.log("Alerts: another process is running the job now; nothing to do here.");
      process.exit(0);
    }
    console.log(
      `Alerts: ${result.events} car events matched, ${result.alerts} alerts recorded, ${result.emails} emails written, ${result.sent} sent.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
