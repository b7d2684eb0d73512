/** Whether the page is being hydrated right now (see react-dom-client.ts). */
export let hydrating = false;

export function duringHydration(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}
