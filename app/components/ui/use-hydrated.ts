// Whether React runs in the browser yet: false in the server's HTML and while the
// page hydrates (so both render the same markup), true from then on. Components that
// enhance plain form fields render the plain fields until it turns true.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration; true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
