// Category vocabulary shared by client and server.
import type { Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";

/**
 * The spec's categories: the defaults a new site starts with (ensureCategories). Stored
 * in English like every admin's name; marked so a page may show these four translated.
 */
export const CATEGORY_NAMES = ["Sedan", "Off Road", "Muscle", "SUV"] as const;

/** URL form of a category name: "Off Road" → "off-road", "Coupé" → "coupe". */
export function categorySlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "1 car", "1,204 cars", in the reader's words. */
export const carsLabel = (n: number, t: Translate = english) =>
  t("{count, plural, one {# car} other {# cars}}", { count: n });
