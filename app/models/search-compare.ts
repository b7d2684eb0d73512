// The comparison of up to four cars: ids in the URL (/compare?ids=3,8,12), shared
// by the compare page, the tray and the "Compare" buttons. Client-safe.
import { parseId } from "#app/models/id.ts";

export const COMPARE_MAX = 4;

/**
 * Ids from a comma-separated list. Keeps the first COMPARE_MAX distinct valid ids;
 * `invalid` holds pieces that are not ids and `extra` the valid ids past the limit.
 */
export function parseCompareIds(raw: string | null | undefined): {
  ids: number[];
  invalid: string[];
  extra: number[];
} {
  const ids: number[] = [];
  const invalid: string[] = [];
  const extra: number[] = [];
  // A hostile list is cut long before it is split.
  for (const piece of (raw ?? "").slice(0, 400).split(/[,\s]+/)) {
    if (piece === "") continue;
    const id = parseId(piece);
    if (id === null) {
      if (invalid.length < 5) invalid.push(piece.slice(0, 20));
    } else if (!ids.includes(id) && !extra.includes(id)) {
      if (ids.length < COMPARE_MAX) ids.push(id);
      else extra.push(id);
    }
  }
  return { ids, invalid, extra };
}

export function compareHref(ids: readonly number[]): string {
  return ids.length ? `/compare?ids=${ids.join(",")}` : "/compare";
}

/** The ids with `id` added (at the end) or removed; adding past COMPARE_MAX changes nothing. */
export function toggleCompareId(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return ids.filter((other) => other !== id);
  return ids.length >= COMPARE_MAX ? [...ids] : [...ids, id];
}
