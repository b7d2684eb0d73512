// The forms of /dashboard/categories (decision 019): one schema per form, used by the
// page in the browser and by the action. Apart from category.ts, which public pages
// import, so that zod reaches only the admin page. The database checks the same limits.
import { z } from "zod";

import { msg, type Translate } from "#app/i18n/translator.ts";
import { PHOTO_MAX_BYTES } from "#app/models/account.ts";
import { categorySlug } from "#app/models/category.ts";
import { english } from "#app/i18n/message-format.ts";
import { parseId } from "#app/models/id.ts";
import { filledText } from "#app/models/text-field.ts";

export const CATEGORY_NAME_MAX = 40;

export const CATEGORY_MESSAGES = {
  name: msg("Category name is required"),
  nameTooLong: msg(
    "Use at most 40 characters",
  ) satisfies `Use at most ${typeof CATEGORY_NAME_MAX} characters`,
  nameWithoutAddress: msg(
    "Use at least one letter from A to Z or a digit: the category's address is made from them",
  ),
  photo: msg("Choose a photo for the category"),
  photoTooLarge: msg("The photo is larger than 5 MB; choose a smaller one"),
  missing: msg("This category no longer exists. The list has been reloaded."),
  target: msg("Choose the category its cars move to"),
  unknownIntent: msg("That button is not known here. Reload the page and try again."),
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

/** The refusal in the reader's words (`t` from translatorFor(context)). */
export function categoryRefusalMessage(
  refusal: CategoryRefusalReason,
  t: Translate = english,
): string {
  switch (refusal.reason) {
    case "missing":
      return t(CATEGORY_MESSAGES.missing);
    case "name taken":
      return t("There is already a category called {name}", { name: refusal.other });
    case "address taken":
      return refusal.old
        ? t("{address} was an address of {name} and still leads there; choose another name", {
            address: `/products/${refusal.slug}`,
            name: refusal.other,
          })
        : t("{name} already has the address {address}; choose another name", {
            name: refusal.other,
            address: `/products/${refusal.slug}`,
          });
    case "photo":
      // Already in words (the image checks' message).
      return t(refusal.message);
    case "last visible":
      return t("Visitors need at least one category: show or add another one first.");
    case "target missing":
      return t(CATEGORY_MESSAGES.target);
    case "cars changed":
      if (refusal.expected === 0) {
        return t(
          "Nothing was deleted: {name} has {count, plural, one {# car} other {# cars}} now. Move them to another category to delete it.",
          { name: refusal.name, count: refusal.actual },
        );
      }
      return t(
        "Nothing was changed: {name} has {count, plural, one {# car} other {# cars}} now, not the {expected, plural, one {# car} other {# cars}} you confirmed. Look at the list again.",
        { name: refusal.name, count: refusal.actual, expected: refusal.expected },
      );
  }
}
