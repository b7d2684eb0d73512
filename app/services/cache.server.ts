// A small in-process cache for data that almost never changes (categories, site
// settings), so busy public pages skip those queries. Entries belong to one
// database handle and live a few seconds; nothing personal is ever cached here.
type Entry = { expires: number; value: Promise<unknown> };

const caches = new WeakMap<object, Map<string, Entry>>();

export function cached<T>(
  owner: object,
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
): Promise<T> {
  let entries = caches.get(owner);
  if (!entries) {
    entries = new Map();
    caches.set(owner, entries);
  }
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  // A failed load is not kept.
  value.catch(() => entries.delete(key));
  return value;
}

/** Forgets `key` for `owner` (call after changing what it caches). */
export function invalidate(owner: object, key: string): void {
  caches.get(owner)?.delete(key);
}

/** Forgets everything cached for `owner` (another process may have changed it). */
export function invalidateAll(owner: object): void {
  caches.get(owner)?.clear();
}
