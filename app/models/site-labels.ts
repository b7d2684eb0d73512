// What the settings are called and which pages an operator writes: for the settings
// form, the audit log and the server. Apart from site.ts, which every page's script
// carries, so that admin words reach only admin pages.
import { msg } from "#app/i18n/translator.ts";
import type { SiteSettings } from "#app/models/site.ts";

/** What each setting is called, on its form and in the audit log. */
export const SETTING_LABEL: Record<keyof SiteSettings, string> = {
  name: msg("Site name"),
  tagline: msg("Tagline"),
  logoKey: msg("Logo"),
  faviconKey: msg("Favicon"),
  brandColour: msg("Brand colour"),
  contactEmail: msg("Contact email"),
  socialMicroblogUrl: msg("Microblog link"),
  socialVideoUrl: msg("Video channel link"),
  socialNetworkUrl: msg("Social network link"),
  heroTitle: msg("Hero title"),
  heroText: msg("Hero text"),
  statsShown: msg("Statistics banner"),
  stat1Value: msg("First figure"),
  stat1Label: msg("First label"),
  stat2Value: msg("Second figure"),
  stat2Label: msg("Second label"),
  stat3Value: msg("Third figure"),
  stat3Label: msg("Third label"),
  advertisedCount: msg("Advertised cars on the home page"),
  freshDays: msg("Days a car stays listed unconfirmed"),
  photosPerCar: msg("Photos per car"),
  sellersNeedVerification: msg("Only verified sellers' cars are public"),
  currency: msg("Currency"),
  priceStyle: msg("How prices read"),
  locale: msg("Locale"),
  distanceUnit: msg("Distance unit"),
  language: msg("Default language"),
  termsMd: msg("Terms"),
  privacyMd: msg("Privacy"),
  aboutMd: msg("About"),
};

export const SITE_PAGES = [
  { slug: "about", label: msg("About"), column: "aboutMd" },
  { slug: "terms", label: msg("Terms"), column: "termsMd" },
  { slug: "privacy", label: msg("Privacy"), column: "privacyMd" },
] as const satisfies { slug: string; label: string; column: keyof SiteSettings }[];
export type SitePageSlug = (typeof SITE_PAGES)[number]["slug"];
