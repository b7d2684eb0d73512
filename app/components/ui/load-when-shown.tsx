import { lazy, Suspense, type ComponentType } from "react";

/** The server's loads (see below): the server awaits them before it answers. */
const serverLoads: Promise<unknown>[] = [];

/**
 * A component whose code the browser downloads only when a page shows it, so a page
 * that does not (a visitor's view, a page that was found) does not load it.
 *
 * The server loads every such component when it starts (`allShownLoaded`) and renders
 * it at once: a component that suspended on the server would be sent hidden and
 * revealed by a script, which a browser without JavaScript never runs. In the browser
 * it is React.lazy, inside the same <Suspense>: the browser keeps the server's HTML
 * while the code arrives and then hydrates it in place; after a client navigation the
 * spot stays empty for the moment the code takes to arrive.
 */
export function loadWhenShown<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let Component: ComponentType<Props>;
  if (import.meta.env.SSR) {
    let loaded: ComponentType<Props> | undefined;
    const pending = load().then((component) => {
      loaded = component;
    });
    serverLoads.push(pending);
    Component = function Loaded(props: Props) {
      if (!loaded) throw pending;
      const Inner = loaded;
      return <Inner {...props} />;
    };
  } else {
    Component = lazy(() => load().then((loaded) => ({ default: loaded })));
  }
  function Shown(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Shown;
}

/** Resolves once the server has loaded every component made with loadWhenShown. */
export async function allShownLoaded(): Promise<void> {
  await Promise.all(serverLoads);
}
