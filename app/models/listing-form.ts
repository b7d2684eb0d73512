// The sell and edit forms: one Zod schema per form, used by the browser for
// instant feedback and by the server as the authority (STYLE 3). The required
// messages are spec §5's, word for word; the rest say what to do. Messages are English
// keys of the catalogue (decision 020): a page shows an error as `t(error)`; the few
// worded from what was sent (a typed price, a file's name, this year) come in the
// reader's words from the schemas of listingSchemas(t).
import { z } from "zod";

import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";
import {
  LESS_THAN_A_YEAR,
  MILEAGE_UNITS,
  MORE_THAN_TEN_YEARS,
  PERIOD_UNITS_FOR,
  YEARS_USED_VALUES,
} from "#app/models/listing-choices.ts";
import { FUELS, QUALITIES, TRANSMISSIONS } from "#app/models/listing.ts";
import { type PeriodUnit, type YearsUsed } from "./listing-choices.ts";
import { filledText, textField } from "#app/models/text-field.ts";
import { chosenFiles, resolvePhotoOrder } from "#app/models/listing-form-values.ts";
import type { TextKind } from "#app/models/text.ts";

// The photo list's order and files and the columns of a valid form, for the forms' users.
export * from "#app/models/listing-form-values.ts";

/** The most photos any car may have; a site may set fewer (its `photosPerCar`). */
export const LISTING_PHOTO_MAX_COUNT = 12;
export const LISTING_PHOTO_MAX_MB = 15;
export const LISTING_PHOTO_MAX_BYTES = LISTING_PHOTO_MAX_MB * 1024 * 1024;
export const LISTING_PHOTO_MAX_MEGAPIXELS = 40;
/** Every photo at its limit plus room for the other fields. */
export const LISTING_BODY_MAX_BYTES =
  LISTING_PHOTO_MAX_COUNT * LISTING_PHOTO_MAX_BYTES + 1024 * 1024;

export const PRICE_MAX_DOLLARS = 10_000_000;
export const MILEAGE_MAX = 2_000_000;
export const FIRST_CAR_YEAR = 1950;
/** Cars of next year's model are sold from the autumn before. */
export const lastCarYear = (now = new Date()) => now.getFullYear() + 1;

export const LISTING_TEXT_MAX = {
  carName: 80,
  details: 4000,
  location: 100,
  make: 40,
  model: 60,
  colour: 30,
} as const;

/** Longest exact period each unit allows for each range choice. */
export const PERIOD_LIMITS: Record<
  typeof LESS_THAN_A_YEAR | typeof MORE_THAN_TEN_YEARS,
  Partial<Record<PeriodUnit, { min: number; max: number }>>
> = {
  [LESS_THAN_A_YEAR]: {
    days: { min: 1, max: 365 },
    months: { min: 1, max: 12 },
    years: { min: 1, max: 1 },
  },
  [MORE_THAN_TEN_YEARS]: { years: { min: 11, max: 100 } },
};

/** What a seller reads who sends more photos than the site allows, in the reader's words. */
export function tooManyPhotosFor(limit: number, t: Translate = english): string {
  return t("Choose at most {count, plural, one {# photo} other {# photos}}", { count: limit });
}

export const LISTING_MESSAGES = {
  carName: msg("car name is required"),
  category: msg("Category is required"),
  image: msg("image is required"),
  details: msg("Details is required"),
  location: msg("Location is required"),
  originalPrice: msg("Original Price is required"),
  resalePrice: msg("Resale Price is required"),
  conditional: msg("This field is required"),
  yearsUsed: msg("Years used is required"),
  make: msg("Make is required"),
  model: msg("Model is required"),
  year: msg("Year is required"),
  mileage: msg("Mileage is required"),
  quality: msg("Quality is required"),
  /** tooManyPhotosFor(LISTING_PHOTO_MAX_COUNT), as a key of its own. */
  tooManyPhotos: msg(
    "Choose at most 12 photos",
  ) satisfies `Choose at most ${typeof LISTING_PHOTO_MAX_COUNT} photos`,
  photoList: msg("The list of photos could not be read. Please reload the page and try again."),
  photosTooLarge: msg(
    "These photos are too large together. Send at most 12 photos of up to 15 MB each.",
  ) satisfies `These photos are too large together. Send at most ${typeof LISTING_PHOTO_MAX_COUNT} photos of up to ${typeof LISTING_PHOTO_MAX_MB} MB each.`,
} as const;

/** "Use at most N characters" for each of LISTING_TEXT_MAX, written out so each is a key. */
const TOO_LONG = {
  30: msg("Use at most 30 characters"),
  40: msg("Use at most 40 characters"),
  60: msg("Use at most 60 characters"),
  80: msg("Use at most 80 characters"),
  100: msg("Use at most 100 characters"),
  4000: msg("Use at most 4,000 characters"),
} as const satisfies Record<(typeof LISTING_TEXT_MAX)[keyof typeof LISTING_TEXT_MAX], string>;
type TextMax = keyof typeof TOO_LONG;

function text(required: string, max: TextMax, kind: TextKind = "single-line") {
  return filledText(required, { kind }).max(max, TOO_LONG[max]);
}

function optionalText(max: TextMax) {
  return textField().trim().max(max, TOO_LONG[max]).optional();
}

const CURRENCY = /[$€£¥₹₩₽¢]|\b(?:usd|us\$|eur|gbp|dollars?)\b/i;

/**
 * What is wrong with a typed price, or null when it is a whole amount (of the site's currency),
 * in the reader's words. Nothing is silently changed: "$12,500" gets a message, not 12500.
 */
export function priceProblem(typed: string, t: Translate = english): string | null {
  const value = typed.trim();
  if (/^\d+$/.test(value)) {
    // PRICE_MAX_DOLLARS, as en-US writes it.
    return Number(value) > PRICE_MAX_DOLLARS ? t("Type an amount up to 10,000,000") : null;
  }
  const digits = value.replace(/[^\d.,]/g, "");
  const plain = /^\d{1,3}(?:[,.\s]\d{3})+$/.test(digits) ? digits.replace(/\D/g, "") : null;
  const example = plain ?? "12500";
  if (CURRENCY.test(value)) {
    return t(
      "Type the amount without $ or another currency sign, digits only: for example {example}",
      { example },
    );
  }
  if (value.startsWith("-")) return t("The price cannot be negative");
  if (/^\d{1,3}(?:[,.\s]\d{3})+$/.test(value)) {
    return t("Type the amount without commas, dots or spaces: for example {example}", {
      example,
    });
  }
  if (/^\d+[.,]\d{1,2}$/.test(value)) return t("Type a whole amount, without cents");
  return t("Type the amount as a whole number, for example 12500");
}

/** A price typed in whole dollars, stored in cents (DESIGN decision 5). */
function price(required: string, t: Translate) {
  return filledText(required).transform((value, ctx) => {
    const problem = priceProblem(value, t);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return Number(value) * 100;
  });
}

function wholeNumber(
  value: string,
  ctx: z.RefinementCtx,
  { min, max, invalid, range }: { min: number; max: number; invalid: string; range: string },
) {
  if (!/^\d+$/.test(value)) {
    ctx.addIssue({ code: "custom", message: invalid });
    return z.NEVER;
  }
  const number = Number(value);
  if (number < min || number > max) {
    ctx.addIssue({ code: "custom", message: range });
    return z.NEVER;
  }
  return number;
}

const carYear = (t: Translate) =>
  filledText(LISTING_MESSAGES.year).transform((value, ctx) => {
    const last = lastCarYear();
    const range = t("Type the year the car was made, from {first} to {last}", {
      first: FIRST_CAR_YEAR,
      last,
    });
    return wholeNumber(value, ctx, { min: FIRST_CAR_YEAR, max: last, invalid: range, range });
  });

const mileage = filledText(LISTING_MESSAGES.mileage).transform((value, ctx) =>
  wholeNumber(value, ctx, {
    min: 0,
    max: MILEAGE_MAX,
    invalid: msg("Type the mileage as a whole number, without commas or units: for example 45000"),
    // MILEAGE_MAX, as en-US writes it.
    range: msg("Type a mileage up to 2,000,000"),
  }),
);

/**
 * The site's photo limit (`photosPerCar`, at most LISTING_PHOTO_MAX_COUNT, which the
 * schema checks): a form adding photos may not go past it. A car saved with more,
 * before the operator lowered it, keeps them while it adds none.
 */
export function photoLimitProblem(
  value: { photos?: unknown[]; photoOrder?: string[] },
  limit: number,
  t: Translate = english,
): string | null {
  const added = chosenFiles(value.photos).length;
  if (added === 0) return null;
  const slots = resolvePhotoOrder(value.photoOrder ?? [], added);
  return slots && slots.length > limit ? tooManyPhotosFor(limit, t) : null;
}

/** A chosen file's name as people recognise it in a message. */
export function fileLabel(file: { name: string }, t: Translate = english): string {
  // eslint-disable-next-line no-control-regex -- names come from the browser; drop control characters
  const name = file.name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || t("This photo");
  return name.length > 60 ? `${name.slice(0, 57)}…` : name;
}

export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/** Checks a chosen file before it is sent: what a browser can tell without decoding it. */
export function photoFileProblem(file: File, t: Translate = english): string | null {
  if (file.size === 0) {
    return t('"{name}" is empty (0 bytes). Choose another photo.', { name: fileLabel(file, t) });
  }
  if (file.size > LISTING_PHOTO_MAX_BYTES) {
    return t('"{name}" is {size}; each photo can be at most {max} MB.', {
      name: fileLabel(file, t),
      size: megabytes(file.size),
      max: LISTING_PHOTO_MAX_MB,
    });
  }
  return null;
}

const yearsUsed = z.enum(YEARS_USED_VALUES, { error: LISTING_MESSAGES.yearsUsed });

/** The fields of both forms; `t` words the messages made from what was sent. */
const listingFields = (t: Translate) => ({
  carName: text(LISTING_MESSAGES.carName, LISTING_TEXT_MAX.carName),
  category: filledText(LISTING_MESSAGES.category).max(60, LISTING_MESSAGES.category),
  photos: z.array(z.unknown()).optional(),
  photoOrder: z.array(textField({ control: LISTING_MESSAGES.photoList })).optional(),
  details: text(LISTING_MESSAGES.details, LISTING_TEXT_MAX.details, "multi-line"),
  location: text(LISTING_MESSAGES.location, LISTING_TEXT_MAX.location),
  yearsUsed,
  periodAmount: textField().trim().optional(),
  periodUnit: textField().trim().optional(),
  originalPrice: price(LISTING_MESSAGES.originalPrice, t),
  resalePrice: price(LISTING_MESSAGES.resalePrice, t),
  make: text(LISTING_MESSAGES.make, LISTING_TEXT_MAX.make),
  model: text(LISTING_MESSAGES.model, LISTING_TEXT_MAX.model),
  year: carYear(t),
  mileage,
  mileageUnit: z.enum(MILEAGE_UNITS, { error: msg("Choose km or mi") }).default("km"),
  // FUELS and TRANSMISSIONS, written out so each message is a key.
  fuel: z
    .enum(FUELS, { error: msg("Choose one of: Petrol, Diesel, Hybrid, Electric, LPG") })
    .optional(),
  transmission: z
    .enum(TRANSMISSIONS, { error: msg("Choose one of: Automatic, Manual") })
    .optional(),
  colour: optionalText(LISTING_TEXT_MAX.colour),
});

type RawListing = {
  photos?: unknown[];
  photoOrder?: string[];
  yearsUsed?: YearsUsed;
  periodAmount?: string;
  periodUnit?: string;
};

type RangeChoice = typeof LESS_THAN_A_YEAR | typeof MORE_THAN_TEN_YEARS;

/** What to choose when the unit is not one PERIOD_UNITS_FOR offers. */
const CHOOSE_UNIT: Record<RangeChoice, string> = {
  [LESS_THAN_A_YEAR]: msg("Choose Years, Months, Days"),
  [MORE_THAN_TEN_YEARS]: msg("Choose Years"),
};

/** An exact period outside PERIOD_LIMITS, per range choice and unit. */
const PERIOD_RANGE_MESSAGE: Record<RangeChoice, Partial<Record<PeriodUnit, string>>> = {
  [LESS_THAN_A_YEAR]: {
    days: msg("Less than a year means 1 to 365 days"),
    months: msg("Less than a year means 1 to 12 months"),
    years: msg("Less than a year in years can only be 1"),
  },
  [MORE_THAN_TEN_YEARS]: { years: msg("More than 10 years means 11 to 100 years") },
};

/** The rules that span fields: the photo list and the exact period of the range choices. */
function checkAcrossFields(value: RawListing, ctx: z.RefinementCtx, t: Translate) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });

  const files = chosenFiles(value.photos);
  const slots = resolvePhotoOrder(value.photoOrder ?? [], files.length);
  if (!slots) issue("photos", LISTING_MESSAGES.photoList);
  else if (slots.length === 0) issue("photos", LISTING_MESSAGES.image);
  else if (slots.length > LISTING_PHOTO_MAX_COUNT) issue("photos", LISTING_MESSAGES.tooManyPhotos);
  for (const file of files) {
    const problem = photoFileProblem(file, t);
    if (problem) issue("photos", problem);
  }

  const choice = value.yearsUsed;
  if (choice !== LESS_THAN_A_YEAR && choice !== MORE_THAN_TEN_YEARS) return;
  const unit = value.periodUnit ?? "";
  const units = PERIOD_UNITS_FOR[choice];
  const unitOk = (units as readonly string[]).includes(unit);
  if (!unit) issue("periodUnit", LISTING_MESSAGES.conditional);
  else if (!unitOk) issue("periodUnit", CHOOSE_UNIT[choice]);

  const amount = value.periodAmount ?? "";
  if (!amount) return issue("periodAmount", LISTING_MESSAGES.conditional);
  if (!/^\d{1,4}$/.test(amount)) return issue("periodAmount", msg("Type a whole number, like 6"));
  const limits = unitOk ? PERIOD_LIMITS[choice][unit as PeriodUnit] : undefined;
  const number = Number(amount);
  if (limits && (number < limits.min || number > limits.max)) {
    issue("periodAmount", PERIOD_RANGE_MESSAGE[choice][unit as PeriodUnit]!);
  } else if (number < 1) {
    issue("periodAmount", msg("Type a whole number, like 6"));
  }
}

const UNIT_LABEL: Record<PeriodUnit, string> = {
  years: msg("Years"),
  months: msg("Months"),
  days: msg("Days"),
};

/** What the exact-period select calls a unit, in the reader's words. */
export function unitLabel(unit: PeriodUnit, t: Translate = english): string {
  return t(UNIT_LABEL[unit]);
}

// Refinements run even when another field is wrong, so every message shows at once.
const always = { when: () => true };

function buildListingSchemas(t: Translate) {
  const fields = listingFields(t);
  const check = (value: RawListing, ctx: z.RefinementCtx) => checkAcrossFields(value, ctx, t);
  return {
    /** Sell A Car (spec §2 "Sell and edit forms", §5). */
    sellCarSchema: z.object(fields).superRefine(check, always),
    /** The edit form: the same fields plus quality. */
    editListingSchema: z
      .object({ ...fields, quality: z.enum(QUALITIES, { error: LISTING_MESSAGES.quality }) })
      .superRefine(check, always),
  };
}

const schemasByTranslator = new WeakMap<Translate, ReturnType<typeof buildListingSchemas>>();

/**
 * The sell and edit forms' schemas for a reader (`t` from useT() or translatorFor(context)):
 * the messages made from what was sent (a typed price, a photo's name, this year's range)
 * are not keys, so `t(error)` could not turn them; these come in the reader's words. The
 * others stay keys, shown as `t(error)` like every schema's. Kept per translator.
 */
export function listingSchemas(t: Translate) {
  let schemas = schemasByTranslator.get(t);
  if (!schemas) schemasByTranslator.set(t, (schemas = buildListingSchemas(t)));
  return schemas;
}

/** The English schemas: a page shows their errors as `t(error)`. */
export const { sellCarSchema, editListingSchema } = listingSchemas(english);

export type SellCarValue = z.output<typeof sellCarSchema>;
export type EditListingValue = z.output<typeof editListingSchema>;

/** Whether a request's declared body is over what the sell and edit forms accept. */
export function declaredTooLarge(contentLength: string | null): boolean {
  return Number(contentLength ?? 0) > LISTING_BODY_MAX_BYTES;
}
