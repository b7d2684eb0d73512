// A small in-process cache for data that almost never changes (categories, site
// settings), so busy public pages skip those queries. Entries belong to one
// database handle and live a few seconds; nothing personal is ever cached here.
type Entry = { expires: number; value: Promise<unknown> };

/**
 * What `load()` gives, as one promise. A query builder is only a thenable that runs its
 * query each time it is awaited: kept as it is, every hit would run it again.
 */
const started = <T>(load: () => PromiseLike<T>): Promise<T> => Promise.resolve(load());

const caches = new WeakMap<object, Map<string, Entry>>();

export function cached<T>(
  owner: object,
  key: string,
  ttlMs: number,
  load: () => PromiseLike<T>,
): Promise<T> {
  let entries = caches.get(owner);
  if (!entries) {
    entries = new Map();
    caches.set(owner, entries);
  }
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = started(load);
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
  shared.get(owner)?.entries.clear();
}

// Shared data: what visitors' pages show (a list of cars, a car's details), the same
// for everyone, kept for the requests the page cache cannot answer whole (signed-in
// people's pages). Correct at once only because this process hears every change: it is
// on only while the page-change feed is connected (server/change-feed.ts turns it on
// and off), and every change empties it through invalidateAll. `ttlMs` bounds what the
// clock alone changes (freshness windows, the day's rotation), as for stored pages.
export type Sharing = { ttlMs: number; maxEntries: number };
type SharedState = Sharing & { entries: Map<string, Entry> };

const shared = new WeakMap<object, SharedState>();

/** Turns shared data for `owner` on (while every change reaches this process) or off. */
export function shareWhileWatched(owner: object, sharing: Sharing | null): void {
  if (!sharing) {
    shared.delete(owner);
    return;
  }
  const state = shared.get(owner);
  if (state) Object.assign(state, sharing);
  else shared.set(owner, { ...sharing, entries: new Map() });
}

/** How long shared data for `owner` may live, or null while sharing is off. */
export function sharingTtl(owner: object): number | null {
  return shared.get(owner)?.ttlMs ?? null;
}

/**
 * `load()`'s value, shared between requests while sharing is on for `owner` (one load
 * for concurrent callers; least recently used entries go beyond `maxEntries`), or a
 * fresh `load()` when it is off. Callers must not change the value they get.
 */
export function cachedShared<T>(
  owner: object,
  key: string,
  load: () => PromiseLike<T>,
): Promise<T> {
  const state = shared.get(owner);
  if (!state) return started(load);
  const now = Date.now();
  const hit = state.entries.get(key);
  state.entries.delete(key);
  if (hit && hit.expires > now) {
    state.entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = started(load);
  const entry = { expires: now + state.ttlMs, value };
  state.entries.set(key, entry);
  if (state.entries.size > state.maxEntries) {
    state.entries.delete(state.entries.keys().next().value!);
  }
  // A failed load is not kept.
  value.catch(() => {
    if (state.entries.get(key) === entry) state.entries.delete(key);
  });
  return value;
}
