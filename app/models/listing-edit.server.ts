// Publishing and editing a listing from the sell and edit forms. Photos are
// checked and stored before the transaction opens; the listing and its photo
// rows are written in one transaction; files no row uses any more are removed
// after the commit, and files stored for a save that failed are removed at once.
import { and, asc, eq, inArray, or } from "drizzle-orm";

import type { Db } from "#app/db/client.server.ts";
import { msg, type Translate } from "#app/i18n/translator.ts";
import { photoRows, type PhotoFiles } from "#app/db/rows.ts";
import { listing, listingPhoto, usedFormToken } from "#app/db/schema.ts";
import { getCategoryBySlug, lockCategoryForCar } from "#app/models/category.server.ts";
import { FORM_TOKEN_MESSAGES } from "#app/models/form-token.ts";
import {
  chosenFiles,
  LISTING_MESSAGES,
  listingColumns,
  resolvePhotoOrder,
  type EditListingValue,
  type PhotoSlot,
  type SellCarValue,
} from "#app/models/listing-form.ts";
import { photoFileColumns } from "#app/models/listing-rows.server.ts";
import type { Problem } from "#app/models/problem.ts";
import {
  listingPhotoKeys,
  storeListingPhoto,
  type StoredListingPhoto,
} from "#app/services/images.server.ts";
import { storeUploads } from "#app/services/photo-uploads.server.ts";
import {
  consumeFormToken,
  recordFormResult,
  releaseFormToken,
  type FormToken,
} from "#app/services/form-token.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { english } from "#app/services/words.server.ts";
import {
  removeStoredFiles,
  StorageUnavailableError,
  type Storage,
} from "#app/services/storage.server.ts";

type Services = { db: Db; storage: Storage };
type Owner = { id: string };

export type SaveOutcome =
  | { ok: true; id: number }
  | ({
      ok: false;
      fieldErrors?: Record<string, string[]>;
      formError?: string;
    } & Problem<"invalid" | "forbidden" | "not-found" | "failed">);

// The answers are in the words of the save's `t` (the seller's request's language).
export const SAVE_FAILED = msg(
  "Your car could not be saved because of a problem on our side. Please try again.",
);
export const PHOTOS_UNAVAILABLE = msg(
  "Your photos could not be saved right now. Please try again in a minute.",
);
const UNKNOWN_CATEGORY = msg("Choose one of the categories in the list");
const unknownCategory = (t: Translate): SaveOutcome => ({
  ok: false,
  code: "invalid",
  fieldErrors: { category: [t(UNKNOWN_CATEGORY)] },
});
const STALE_PHOTOS = msg(
  "Some of the photos changed in the meantime (perhaps in another tab). Reload the page and try again.",
);

const photoKeyColumns = photoFileColumns();

/**
 * Removes stored photo files that no listing photo refers to. Keys are content
 * addresses, so the same bytes uploaded for two cars share one file: a file is
 * only removed once no row uses it. (Left open: the same bytes uploaded by two
 * requests at once, one failing before the other commits. The failing one then
 * removes a file the other is about to use; both would need the identical file.)
 */
export async function removeUnreferencedPhotoFiles(
  db: Db,
  storage: Storage,
  keys: Iterable<string>,
): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const rows = await db
    .select(photoKeyColumns)
    .from(listingPhoto)
    .where(or(...Object.values(photoKeyColumns).map((column) => inArray(column, unique))));
  const used = new Set(rows.flatMap(listingPhotoKeys));
  await removeStoredFiles(
    storage,
    unique.filter((key) => !used.has(key)),
  );
}

/** Runs a save; on any failure removes the files it stored and answers with a message. */
async function saving(
  services: Services,
  files: File[],
  t: Translate,
  save: (stored: StoredListingPhoto[]) => Promise<SaveOutcome & { removedKeys?: string[] }>,
): Promise<SaveOutcome> {
  const keys: string[] = [];
  try {
    const stored = await storeUploads(files, t, (upload, inspected) =>
      storeListingPhoto(services.storage, upload, (key) => keys.push(key), inspected),
    );
    if (!stored.ok) {
      await removeUnreferencedPhotoFiles(services.db, services.storage, keys);
      return { ok: false, code: "invalid", fieldErrors: { photos: stored.errors } };
    }
    const outcome = await save(stored.photos);
    if (!outcome.ok) {
      await removeUnreferencedPhotoFiles(services.db, services.storage, keys);
      return outcome;
    }
    // After the commit: files of photos the seller removed or replaced.
    if (outcome.removedKeys?.length) {
      await removeUnreferencedPhotoFiles(services.db, services.storage, outcome.removedKeys);
    }
    return { ok: true, id: outcome.id };
  } catch (error) {
    // Photo storage that is down or full is not the seller's doing, and nothing was
    // saved: they may simply try again (an answer for the form, not a server error).
    const storageDown = error instanceof StorageUnavailableError;
    if (storageDown) logger.warn({ err: error }, "photo storage failed while saving a listing");
    else logger.error({ err: error }, "saving a listing failed");
    await removeUnreferencedPhotoFiles(services.db, services.storage, keys).catch(
      (cleanupError: unknown) =>
        logger.error({ err: cleanupError }, "could not clean up after a failed save"),
    );
    return storageDown
      ? { ok: false, code: "invalid", fieldErrors: { photos: [t(PHOTOS_UNAVAILABLE)] } }
      : { ok: false, code: "failed", formError: t(SAVE_FAILED) };
  }
}

function photosOf(value: SellCarValue) {
  const files = chosenFiles(value.photos);
  const slots = resolvePhotoOrder(value.photoOrder ?? [], files.length);
  return { files, slots };
}

const photoListError = (
  t: Translate,
  message: string = LISTING_MESSAGES.photoList,
): SaveOutcome => ({
  ok: false,
  code: "invalid",
  fieldErrors: { photos: [t(message)] },
});

/**
 * Publishes a car for `seller`. Seller fields come from the user row by join, never
 * the form. The form's one-time token is used in the listing's transaction: a repeat
 * of the same form creates nothing and answers with the first one's listing. A
 * refusal is in `t`'s words (the request's language).
 */
export async function publishListing(
  services: Services,
  seller: Owner,
  value: SellCarValue,
  token: FormToken,
  t: Translate = english,
): Promise<SaveOutcome> {
  // A repeat that comes after the first one finished: no photos to store.
  const earlier = await formResult(services.db, token);
  if (earlier !== null) return { ok: true, id: earlier };
  const chosen = await getCategoryBySlug(services.db, value.category);
  // A hidden category takes no new cars (decision 019).
  if (!chosen || chosen.hidden) return unknownCategory(t);
  const { files, slots } = photosOf(value);
  // A new car has no saved photos to refer to.
  if (!slots || slots.some((slot) => slot.kind === "existing")) return photoListError(t);
  return saving(services, files, t, (stored) =>
    services.db.transaction(async (tx): Promise<SaveOutcome & { removedKeys?: string[] }> => {
      // Hidden or deleted by an admin since it was read above: nothing is written.
      if (!(await lockCategoryForCar(tx, chosen.id, null))) return unknownCategory(t);
      const use = await consumeFormToken(tx, token, seller.id);
      if (!use.first) {
        // A concurrent repeat: the photos it stored are nobody's, removed after the commit.
        const removedKeys = stored.flatMap(listingPhotoKeys);
        return use.listingId === null
          ? { ok: false, code: "invalid", formError: t(FORM_TOKEN_MESSAGES.expired) }
          : { ok: true, id: use.listingId, removedKeys };
      }
      const [row] = await tx
        .insert(listing)
        .values({ ...listingColumns(value), sellerId: seller.id, categoryId: chosen.id })
        .returning({ id: listing.id });
      if (!row) throw new Error("the listing was not inserted");
      await tx.insert(listingPhoto).values(
        photoRows(
          row.id,
          slots.map((slot) => stored[(slot as { index: number }).index]!),
        ),
      );
      await recordFormResult(tx, token, row.id);
      return { ok: true, id: row.id };
    }),
  );
}

/** The listing a used token created, or null when the token is unused. */
async function formResult(db: Db, token: FormToken): Promise<number | null> {
  const [used] = await db
    .select({ listingId: usedFormToken.listingId })
    .from(usedFormToken)
    .where(eq(usedFormToken.nonce, token.nonce));
  return used?.listingId ?? null;
}

function sameOrder(slots: PhotoSlot[], current: { id: number }[]): boolean {
  return (
    slots.length === current.length &&
    slots.every((slot, i) => slot.kind === "existing" && slot.id === current[i]!.id)
  );
}

/**
 * Saves the edit form. The current photos stay as they are unless the seller
 * removed, added or reordered some (DESIGN decision 7). A refusal is in `t`'s words.
 */
export async function updateListing(
  services: Services,
  viewer: Owner,
  id: number,
  value: EditListingValue,
  token: FormToken,
  t: Translate = english,
): Promise<SaveOutcome> {
  // A repeat of a save that finished: nothing to store again.
  if ((await formResult(services.db, token)) !== null) return { ok: true, id };
  const chosen = await getCategoryBySlug(services.db, value.category);
  if (!chosen) return unknownCategory(t);
  const { files, slots } = photosOf(value);
  if (!slots) return photoListError(t);
  return saving(services, files, t, (stored) =>
    services.db.transaction(async (tx) => {
      // Locked before the car (as a move-and-delete locks the category, then its cars),
      // so that neither waits for the other in a circle. A car already in a hidden
      // category keeps it.
      if (!(await lockCategoryForCar(tx, chosen.id, id))) return unknownCategory(t);
      // Locked, so two saves of one car cannot interleave their photo lists.
      const [owner] = await tx
        .select({ sellerId: listing.sellerId })
        .from(listing)
        .where(eq(listing.id, id))
        .for("update");
      if (!owner) {
        return { ok: false, code: "not-found", formError: t("This car no longer exists.") };
      }
      if (owner.sellerId !== viewer.id) {
        return {
          ok: false,
          code: "forbidden",
          formError: t("This car belongs to another seller."),
        };
      }
      // A concurrent repeat of this form waited for the lock above and finds the first
      // one saved it; the photos the repeat stored are removed after the commit.
      if (!(await consumeFormToken(tx, token, viewer.id)).first) {
        return { ok: true, id, removedKeys: stored.flatMap(listingPhotoKeys) };
      }
      const current = await tx
        .select({
          id: listingPhoto.id,
          width: listingPhoto.width,
          height: listingPhoto.height,
          ...photoKeyColumns,
        })
        .from(listingPhoto)
        .where(eq(listingPhoto.listingId, id))
        .orderBy(asc(listingPhoto.position));
      const byId = new Map(current.map((photo) => [photo.id, photo]));
      if (slots.some((slot) => slot.kind === "existing" && !byId.has(slot.id))) {
        // The form may be sent again once corrected.
        await releaseFormToken(tx, token);
        return photoListError(t, STALE_PHOTOS);
      }
      await recordFormResult(tx, token, id);
      await tx
        .update(listing)
        .set({ ...listingColumns(value), quality: value.quality, categoryId: chosen.id })
        .where(and(eq(listing.id, id), eq(listing.sellerId, viewer.id)));
      if (sameOrder(slots, current)) return { ok: true, id };

      const rows: PhotoFiles[] = slots.map((slot) => {
        if (slot.kind === "new") return stored[slot.index]!;
        const { id: _id, ...kept } = byId.get(slot.id)!;
        return kept satisfies PhotoFiles;
      });
      await tx.delete(listingPhoto).where(eq(listingPhoto.listingId, id));
      await tx.insert(listingPhoto).values(photoRows(id, rows));
      const keptIds = new Set(slots.flatMap((slot) => (slot.kind === "existing" ? [slot.id] : [])));
      const removedKeys = current
        .filter((photo) => !keptIds.has(photo.id))
        .flatMap(listingPhotoKeys);
      return { ok: true, id, removedKeys };
    }),
  );
}
