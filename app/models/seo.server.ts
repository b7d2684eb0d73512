// sitemap.xml and robots.txt. The sitemap lists the public pages, the categories
// and every car for sale; past SITEMAP_MAX_URLS it becomes a sitemap index whose
// parts hold at most that many addresses each (the sitemaps.org limit).
import { asc, count } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { listing } from "#app/db/schema.ts";
import { findCategories } from "#app/models/category.server.ts";
import { availableAndFresh, publicRules, type PublicRules } from "#app/models/listing.server.ts";
import { listingPath } from "#app/models/listing.ts";
import { absoluteUrl } from "#app/models/seo.ts";
import { getSiteSettings, publicSiteOf } from "#app/models/site.server.ts";

import type { Storage } from "#app/services/storage.server.ts";

export const SITEMAP_MAX_URLS = 50_000;

/** The public pages every sitemap starts with. */
export const SITEMAP_PAGES = ["/", "/products", "/products/allProducts", "/blogs", "/safety"];

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

type UrlEntry = { loc: string; lastmod?: Date };

function urlset(entries: UrlEntry[]): string {
  const body = entries
    .map(
      (entry) =>
        `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

async function listingEntries(
  db: Db,
  publicUrl: string,
  options: { rules: PublicRules; offset: number; limit: number },
): Promise<UrlEntry[]> {
  const rows = await db
    .select({ id: listing.id, updatedAt: listing.updatedAt })
    .from(listing)
    .where(availableAndFresh(options.rules))
    .orderBy(asc(listing.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => ({
    loc: absoluteUrl(publicUrl, listingPath(row.id)),
    lastmod: row.updatedAt,
  }));
}

/**
 * The sitemap document for `part` (null: /sitemap.xml itself). Small sites get
 * one urlset. Larger ones get an index: part 1 holds the pages and categories,
 * parts 2… hold the cars, `size` each. Null for a part that does not exist.
 */
export async function buildSitemap(
  db: Db,
  storage: Storage,
  publicUrl: string,
  options: { part: number | null; size?: number; now?: Date },
): Promise<string | null> {
  const size = options.size ?? SITEMAP_MAX_URLS;
  const [categories, site, rules] = await Promise.all([
    findCategories(db, storage),
    getSiteSettings(db),
    publicRules(db, options.now),
  ]);
  const pages: UrlEntry[] = [
    ...SITEMAP_PAGES.map((path) => ({ loc: absoluteUrl(publicUrl, path) })),
    // The operator's pages that have text.
    ...publicSiteOf(site).pages.map((page) => ({ loc: absoluteUrl(publicUrl, page.href) })),
    ...categories.map((item) => ({ loc: absoluteUrl(publicUrl, `/products/${item.slug}`) })),
  ];
  const [totals] = await db.select({ n: count() }).from(listing).where(availableAndFresh(rules));
  const cars = totals?.n ?? 0;
  const carParts = Math.ceil(cars / size);
  if (pages.length + cars <= size) {
    if (options.part !== null && options.part !== 1) return null;
    return urlset([
      ...pages,
      ...(await listingEntries(db, publicUrl, { rules, offset: 0, limit: size })),
    ]);
  }
  if (options.part === null) {
    return sitemapIndex(
      Array.from({ length: 1 + carParts }, (_, i) =>
        absoluteUrl(publicUrl, `/sitemap.xml?part=${i + 1}`),
      ),
    );
  }
  if (options.part === 1) return urlset(pages);
  if (options.part < 2 || options.part > carParts + 1) return null;
  return urlset(
    await listingEntries(db, publicUrl, { rules, offset: (options.part - 2) * size, limit: size }),
  );
}

/** robots.txt: everything public may be crawled; personal pages may not. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    // Car pages live under /dashboard/productDetails/{id} and are public.
    "Allow: /dashboard/productDetails/",
    "Disallow: /dashboard/productDetails/editProduct/",
    "Disallow: /dashboard/",
    "Disallow: /wishlist",
    "Disallow: /auth/",
    "Disallow: /resources/",
    "Disallow: /compare",
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
