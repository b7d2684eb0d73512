// Who is watching which conversation in this process (issue 27): the open conversation
// pages' event streams. The change feed (server/change-feed.ts) tells this module when a
// conversation changed, on any node (migration 0024's `conversation:<id>` notifications);
// each watcher is called and fetches the page's data again.
type Watcher = () => void;

/** Watchers by owner (the process's database handle) and request id. */
const watchers = new WeakMap<object, Map<number, Set<Watcher>>>();

/** Calls `watcher` whenever conversation `orderId` changes; returns a function that stops it. */
export function watchConversation(owner: object, orderId: number, watcher: Watcher): () => void {
  let byOrder = watchers.get(owner);
  if (!byOrder) {
    byOrder = new Map();
    watchers.set(owner, byOrder);
  }
  let set = byOrder.get(orderId);
  if (!set) {
    set = new Set();
    byOrder.set(orderId, set);
  }
  set.add(watcher);
  return () => {
    set.delete(watcher);
    if (set.size === 0) byOrder.delete(orderId);
  };
}

/** Conversation `orderId` changed: tell its watchers in this process. */
export function conversationChanged(owner: object, orderId: number): void {
  for (const watcher of watchers.get(owner)?.get(orderId) ?? []) watcher();
}

/** How many event streams are open in this process (for tests and metrics). */
export function watcherCount(owner: object): number {
  let total = 0;
  for (const set of watchers.get(owner)?.values() ?? []) total += set.size;
  return total;
}
