// The alert emails (issue 28), in the recipient's language: new matches of a saved search,
// and what happened to the cars a person saved. Each carries a signed link that stops it
// without signing in, also as List-Unsubscribe headers (RFC 8058) for mail clients.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";

import { alert, user } from "#app/db/schema.ts";
import type { Translate } from "#app/i18n/translator.ts";
import { ALERT_EMAIL_CARS, type AlertKind } from "#app/models/alerts.ts";
import { unsubscribeUrl, type LinkTarget } from "#app/models/alert-links.server.ts";
import { holdMail } from "#app/models/held-mail.server.ts";
import { formatMoney, type PriceFormat } from "#app/models/money.ts";
import { getSavedSearch } from "#app/models/saved-search.server.ts";
import { getSiteSettings, siteDisplayOf } from "#app/models/site.server.ts";
import type { AppServices } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { recipientWords } from "#app/services/words.server.ts";

/** A group of unmailed alerts: one person's, of one search or (null) of their saved cars. */
export type AlertGroup = { userId: string; savedSearchId: number | null };

export type AlertLine = {
  kind: AlertKind;
  listingId: number | null;
  title: string;
  oldPrice: number | null;
  newPrice: number | null;
};

type MailContext = {
  publicUrl: string;
  siteName: string;
  price: PriceFormat;
  unsubscribe: string;
  t: Translate;
};

const carUrl = (publicUrl: string, id: number) => `${publicUrl}/dashboard/productDetails/${id}`;

const stopLines = (context: MailContext, where: string) => [
  "",
  "—",
  context.t("To stop these emails, open this link (no need to sign in):"),
  context.unsubscribe,
  context.t("To change how often you hear, go to {place}.", { place: where }),
];

/** New matches of a saved search: at most ALERT_EMAIL_CARS cars, then a link to all. */
export function searchAlertMail(
  context: MailContext & { personName: string; searchName: string; resultsUrl: string },
  lines: AlertLine[],
) {
  const { t } = context;
  const count = lines.length;
  const shown = lines.slice(0, ALERT_EMAIL_CARS);
  return {
    subject: t(
      "{count, plural, one {# new car for “{search}”} other {# new cars for “{search}”}} on {site}",
      { count, search: context.searchName, site: context.siteName },
    ),
    text: [
      t("Hello {name},", { name: context.personName }),
      "",
      t(
        "{count, plural, one {One new car matches your saved search “{search}”:} other {# new cars match your saved search “{search}”:}}",
        { count, search: context.searchName },
      ),
      "",
      ...shown.flatMap((line) => [
        `• ${line.title} — ${formatMoney(line.newPrice ?? 0, context.price)}`,
        `  ${carUrl(context.publicUrl, line.listingId ?? 0)}`,
      ]),
      "",
      count > shown.length
        ? t("See all {count} new cars and the rest of the search:", { count })
        : t("See the whole search:"),
      context.resultsUrl,
      ...stopLines(context, `${context.publicUrl}/dashboard/savedSearches`),
    ].join("\n"),
  };
}

/** One line about a saved car, in words. */
function carLine(line: AlertLine, context: MailContext): string {
  const { t } = context;
  const car = line.title;
  switch (line.kind) {
    case "price":
      return t("{car}: was {old}, now {new}.", {
        car,
        old: formatMoney(line.oldPrice ?? 0, context.price),
        new: formatMoney(line.newPrice ?? 0, context.price),
      });
    case "sold":
      return t("{car} has been sold.", { car });
    case "available":
      return t("{car} is for sale again, at {price}.", {
        car,
        price: formatMoney(line.newPrice ?? 0, context.price),
      });
    case "removed":
      return t("{car} was removed from {site}.", { car, site: context.siteName });
    case "match":
      return car;
  }
}

/** What happened to the cars a person saved. */
export function savedCarsMail(context: MailContext & { personName: string }, lines: AlertLine[]) {
  const { t } = context;
  const shown = lines.slice(0, ALERT_EMAIL_CARS * 2);
  const first = lines[0]!;
  return {
    subject:
      lines.length === 1 && first.kind === "price"
        ? t("Price cut: {car}", { car: first.title })
        : t("News about the cars you saved on {site}", { site: context.siteName }),
    text: [
      t("Hello {name},", { name: context.personName }),
      "",
      t("Here is what changed for the cars you saved:"),
      "",
      ...shown.flatMap((line) => [
        `• ${carLine(line, context)}`,
        ...(line.kind === "removed" || line.listingId === null
          ? []
          : [`  ${carUrl(context.publicUrl, line.listingId)}`]),
      ]),
      ...stopLines(context, `${context.publicUrl}/dashboard/wishlist`),
    ].join("\n"),
  };
}

/**
 * Writes each due group's email to held_mail and marks its alerts mailed, one transaction per
 * group (its rows taken FOR UPDATE SKIP LOCKED, so another node skips them). Returns how many
 * emails were written.
 */
export async function mailAlerts(
  services: Pick<AppServices, "db" | "config">,
  groups: AlertGroup[],
  now: Date,
): Promise<number> {
  if (groups.length === 0) return 0;
  const { db, config } = services;
  // Read before the transactions: on PGlite one holds the only connection.
  const site = await getSiteSettings(db);
  const price = siteDisplayOf(site).price;
  let written = 0;
  for (const group of groups) {
    try {
      const search =
        group.savedSearchId === null ? null : await getSavedSearch(db, group.savedSearchId);
      const done = await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: alert.id,
            kind: alert.kind,
            listingId: alert.listingId,
            title: alert.title,
            oldPrice: alert.oldPrice,
            newPrice: alert.newPrice,
          })
          .from(alert)
          .where(
            and(
              eq(alert.userId, group.userId),
              group.savedSearchId === null
                ? isNull(alert.savedSearchId)
                : eq(alert.savedSearchId, group.savedSearchId),
              isNull(alert.mailedAt),
            ),
          )
          .orderBy(asc(alert.id))
          .for("update", { skipLocked: true });
        if (rows.length === 0) return false;
        const [person] = await tx
          .select({ name: user.name, language: user.language })
          .from(user)
          .where(eq(user.id, group.userId));
        const target: LinkTarget =
          group.savedSearchId === null ? { cars: group.userId } : { search: group.savedSearchId };
        const unsubscribe = unsubscribeUrl(config.publicUrl, config.secret, target);
        if (person && (group.savedSearchId === null || search)) {
          const context = {
            publicUrl: config.publicUrl,
            siteName: site.name,
            price,
            unsubscribe,
            t: recipientWords(person.language, site.language).t,
          };
          const mail = search
            ? searchAlertMail(
                {
                  ...context,
                  personName: person.name,
                  searchName: search.name,
                  resultsUrl: `${config.publicUrl}${search.resultsPath}`,
                },
                rows,
              )
            : savedCarsMail({ ...context, personName: person.name }, rows);
          await holdMail(tx, {
            userId: group.userId,
            onBehalf: true,
            mail: {
              ...mail,
              headers: {
                "List-Unsubscribe": `<${unsubscribe}>`,
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
              },
            },
          });
        }
        await tx
          .update(alert)
          .set({ mailedAt: now })
          .where(
            inArray(
              alert.id,
              rows.map((row) => row.id),
            ),
          );
        return Boolean(person);
      });
      if (done) written++;
    } catch (error) {
      logger.warn({ err: error, ...group }, "could not write an alert email");
    }
  }
  return written;
}
