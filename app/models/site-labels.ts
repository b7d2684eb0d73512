// What the settings are called and which pages an operator writes: for the settings
// form, the audit log and the server. Apart from site.ts, which every page's script
// carries, so that admin words reach only admin pages.
import type { SiteSettings } from "#app/models/site.ts";

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
  freshDays: "Days a car stays listed unconfirmed",
  photosPerCar: "Photos per car",
  sellersNeedVerification: "Only verified sellers' cars are public",
  currency: "Currency",
  priceStyle: "How prices read",
  locale: "Locale",
  distanceUnit: "Distance unit",
  language: "Default language",
  termsMd: "Terms",
  privacyMd: "Privacy",
  aboutMd: "About",
};

export const SITE_PAGES = [
  { slug: "about", label: "About", column: "aboutMd" },
  { slug: "terms", label: "Terms", column: "termsMd" },
  { slug: "privacy", label: "Privacy", column: "privacyMd" },
] as const satisfies { slug: string; label: string; column: keyof SiteSettings }[];
export type SitePageSlug = (typeof SITE_PAGES)[number]["slug"];
