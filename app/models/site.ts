// Site-wide settings shared by client and server (decision 019). An operator sets
// them at /dashboard/settings; SITE_DEFAULTS are the spec's texts, which a fresh
// install shows, and what the migration writes into the one settings row. The default
// words are marked (msg) so a page shows them translated, as `t(value)`, while the
// operator keeps them; words an operator wrote are not keys and stay as written.
import type { siteSettings } from "#app/db/schema.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import type { DistanceUnit } from "#app/models/money-intl.ts";
import { SPEC_PRICE_FORMAT, type PriceFormat } from "#app/models/money.ts";

/** What an operator sets: the settings row without its bookkeeping columns. */
export type SiteSettings = Omit<typeof siteSettings.$inferSelect, "id" | "updatedAt" | "updatedBy">;

const DEFAULT_NAME = "Carlot";
const DEFAULT_TAGLINE = msg("Trusted Used Car Seller Site.");

export const SITE_DEFAULTS = {
  name: DEFAULT_NAME,
  tagline: DEFAULT_TAGLINE,
  logoKey: null,
  faviconKey: null,
  brandColour: null,
  contactEmail: null,
  socialMicroblogUrl: "https://x.com/",
  socialVideoUrl: "https://www.youtube.com/",
  socialNetworkUrl: "https://www.facebook.com/",
  heroTitle: msg("Find Your Dream Car"),
  heroText: msg(
    "Browse sedans, off-roaders, muscle cars and SUVs from verified sellers near you. Pick a category to start, or look through every car for sale.",
  ),
  statsShown: true,
  stat1Value: "25.6K",
  stat1Label: msg("Likes"),
  stat2Value: "1.2k",
  stat2Label: msg("Cars delivered"),
  stat3Value: "86%",
  stat3Label: msg("Tasks done"),
  advertisedCount: 12,
  // Days before an unconfirmed car leaves the public lists (DESIGN decision 21).
  freshDays: 60,
  photosPerCar: 12,
  sellersNeedVerification: false,
  currency: "USD",
  priceStyle: "amount-sign",
  locale: "en-US",
  distanceUnit: "km",
  language: "en",
  termsMd: "",
  privacyMd: "",
  aboutMd: "",
} as const;
// (Not `satisfies SiteSettings`: the schema's defaults come from here. getSiteSettings
// returns these as SiteSettings, which checks them.)

/** One setting an admin changed, as its audit entry keeps it. */
export type SettingChange = { setting: keyof SiteSettings; from: unknown; to: unknown };

/** The statistics banner on the home page (spec §1, DESIGN decision 17). */
export type SiteStat = { value: string; label: string };

export function siteStatsOf(settings: SiteSettings): SiteStat[] | null {
  if (!settings.statsShown) return null;
  return [
    { value: settings.stat1Value, label: settings.stat1Label },
    { value: settings.stat2Value, label: settings.stat2Label },
    { value: settings.stat3Value, label: settings.stat3Label },
  ];
}

export const SOCIAL_KINDS = ["microblog", "video", "social"] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];
export type SocialLink = { kind: SocialKind; href: string; label: string };

/** What every page's header and footer show: sent with the root data, so kept small. */
export type PublicSite = {
  name: string;
  /** The operator's logo, or the built-in drawing. */
  logoUrl: string;
  favicon: { href: string; type: string };
  tagline: string;
  contactEmail: string | null;
  social: SocialLink[];
  /** The operator's pages that have text, for the footer. */
  pages: { href: string; label: string }[];
  /** Days a car stays in the public lists without its seller's confirmation. */
  freshDays: number;
  /** The most photos a car may have. */
  photosPerCar: number;
  /** How prices and other numbers read (app/models/money.ts). */
  price: PriceFormat;
  /** The unit of the mileage filter and of the lists. */
  distanceUnit: DistanceUnit;
  /** The locale of numbers and dates (BCP 47). */
  locale: string;
};

/**
 * For the rare page drawn without the root data (its loader failed): the name and
 * the built-in pictures. Small on purpose: every page's script carries it.
 */
export const FALLBACK_SITE: PublicSite = {
  name: DEFAULT_NAME,
  tagline: DEFAULT_TAGLINE,
  logoUrl: "/logo.svg",
  favicon: { href: "/favicon.svg", type: "image/svg+xml" },
  contactEmail: null,
  social: [],
  pages: [],
  freshDays: 60,
  photosPerCar: 12,
  price: SPEC_PRICE_FORMAT,
  distanceUnit: "km",
  locale: "en-US",
};

/**
 * The footer's names of the operator's pages (SITE_PAGES in site-labels.ts, which only
 * admin pages are sent): here so that every page is sent them, to show as `t(label)`.
 */
export const SITE_PAGE_LABELS = [msg("About"), msg("Terms"), msg("Privacy")] as const;

/** The home page's title: the name and the tagline (without its full stop), the default tagline translated. */
export function homeTitleOf(
  site: Pick<PublicSite, "name" | "tagline">,
  t: Translate = english,
): string {
  const tagline = t(site.tagline).replace(/[.\s]+$/, "");
  return tagline ? `${site.name} — ${tagline}` : site.name;
}

/** A page address that remembers where to go afterwards ("/login" stays bare for "/"). */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`;
}
