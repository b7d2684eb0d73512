// The photo picker's list as data: the saved photos the edit form passes in, the
// items of the list (a saved photo, or a newly chosen file with its preview URL, each
// with a key that stays with it while the list is reordered), and the list a picker
// starts with: the saved photos, in the order of the last attempt when it came back
// with errors.
import { photoToken } from "#app/models/listing-form.ts";

export type SavedPhoto = { id: number; url: string; width: number; height: number };

export type Item =
  | { key: string; kind: "existing"; id: number; url: string }
  | { key: string; kind: "new"; file: File; url: string };

export function initialItems(saved: SavedPhoto[], order: string[] | undefined): Item[] {
  const byToken = new Map(saved.map((photo) => [photoToken.existing(photo.id), photo]));
  const kept = order
    ? order.flatMap((token) => {
        const photo = byToken.get(token);
        return photo ? [photo] : [];
      })
    : saved;
  return kept.map((photo) => ({
    key: `e${photo.id}`,
    kind: "existing",
    id: photo.id,
    url: photo.url,
  }));
}
