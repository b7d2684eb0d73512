// The site settings form's schema (decision 019), used by the page in the browser
// and by the action. Apart from site.ts, which every public page imports, so that
// zod reaches only the settings page. The database checks the same limits.
import { z } from "zod";

import { LANGUAGES } from "#app/i18n/languages.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { PHOTO_MAX_BYTES } from "#app/models/account.ts";
import { brandColourProblem, parseHexColour } from "#app/models/brand-colour.ts";
import { english } from "#app/i18n/message-format.ts";
import {
  DISTANCE_UNITS,
  isKnownCurrency,
  knownLocale,
  PRICE_STYLES,
} from "#app/models/money-intl.ts";
import { filledText, textField } from "#app/models/text-field.ts";

export const SITE_LIMITS = {
  name: 40,
  tagline: 120,
  email: 254,
  url: 300,
  heroTitle: 80,
  heroText: 300,
  statValue: 12,
  statLabel: 24,
  page: 20_000,
  advertisedCount: 12,
  freshDays: { min: 14, max: 365 },
  // The body limit of the sell and edit forms is sized for 12 photos.
  photosPerCar: 12,
} as const;

/** "Use at most N characters" for each text limit, written out so each is a key. */
const AT_MOST = {
  12: msg("Use at most 12 characters"),
  24: msg("Use at most 24 characters"),
  40: msg("Use at most 40 characters"),
  80: msg("Use at most 80 characters"),
  120: msg("Use at most 120 characters"),
  300: msg("Use at most 300 characters"),
  20_000: msg("Use at most 20,000 characters"),
} as const;
type TextMax = keyof typeof AT_MOST;

const required = (message: string, max: TextMax) => filledText(message).max(max, AT_MOST[max]);

/** Optional text: empty when left blank. */
const optional = (max: TextMax, kind: "single-line" | "multi-line" = "single-line") =>
  textField({ kind })
    // Browsers send a textarea's line breaks as CRLF but count them as one character.
    .transform((value) => value.replaceAll("\r\n", "\n").trim())
    .pipe(z.string().max(max, AT_MOST[max]))
    .optional()
    .transform((value) => value ?? "");

/** An https address, or null when left blank (its icon is then not shown). */
const link = textField()
  .trim()
  .max(SITE_LIMITS.url, AT_MOST[SITE_LIMITS.url])
  .refine(
    (value) =>
      URL.parse(value)?.protocol === "https:" && value.toLowerCase().startsWith("https://"),
    msg("Enter a full address starting with https://"),
  )
  .optional()
  .transform((value) => value ?? null);

/** A hex colour readable on buttons and links (WCAG AA), or null for the built-in blue. */
const brandColour = (t: Translate) =>
  textField()
    .trim()
    .superRefine((value, context) => {
      const problem = brandColourProblem(value, t);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => parseHexColour(value))
    .optional()
    .transform((value) => value ?? null);

/** An uploaded picture, or null when none was chosen (the file input sends an empty file). */
const picture = z
  .instanceof(File)
  .optional()
  .transform((file) => (file && file.size > 0 ? file : null))
  .refine(
    (file) => !file || file.size <= PHOTO_MAX_BYTES,
    msg("The picture is larger than 5 MB; choose a smaller one"),
  );

/** A checkbox: sent as "on" when ticked, absent when not. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value !== undefined);

/** "Choose a whole number from MIN to MAX" for each range, written out so each is a key. */
const RANGE = {
  "1-12": msg("Choose a whole number from 1 to 12"),
  "14-365": msg("Choose a whole number from 14 to 365"),
} as const;

/** A whole number typed in a box, from `min` to `max`. */
function wholeNumber<Min extends number, Max extends number>(
  min: Min,
  max: Max,
  empty: string,
  range: (typeof RANGE)[`${Min}-${Max}` & keyof typeof RANGE],
) {
  return filledText(empty)
    .regex(/^\d{1,4}$/, range)
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
}

const statValue = required(msg("Enter a figure, like 25.6K"), SITE_LIMITS.statValue);
const statLabel = required(msg("Enter a label, like Likes"), SITE_LIMITS.statLabel);

const buildSiteSettingsSchema = (t: Translate) =>
  z.object({
    name: required(msg("Site name is required"), SITE_LIMITS.name),
    tagline: optional(SITE_LIMITS.tagline),
    logo: picture,
    removeLogo: ticked,
    favicon: picture,
    removeFavicon: ticked,
    brandColour: brandColour(t),
    contactEmail: textField()
      .trim()
      .max(SITE_LIMITS.email, msg("That email address is too long"))
      .pipe(z.email(msg("Enter an email address like name@example.com")))
      .optional()
      .transform((value) => value ?? null),
    socialMicroblogUrl: link,
    socialVideoUrl: link,
    socialNetworkUrl: link,
    heroTitle: required(msg("Hero title is required"), SITE_LIMITS.heroTitle),
    heroText: optional(SITE_LIMITS.heroText, "multi-line"),
    statsShown: ticked,
    stat1Value: statValue,
    stat1Label: statLabel,
    stat2Value: statValue,
    stat2Label: statLabel,
    stat3Value: statValue,
    stat3Label: statLabel,
    advertisedCount: wholeNumber(
      1,
      SITE_LIMITS.advertisedCount,
      msg("Choose how many advertised cars to show, from 1 to 12"),
      RANGE["1-12"],
    ),
    freshDays: wholeNumber(
      SITE_LIMITS.freshDays.min,
      SITE_LIMITS.freshDays.max,
      msg("Choose how many days, from 14 to 365"),
      RANGE["14-365"],
    ),
    photosPerCar: wholeNumber(
      1,
      SITE_LIMITS.photosPerCar,
      msg("Choose how many photos, from 1 to 12"),
      RANGE["1-12"],
    ),
    sellersNeedVerification: ticked,
    currency: filledText(msg("Enter a currency code, like USD or EUR"))
      .transform((value) => value.trim().toUpperCase())
      .refine(isKnownCurrency, msg("Enter a three-letter ISO 4217 code, like USD, EUR or GBP")),
    priceStyle: z.enum(PRICE_STYLES, { error: msg("Choose how prices read") }),
    locale: filledText(msg("Enter a locale, like en-US or de-DE")).transform((value, context) => {
      const locale = knownLocale(value.trim());
      if (locale) return locale;
      context.addIssue({
        code: "custom",
        message: msg("Enter a language and region this server knows, like en-US, en-GB or de-DE"),
      });
      return z.NEVER;
    }),
    distanceUnit: z.enum(DISTANCE_UNITS, { error: msg("Choose km or mi") }),
    language: z.enum(LANGUAGES, { error: msg("Choose one of the languages") }),
    aboutMd: optional(SITE_LIMITS.page, "multi-line"),
    termsMd: optional(SITE_LIMITS.page, "multi-line"),
    privacyMd: optional(SITE_LIMITS.page, "multi-line"),
  });

const schemasByTranslator = new WeakMap<Translate, ReturnType<typeof buildSiteSettingsSchema>>();

/**
 * The settings form's schema for a reader (`t` from useT() or translatorFor(context)): the
 * brand colour's message is made from the colour, so `t(error)` could not turn it; it
 * comes in the reader's words. The other messages are keys, shown as `t(error)`.
 */
export function siteSettingsSchemaFor(t: Translate) {
  let schema = schemasByTranslator.get(t);
  if (!schema) schemasByTranslator.set(t, (schema = buildSiteSettingsSchema(t)));
  return schema;
}

/** The English schema: a page shows its errors as `t(error)`. */
export const siteSettingsSchema = siteSettingsSchemaFor(english);

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

/**
 * Settings as the form sends them: text as typed, a ticked box "on", an unticked one
 * left out, a missing value empty. For the form's first values, scripts and tests.
 */
export function settingsAsForm(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) =>
      value === false ? [] : [[key, value === true ? "on" : String(value ?? "")]],
    ),
  );
}
