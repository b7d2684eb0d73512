// Site-wide settings shared by client and server (decision 019). An operator sets
// them at /dashboard/settings; SITE_DEFAULTS are the spec's texts, which a fresh
// install shows, and what the migration writes into the one settings row.
import type { siteSettings } from "#app/db/schema.ts";

/** What an operator sets: the settings row without its bookkeeping columns. */
export type SiteSettings = Omit<typeof siteSettings.$inferSelect, "id" | "updatedAt" | "updatedBy">;

export const SITE_DEFAULTS = {
  name: "Carlot",
  tagline: "Trusted Used Car Seller Site.",
  logoKey: null,
  faviconKey: null,
  brandColour: null,
  contactEmail: null,
  socialMicroblogUrl: "https://x.com/",
  socialVideoUrl: "https://www.youtube.com/",
  socialNetworkUrl: "https://www.facebook.com/",
  heroTitle: "Find Your Dream Car",
  heroText:
    "Browse sedans, off-roaders, muscle cars and SUVs from verified sellers near you. Pick a category to start, or look through every car for sale.",
  statsShown: true,
  stat1Value: "25.6K",
  stat1Label: "Likes",
  stat2Value: "1.2k",
  stat2Label: "Cars delivered",
  stat3Value: "86%",
  stat3Label: "Tasks done",
  advertisedCount: 12,
  termsMd: "",
  privacyMd: "",
  aboutMd: "",
} as const;
// (Not `satisfies SiteSettings`: the schema's defaults come from here. getSiteSettings
// returns these as SiteSettings, which checks them.)

/** What each setting is called, on its form and in the audit log. */
export const SETTING_LABEL: Record<keyof SiteSettings, string> = {
  name: "Site name",
  tagline: "Tagline",
  logoKey: "Logo",
  faviconKey: "Favicon",
  brandColour: "Brand colour",
  contactEmail: "Contact email",
  socialMicroblogUrl: "Microblog link",
  socialVideoUrl: "Video channel link",
  socialNetworkUrl: "Social network link",
  heroTitle: "Hero title",
  heroText: "Hero text",
  statsShown: "Statistics banner",
  stat1Value: "First figure",
  stat1Label: "First label",
  stat2Value: "Second figure",
  stat2Label: "Second label",
  stat3Value: "Third figure",
  stat3Label: "Third label",
  advertisedCount: "Advertised cars on the home page",
  termsMd: "Terms",
  privacyMd: "Privacy",
  aboutMd: "About",
};

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

const SOCIAL_COLUMN = {
  microblog: "socialMicroblogUrl",
  video: "socialVideoUrl",
  social: "socialNetworkUrl",
} as const satisfies Record<SocialKind, keyof SiteSettings>;

// A link's accessible name says where it goes: the service's own name when it is one
// of the well-known ones, else what kind of page it is.
const KNOWN_SERVICES: Record<string, string> = {
  "x.com": "X",
  "twitter.com": "X",
  "youtube.com": "YouTube",
  "facebook.com": "Facebook",
};
const KIND_NAME: Record<SocialKind, string> = {
  microblog: "Microblog",
  video: "Videos",
  social: "Social network",
};

/** The footer's icons: only links that are set and use https. */
export function socialLinksOf(settings: SiteSettings): SocialLink[] {
  return SOCIAL_KINDS.flatMap((kind) => {
    const href = settings[SOCIAL_COLUMN[kind]];
    const url = href ? URL.parse(href) : null;
    if (!href || url?.protocol !== "https:") return [];
    const host = url.hostname.replace(/^www\./, "");
    return [{ kind, href, label: `${KNOWN_SERVICES[host] ?? KIND_NAME[kind]} (opens ${host})` }];
  });
}

export const SITE_PAGES = [
  { slug: "about", label: "About", column: "aboutMd" },
  { slug: "terms", label: "Terms", column: "termsMd" },
  { slug: "privacy", label: "Privacy", column: "privacyMd" },
] as const satisfies { slug: string; label: string; column: keyof SiteSettings }[];
export type SitePageSlug = (typeof SITE_PAGES)[number]["slug"];

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
};

/**
 * What the root loader sends. `mediaUrl` turns a storage key into the address
 * pictures are served from (the storage's own, so a CDN works too).
 */
export function publicSiteOf(
  settings: SiteSettings,
  mediaUrl: (key: string) => string = (key) => `/media/${key}`,
): PublicSite {
  return {
    name: settings.name,
    logoUrl: settings.logoKey ? mediaUrl(settings.logoKey) : "/logo.svg",
    favicon: settings.faviconKey
      ? { href: mediaUrl(settings.faviconKey), type: "image/png" }
      : { href: "/favicon.svg", type: "image/svg+xml" },
    tagline: settings.tagline,
    contactEmail: settings.contactEmail,
    social: socialLinksOf(settings),
    pages: SITE_PAGES.filter((page) => settings[page.column].trim() !== "").map((page) => ({
      href: `/${page.slug}`,
      label: page.label,
    })),
  };
}

/** The home page's title: the name and the tagline (without its full stop). */
export function homeTitleOf(site: Pick<PublicSite, "name" | "tagline">): string {
  const tagline = site.tagline.replace(/[.\s]+$/, "");
  return tagline ? `${site.name} — ${tagline}` : site.name;
}

/** A page address that remembers where to go afterwards ("/login" stays bare for "/"). */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`;
}
