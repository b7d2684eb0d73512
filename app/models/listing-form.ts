// The sell and edit forms: one Zod schema per form, used by the browser for
// instant feedback and by the server as the authority (STYLE 3). The required
// messages are spec §5's, word for word; the rest say what to do.
import { z } from "zod";

import {
  LESS_THAN_A_YEAR,
  MILEAGE_UNITS,
  MORE_THAN_TEN_YEARS,
  PERIOD_UNITS_FOR,
  YEARS_USED_VALUES,
} from "#app/models/listing-choices.ts";
import { FUELS, QUALITIES, toKilometres, TRANSMISSIONS } from "#app/models/listing.ts";
import { type PeriodUnit, type YearsUsed } from "./listing-choices.ts";
import { filledText, textField } from "#app/models/text-field.ts";
import type { TextKind } from "#app/models/text.ts";

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

/** What a seller reads who sends more photos than the site allows. */
export function tooManyPhotosFor(limit: number): string {
  return `Choose at most ${limit} ${limit === 1 ? "photo" : "photos"}`;
}

export const LISTING_MESSAGES = {
  carName: "car name is required",
  category: "Category is required",
  image: "image is required",
  details: "Details is required",
  location: "Location is required",
  originalPrice: "Original Price is required",
  resalePrice: "Resale Price is required",
  conditional: "This field is required",
  yearsUsed: "Years used is required",
  make: "Make is required",
  model: "Model is required",
  year: "Year is required",
  mileage: "Mileage is required",
  quality: "Quality is required",
  tooManyPhotos: tooManyPhotosFor(LISTING_PHOTO_MAX_COUNT),
  photoList: "The list of photos could not be read. Please reload the page and try again.",
  photosTooLarge: `These photos are too large together. Send at most ${LISTING_PHOTO_MAX_COUNT} photos of up to ${LISTING_PHOTO_MAX_MB} MB each.`,
} as const;

const tooLong = (max: number) => `Use at most ${max.toLocaleString("en-US")} characters`;

function text(required: string, max: number, kind: TextKind = "single-line") {
  return filledText(required, { kind }).max(max, tooLong(max));
}

function optionalText(max: number) {
  return textField().trim().max(max, tooLong(max)).optional();
}

const CURRENCY = /[$€£¥₹₩₽¢]|\b(?:usd|us\$|eur|gbp|dollars?)\b/i;

/**
 * What is wrong with a typed price, or null when it is a whole amount (of the site's currency).
 * Nothing is silently changed: "$12,500" gets a message, not 12500.
 */
export function priceProblem(typed: string): string | null {
  const value = typed.trim();
  if (/^\d+$/.test(value)) {
    return Number(value) > PRICE_MAX_DOLLARS
      ? `Type an amount up to ${PRICE_MAX_DOLLARS.toLocaleString("en-US")}`
      : null;
  }
  const digits = value.replace(/[^\d.,]/g, "");
  const plain = /^\d{1,3}(?:[,.\s]\d{3})+$/.test(digits) ? digits.replace(/\D/g, "") : null;
  const example = plain ?? "12500";
  if (CURRENCY.test(value)) {
    return `Type the amount without $ or another currency sign, digits only: for example ${example}`;
  }
  if (value.startsWith("-")) return "The price cannot be negative";
  if (/^\d{1,3}(?:[,.\s]\d{3})+$/.test(value)) {
    return `Type the amount without commas, dots or spaces: for example ${example}`;
  }
  if (/^\d+[.,]\d{1,2}$/.test(value)) return "Type a whole amount, without cents";
  return "Type the amount as a whole number, for example 12500";
}

/** A price typed in whole dollars, stored in cents (DESIGN decision 5). */
function price(required: string) {
  return filledText(required).transform((value, ctx) => {
    const problem = priceProblem(value);
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

const carYear = filledText(LISTING_MESSAGES.year).transform((value, ctx) => {
  const last = lastCarYear();
  const range = `Type the year the car was made, from ${FIRST_CAR_YEAR} to ${last}`;
  return wholeNumber(value, ctx, { min: FIRST_CAR_YEAR, max: last, invalid: range, range });
});

const mileage = filledText(LISTING_MESSAGES.mileage).transform((value, ctx) =>
  wholeNumber(value, ctx, {
    min: 0,
    max: MILEAGE_MAX,
    invalid: "Type the mileage as a whole number, without commas or units: for example 45000",
    range: `Type a mileage up to ${MILEAGE_MAX.toLocaleString("en-US")}`,
  }),
);

/** Marks a photo already saved with the listing ("e:<id>") or a newly chosen file ("n:<index>"). */
export const photoToken = {
  existing: (id: number) => `e:${id}`,
  added: (index: number) => `n:${index}`,
};

export type PhotoSlot = { kind: "existing"; id: number } | { kind: "new"; index: number };

/**
 * The order of the listing's photos. `order` lists tokens from the photo picker;
 * new files it does not mention follow in the order they were sent (so a form
 * without JavaScript works: no tokens when selling, a "keep" box per saved photo
 * when editing). Null when the list is malformed.
 */
export function resolvePhotoOrder(order: readonly string[], newCount: number): PhotoSlot[] | null {
  const slots: PhotoSlot[] = [];
  const seen = new Set<string>();
  for (const token of order) {
    const match = /^([en]):(\d{1,9})$/.exec(token);
    if (!match || seen.has(token)) return null;
    seen.add(token);
    const number = Number(match[2]);
    if (match[1] === "e") slots.push({ kind: "existing", id: number });
    else if (number < newCount) slots.push({ kind: "new", index: number });
    else return null;
  }
  for (let index = 0; index < newCount; index++) {
    if (!seen.has(photoToken.added(index))) slots.push({ kind: "new", index });
  }
  return slots;
}

/**
 * The site's photo limit (`photosPerCar`, at most LISTING_PHOTO_MAX_COUNT, which the
 * schema checks): a form adding photos may not go past it. A car saved with more,
 * before the operator lowered it, keeps them while it adds none.
 */
export function photoLimitProblem(
  value: { photos?: unknown[]; photoOrder?: string[] },
  limit: number,
): string | null {
  const added = chosenFiles(value.photos).length;
  if (added === 0) return null;
  const slots = resolvePhotoOrder(value.photoOrder ?? [], added);
  return slots && slots.length > limit ? tooManyPhotosFor(limit) : null;
}

/** A chosen file's name as people recognise it in a message. */
export function fileLabel(file: { name: string }): string {
  // eslint-disable-next-line no-control-regex -- names come from the browser; drop control characters
  const name = file.name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "This photo";
  return name.length > 60 ? `${name.slice(0, 57)}…` : name;
}

export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/** Checks a chosen file before it is sent: what a browser can tell without decoding it. */
export function photoFileProblem(file: File): string | null {
  if (file.size === 0) return `"${fileLabel(file)}" is empty (0 bytes). Choose another photo.`;
  if (file.size > LISTING_PHOTO_MAX_BYTES) {
    return `"${fileLabel(file)}" is ${megabytes(file.size)}; each photo can be at most ${LISTING_PHOTO_MAX_MB} MB.`;
  }
  return null;
}

/**
 * The files of a submission (one value or many): an input with no file chosen
 * sends a nameless empty one, which is not a file.
 */
export function chosenFiles(values: unknown): File[] {
  const list: unknown[] = Array.isArray(values) ? values : values === undefined ? [] : [values];
  return list.filter(
    (value): value is File => value instanceof File && !(value.name === "" && value.size === 0),
  );
}

const yearsUsed = z.enum(YEARS_USED_VALUES, { error: LISTING_MESSAGES.yearsUsed });

const listingFields = {
  carName: text(LISTING_MESSAGES.carName, LISTING_TEXT_MAX.carName),
  category: filledText(LISTING_MESSAGES.category).max(60, LISTING_MESSAGES.category),
  photos: z.array(z.unknown()).optional(),
  photoOrder: z.array(textField({ control: LISTING_MESSAGES.photoList })).optional(),
  details: text(LISTING_MESSAGES.details, LISTING_TEXT_MAX.details, "multi-line"),
  location: text(LISTING_MESSAGES.location, LISTING_TEXT_MAX.location),
  yearsUsed,
  periodAmount: textField().trim().optional(),
  periodUnit: textField().trim().optional(),
  originalPrice: price(LISTING_MESSAGES.originalPrice),
  resalePrice: price(LISTING_MESSAGES.resalePrice),
  make: text(LISTING_MESSAGES.make, LISTING_TEXT_MAX.make),
  model: text(LISTING_MESSAGES.model, LISTING_TEXT_MAX.model),
  year: carYear,
  mileage,
  mileageUnit: z.enum(MILEAGE_UNITS, { error: "Choose km or mi" }).default("km"),
  fuel: z.enum(FUELS, { error: `Choose one of: ${FUELS.join(", ")}` }).optional(),
  transmission: z
    .enum(TRANSMISSIONS, { error: `Choose one of: ${TRANSMISSIONS.join(", ")}` })
    .optional(),
  colour: optionalText(LISTING_TEXT_MAX.colour),
};

type RawListing = {
  photos?: unknown[];
  photoOrder?: string[];
  yearsUsed?: YearsUsed;
  periodAmount?: string;
  periodUnit?: string;
};

/** The rules that span fields: the photo list and the exact period of the range choices. */
function checkAcrossFields(value: RawListing, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });

  const files = chosenFiles(value.photos);
  const slots = resolvePhotoOrder(value.photoOrder ?? [], files.length);
  if (!slots) issue("photos", LISTING_MESSAGES.photoList);
  else if (slots.length === 0) issue("photos", LISTING_MESSAGES.image);
  else if (slots.length > LISTING_PHOTO_MAX_COUNT) issue("photos", LISTING_MESSAGES.tooManyPhotos);
  for (const file of files) {
    const problem = photoFileProblem(file);
    if (problem) issue("photos", problem);
  }

  const choice = value.yearsUsed;
  if (choice !== LESS_THAN_A_YEAR && choice !== MORE_THAN_TEN_YEARS) return;
  const unit = value.periodUnit ?? "";
  const units = PERIOD_UNITS_FOR[choice];
  const unitOk = (units as readonly string[]).includes(unit);
  if (!unit) issue("periodUnit", LISTING_MESSAGES.conditional);
  else if (!unitOk) issue("periodUnit", `Choose ${units.map(unitLabel).join(", ")}`);

  const amount = value.periodAmount ?? "";
  if (!amount) return issue("periodAmount", LISTING_MESSAGES.conditional);
  if (!/^\d{1,4}$/.test(amount)) return issue("periodAmount", "Type a whole number, like 6");
  const limits = unitOk ? PERIOD_LIMITS[choice][unit as PeriodUnit] : undefined;
  const number = Number(amount);
  if (limits && (number < limits.min || number > limits.max)) {
    issue("periodAmount", periodRangeMessage(choice, unit as PeriodUnit));
  } else if (number < 1) {
    issue("periodAmount", "Type a whole number, like 6");
  }
}

function periodRangeMessage(
  choice: typeof LESS_THAN_A_YEAR | typeof MORE_THAN_TEN_YEARS,
  unit: PeriodUnit,
): string {
  const limits = PERIOD_LIMITS[choice][unit]!;
  if (choice === MORE_THAN_TEN_YEARS) {
    return `More than 10 years means ${limits.min} to ${limits.max} years`;
  }
  return limits.min === limits.max
    ? `Less than a year in ${unit} can only be ${limits.min}`
    : `Less than a year means ${limits.min} to ${limits.max} ${unit}`;
}

export function unitLabel(unit: PeriodUnit): string {
  return unit[0]!.toUpperCase() + unit.slice(1);
}

// Refinements run even when another field is wrong, so every message shows at once.
const always = { when: () => true };

/** Sell A Car (spec §2 "Sell and edit forms", §5). */
export const sellCarSchema = z.object(listingFields).superRefine(checkAcrossFields, always);

/** The edit form: the same fields plus quality. */
export const editListingSchema = z
  .object({
    ...listingFields,
    quality: z.enum(QUALITIES, { error: LISTING_MESSAGES.quality }),
  })
  .superRefine(checkAcrossFields, always);

export type SellCarValue = z.output<typeof sellCarSchema>;
export type EditListingValue = z.output<typeof editListingSchema>;

/** The listing columns a valid form sets (seller, status and photos are not among them). */
export function listingColumns(value: SellCarValue) {
  const range = value.yearsUsed === LESS_THAN_A_YEAR || value.yearsUsed === MORE_THAN_TEN_YEARS;
  return {
    title: value.carName,
    description: value.details,
    location: value.location,
    yearsUsed: value.yearsUsed,
    periodAmount: range ? Number(value.periodAmount) : null,
    periodUnit: range ? (value.periodUnit as PeriodUnit) : null,
    originalPrice: value.originalPrice,
    resalePrice: value.resalePrice,
    make: value.make,
    model: value.model,
    year: value.year,
    mileageKm: toKilometres(value.mileage, value.mileageUnit),
    mileageUnit: value.mileageUnit,
    fuel: value.fuel ?? null,
    transmission: value.transmission ?? null,
    colour: value.colour || null,
  };
}

/** Whether a request's declared body is over what the sell and edit forms accept. */
export function declaredTooLarge(contentLength: string | null): boolean {
  return Number(contentLength ?? 0) > LISTING_BODY_MAX_BYTES;
}
