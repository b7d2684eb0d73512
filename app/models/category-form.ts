// The forms of /dashboard/categories (decision 019): one schema per form, used by the
// page in the browser and by the action. Apart from category.ts, which public pages
// import, so that zod reaches only the admin page. The database checks the same limits.
import { z } from "zod";

import { PHOTO_MAX_BYTES } from "#app/models/account.ts";
import { carsLabel, categorySlug } from "#app/models/category.ts";
import { parseId } from "#app/models/id.ts";
import { filledText } from "#app/models/text-field.ts";

export const CATEGORY_NAME_MAX = 40;

export const CATEGORY_MESSAGES = {
  name: "Category name is required",
  nameTooLong: `Use at most ${CATEGORY_NAME_MAX} characters`,
  nameWithoutAddress:
    "Use at least one letter from A to Z or a digit: the category's address is made from them",
  photo: "Choose a photo for the category",
  photoTooLarge: "The photo is larger than 5 MB; choose a smaller one",
  missing: "This category no longer exists. The list has been reloaded.",
  target: "Choose the category its cars move to",
  unknownIntent: "That button is not known here. Reload the page and try again.",
} as const;

/** A record id in a hidden field; anything else is a form that was tampered with. */
const id = z.string({ error: CATEGORY_MESSAGES.missing }).transform((value, context) => {
  const parsed = parseId(value);
  if (parsed === null) {
    context.addIssue({ code: "custom", message: CATEGORY_MESSAGES.missing });
    return z.NEVER;
  }
  return parsed;
});

const name = filledText(CATEGORY_MESSAGES.name)
  .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong)
  .refine((value) => categorySlug(value) !== "", CATEGORY_MESSAGES.nameWithoutAddress);

/** An uploaded photo, or null when none was chosen (the file input sends an empty file). */
const optionalPhoto = z
  .instanceof(File)
  .optional()
  .transform((file) => (file && file.size > 0 ? file : null))
  .refine((file) => !file || file.size <= PHOTO_MAX_BYTES, CATEGORY_MESSAGES.photoTooLarge);

/** A checkbox: sent as "on" when ticked, absent when not. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value !== undefined);

export const addCategorySchema = z.object({
  name,
  photo: optionalPhoto.refine((file) => file !== null, CATEGORY_MESSAGES.photo),
});

export const editCategorySchema = z.object({
  id,
  name,
  photo: optionalPhoto,
  /** Ticked: the address follows the new name, and the old one answers 301. */
  changeAddress: ticked,
});

/** Up, down, hide, show: a button and the category's id. */
export const categoryIdSchema = z.object({ id });

export const MOVE_DIRECTIONS = ["up", "down"] as const;
export const moveCategorySchema = z.object({ id, direction: z.enum(MOVE_DIRECTIONS) });

/**
 * Delete: `cars` is how many cars the confirm named; with cars, `moveTo` is where they
 * go. Fewer or more cars by the time it runs: nothing is done (a conflict).
 */
export const deleteCategorySchema = z.object({
  id,
  cars: z
    .string()
    .regex(/^\d{1,9}$/, CATEGORY_MESSAGES.missing)
    .transform(Number),
  moveTo: z
    .string()
    .optional()
    .transform((value) => (value ? parseId(value) : null)),
});

export type AddCategoryValue = z.output<typeof addCategorySchema>;
export type EditCategoryValue = z.output<typeof editCategorySchema>;
export type DeleteCategoryValue = z.output<typeof deleteCategorySchema>;

/** Why the model refused a change (category-admin.server.ts), in words for the admin. */
export type CategoryRefusalReason =
  | { reason: "missing" }
  | { reason: "name taken"; other: string }
  | { reason: "address taken"; slug: string; other: string; old: boolean }
  | { reason: "photo"; message: string }
  | { reason: "last visible" }
  | { reason: "target missing" }
  | { reason: "cars changed"; name: string; expected: number; actual: number };

export function categoryRefusalMessage(refusal: CategoryRefusalReason): string {
  switch (refusal.reason) {
    case "missing":
      return CATEGORY_MESSAGES.missing;
    case "name taken":
      return `There is already a category called ${refusal.other}`;
    case "address taken":
      return refusal.old
        ? `/products/${refusal.slug} was an address of ${refusal.other} and still leads there; choose another name`
        : `${refusal.other} already has the address /products/${refusal.slug}; choose another name`;
    case "photo":
      return refusal.message;
    case "last visible":
      return "Visitors need at least one category: show or add another one first.";
    case "target missing":
      return CATEGORY_MESSAGES.target;
    case "cars changed":
      if (refusal.expected === 0) {
        return `Nothing was deleted: ${refusal.name} has ${carsLabel(refusal.actual)} now. Move them to another category to delete it.`;
      }
      return `Nothing was changed: ${refusal.name} has ${carsLabel(refusal.actual)} now, not the ${carsLabel(refusal.expected)} you confirmed. Look at the list again.`;
  }
}
