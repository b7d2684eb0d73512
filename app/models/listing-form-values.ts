// What the sell and edit forms send, read: the order of the listing's photos (the photo
// picker's tokens), the files of a submission, and the listing columns of a valid form.
// Apart from listing-form.ts, which re-exports them, so each file reads in one sitting;
// no words here.
import {
  LESS_THAN_A_YEAR,
  MORE_THAN_TEN_YEARS,
  type PeriodUnit,
} from "#app/models/listing-choices.ts";
import type { SellCarValue } from "#app/models/listing-form.ts";
import { toKilometres } from "#app/models/listing.ts";

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
 * The files of a submission (one value or many): an input with no file chosen
 * sends a nameless empty one, which is not a file.
 */
export function chosenFiles(values: unknown): File[] {
  const list: unknown[] = Array.isArray(values) ? values : values === undefined ? [] : [values];
  return list.filter(
    (value): value is File => value instanceof File && !(value.name === "" && value.size === 0),
  );
}

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
