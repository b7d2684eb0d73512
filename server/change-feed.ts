// What a change in the database empties in this process: visitors' stored pages, the
// shared data behind signed-in pages, the small data caches, and remembered sessions; and
// which open conversation pages hear that their conversation changed.
// The one place that wires Database.watchPages to them (the integration tests' page
// cache harness uses it too).
import type { PageChange } from "#app/db/client.server.ts";
import { invalidateAll, shareWhileWatched, type Sharing } from "#app/services/cache.server.ts";
import { conversationChanged } from "#app/services/conversation-events.server.ts";
import { forgetSessions } from "#app/services/session.server.ts";

type Pages = { flush(): void; setEnabled(enabled: boolean): void };

export type ChangeFeed = {
  /**
   * The handler for Database.watchPages. Shared data starts off: call it with
   * `{ table: null, connected: true }` once the listener is up.
   */
  onChange(change: PageChange): void;
  /** This process answered a write: empty everything now (PostgreSQL's notification may come a moment later). */
  ownWrite(): void;
};

/**
 * `sharing` null keeps shared data and remembered sessions off (development, tests,
 * PAGE_CACHE_MB=0): only the page cache and the small data caches follow changes.
 */
export function createChangeFeed(options: {
  owner: object;
  pages: Pages;
  sharing: Sharing | null;
}): ChangeFeed {
  const { owner, pages, sharing } = options;
  const emptyAll = () => {
    invalidateAll(owner);
    forgetSessions(owner);
    pages.flush();
  };
  return {
    onChange(change) {
      if (change.table === null) {
        // While the link is down nothing can be trusted: every cache is off.
        shareWhileWatched(owner, change.connected ? sharing : null);
        invalidateAll(owner);
        forgetSessions(owner);
        pages.setEnabled(change.connected);
      } else if (change.table === "conversation") {
        // Only the conversation's open pages care (they fetch their data again).
        if (change.orderId !== undefined) conversationChanged(owner, change.orderId);
      } else if (change.table === "session") {
        forgetSessions(owner, change.userId);
      } else if (change.table === "user") {
        emptyAll();
      } else {
        invalidateAll(owner);
        pages.flush();
      }
    },
    ownWrite: emptyAll,
  };
}
