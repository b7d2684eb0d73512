// A saved search's private Atom feed (issue 28): its newest public cars, as its results page
// sorted newest first, for feed readers.
import { inArray } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { listing } from "#app/db/schema.ts";
import { formatMoney } from "#app/models/money.ts";
import { savedSearchFilters, type getSavedSearch } from "#app/models/saved-search.server.ts";
import { searchListings } from "#app/models/search.server.ts";
import { getSiteSettings, siteDisplayOf } from "#app/models/site.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

type Search = NonNullable<Awaited<ReturnType<typeof getSavedSearch>>>;

/** Text for XML: the five special characters escaped, control characters dropped. */
export const escapeXml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- dropping what XML 1.0 cannot carry
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function searchFeed(
  db: Db,
  storage: Storage,
  search: Search,
  publicUrl: string,
): Promise<string> {
  const site = await getSiteSettings(db);
  const price = siteDisplayOf(site).price;
  const filters = { ...savedSearchFilters(search.query), sort: "newest" as const, page: 1 };
  const page = await searchListings(db, storage, filters, {
    categoryId: search.categoryId ?? undefined,
  });
  const ids = page.rows.map((row) => row.id);
  const listed = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: listing.id, createdAt: listing.createdAt })
            .from(listing)
            .where(inArray(listing.id, ids))
        ).map((row) => [row.id, row.createdAt]),
  );
  const when = (id: number) => (listed.get(id) ?? new Date(0)).toISOString();
  const entries = page.rows.map((row) => {
    const link = escapeXml(`${publicUrl}/dashboard/productDetails/${row.id}`);
    return [
      "  <entry>",
      `    <id>${link}</id>`,
      `    <title>${escapeXml(`${row.title} — ${formatMoney(row.resalePrice, price)}`)}</title>`,
      `    <link href="${link}"/>`,
      `    <updated>${when(row.id)}</updated>`,
      `    <summary>${escapeXml(row.location)}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${publicUrl}/alerts/feed/${search.id}`)}</id>`,
    `  <title>${escapeXml(`${search.name} — ${site.name}`)}</title>`,
    `  <link href="${escapeXml(`${publicUrl}${search.resultsPath}`)}"/>`,
    `  <updated>${ids[0] === undefined ? new Date(0).toISOString() : when(ids[0])}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
