/**
 * "react" in the production browser bundle: Preact's compatibility layer (decision
 * 016). The server renders with React; the browser hydrates that HTML with Preact,
 * which is about 11 kB of gzip instead of React DOM's 67 kB.
 */
import { useEffect, useLayoutEffect, useReducer, useRef } from "preact/hooks";

import { hydrating } from "./hydration.ts";

// @ts-expect-error -- preact/compat's types are one `export =` namespace; the module has named exports.
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React Router's RouterProvider asks for optimistic state on every render and only
 * sets it in its `useTransitions` mode, which Carlot does not turn on (React Router's
 * default browser entry renders <HydratedRouter> without it). Without that mode
 * the optimistic state is always the state passed in, which is what this returns.
 */
export function useOptimistic<State>(state: State): [State, (action: unknown) => void] {
  return [state, ignoreOptimisticUpdate];
}

function ignoreOptimisticUpdate() {}

type Store<Snapshot> = { value: Snapshot; getSnapshot: () => Snapshot };

/**
 * React's useSyncExternalStore: the server snapshot while the page is hydrated (the
 * HTML was rendered with it), the store's own afterwards and whenever it changes.
 * Preact's version decides "hydrating" per component and, after hydration, kept
 * rendering a component whose two snapshots differ with the server's, each render
 * asking for another (the page hung).
 */
export function useSyncExternalStore<Snapshot>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot?: () => Snapshot,
): Snapshot {
  const value = hydrating && getServerSnapshot ? getServerSnapshot() : getSnapshot();
  const latestRef = useRef<Store<Snapshot>>({ value, getSnapshot });
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  useLayoutEffect(() => {
    latestRef.current = { value, getSnapshot };
    if (changed(latestRef.current)) rerender(undefined);
  }, [subscribe, value, getSnapshot]);
  useEffect(() => {
    const check = () => {
      if (changed(latestRef.current)) rerender(undefined);
    };
    check();
    return subscribe(check);
  }, [subscribe]);
  return value;
}

function changed<Snapshot>(store: Store<Snapshot>): boolean {
  return !Object.is(store.value, store.getSnapshot());
}
