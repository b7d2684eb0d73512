// The background jobs of a running process: housekeeping once the server can serve and then
// hourly, the held emails and sellers' request digests looked for every 5 minutes, and (in
// production) handing back the memory start-up used. Failures are logged, never thrown; stopping
// clears the timers and waits for a run in progress.
import type { Database } from "#app/db/client.server.ts";
import { ALERT_JOB_KEY, pruneAlerts, runAlerts } from "#app/models/alert-job.server.ts";
import { deliverHeldMail } from "#app/models/held-mail.server.ts";
import { mailUnreadMessages } from "#app/models/message-mail.server.ts";
import { sweepMessagePhotos } from "#app/models/message-photo.server.ts";
import { remindViewings } from "#app/models/viewing-mail.server.ts";
import { sendListingReminders } from "#app/models/listing-manage.server.ts";
import {
  pruneSellerNotifications,
  sendNotificationDigests,
} from "#app/models/seller-notification.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { pruneFormTokens } from "#app/services/form-token.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { pruneRateLimits } from "#app/services/rate-limit.server.ts";

import { releaseStartupMemory } from "./memory.ts";

const warnFailed = (what: string) => (error: unknown) =>
  logger.warn({ err: error }, `${what} failed`);

/** Runs `job` every `ms` without keeping the process alive for it. */
function every(ms: number, job: () => void) {
  const timer = setInterval(job, ms);
  timer.unref();
  return timer;
}

export function startMaintenance(options: {
  database: Database;
  services: AppServices;
  /** Production hands back start-up's memory after the first run. */
  production: boolean;
  /** Between runs of the alert job (ALERT_INTERVAL_SECONDS; a minute by default). */
  alertIntervalMs?: number;
}): { stop(): Promise<void> } {
  const { database, services } = options;
  // Housekeeping after start and hourly. Held emails are those a crash kept from going out (and
  // any a verification released); reminders ask "is your car still for sale?"; the digests are
  // the due ones, and the sent request notifications from before yesterday are pruned.
  const maintain = async (when: "start" | "hourly") => {
    await database.analyze(when);
    await pruneRateLimits(database.db);
    await pruneFormTokens(database.db);
    await deliverHeldMail(services);
    await sendListingReminders(services, new Date());
    await sendNotificationDigests(services, new Date());
    await pruneSellerNotifications(database.db, new Date());
    await pruneAlerts(database.db, new Date());
    await sweepMessagePhotos(database.db, services.storage, new Date());
  };
  const runMaintenance = (when: "start" | "hourly") =>
    maintain(when).catch(warnFailed("maintenance"));

  // The first run starts once the server can serve (on PGlite every query shares one connection:
  // nothing waits behind it). Shutting down waits for a run in progress. Once start-up's work is
  // done, production hands back the memory it used (tests, starting many apps, skip the pause).
  let maintenance = runMaintenance("start").then(async () => {
    if (!options.production) return;
    const started = performance.now();
    releaseStartupMemory();
    await database.releaseStartupMemory();
    logger.debug({ ms: Math.round(performance.now() - started) }, "start-up memory released");
  });
  const maintenanceTimer = every(60 * 60 * 1000, () => {
    maintenance = runMaintenance("hourly");
  });
  // Sellers' request digests are due when their hour is over, and held emails whose
  // sender crashed are free again after their lease: looked for every 5 minutes.
  const digestTimer = every(5 * 60 * 1000, () => {
    maintenance = maintenance.then(async () => {
      await deliverHeldMail(services).catch(warnFailed("held emails"));
      await sendNotificationDigests(services, new Date()).catch(warnFailed("request digests"));
    });
  });

  // Saved searches' and saved cars' alerts, then emails about unread messages and viewing
  // reminders: every minute,
  // so "at once" means within one. A
  // run that is still going when the next is due is not doubled; another node's run at the
  // same time takes other work (the job claims it in the database).
  let alerts: Promise<unknown> = Promise.resolve();
  let alertsRunning = false;
  const alertTimer = every(options.alertIntervalMs ?? 60 * 1000, () => {
    if (alertsRunning) return;
    alertsRunning = true;
    // One process at a time: on PostgreSQL the others skip this minute's run.
    alerts = database
      .tryExclusive(ALERT_JOB_KEY, () => runAlerts(services))
      .catch(warnFailed("alerts"))
      // Emails about messages left unread (issue 27): every node may run it; each
      // conversation is claimed by one.
      .then(() => mailUnreadMessages(services))
      .catch(warnFailed("message emails"))
      // Viewing reminders a day ahead: likewise, each viewing is claimed by one node.
      .then(() => remindViewings(services))
      .catch(warnFailed("viewing reminders"))
      .finally(() => {
        alertsRunning = false;
      });
  });

  return {
    stop: async () => {
      clearInterval(maintenanceTimer);
      clearInterval(digestTimer);
      clearInterval(alertTimer);
      await alerts;
      await maintenance;
    },
  };
}
