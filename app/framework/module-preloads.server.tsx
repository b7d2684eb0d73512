// The page's JavaScript modules, asked for first and at low priority.
//
// React Router's <Scripts> preloads the page's modules with `<link rel="modulepreload">`
// at the browser's default priority for scripts (high), so on a slow connection the
// hydration code (over 100 kB) shares the first round trips with the page's photo and
// its font, although nothing on the page waits for it: the page is complete HTML and
// module scripts never block rendering. <Scripts> takes no option for the priority, so
// the server render asks for the same files first at low priority, as React DOM does for
// its own bootstrap modules; the browser fetches each module once, so <Scripts>' links
// add no request. Only the first load needs it: on client navigations React Router
// loads the next page's modules itself.
//
// Which modules: those <Scripts> preloads (react-router lib/dom/ssr/components.tsx,
// Scripts and getModuleLinkHrefs), read from the EntryContext React Router hands to
// entry.server.tsx. The context is public; the layout of its `manifest` (entry module
// and imports, each route's module, split client modules and imports) is not
// documented, so tests/e2e/public-pages.test.ts and tests/e2e/selling.test.ts check
// that these links name exactly the modules <Scripts> preloads.
import type { ReactNode } from "react";
import { preloadModule } from "react-dom";
import type { EntryContext } from "react-router";

/** Every module <Scripts> preloads for the page `context` renders, in its order. */
export function scriptModules(context: EntryContext): string[] {
  const { manifest, routeDiscovery, staticHandlerContext } = context;
  // With route discovery "initial", <Scripts> also preloads the whole route manifest.
  const hrefs = new Set(routeDiscovery.mode === "initial" ? [manifest.url] : []);
  hrefs.add(manifest.entry.module);
  for (const href of manifest.entry.imports) hrefs.add(href);
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    for (const href of [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ]) {
      if (href) hrefs.add(href);
    }
  }
  return [...hrefs];
}

/**
 * Wraps <ServerRouter>: asks for the page's modules at low priority, then renders it.
 * A wrapper, not a sibling, so the tree (and React's useId values) stays the one the
 * browser hydrates.
 */
export function LowPriorityModules({
  context,
  nonce,
  children,
}: {
  context: EntryContext;
  nonce?: string;
  children: ReactNode;
}) {
  // React DOM 19.2+ passes `fetchPriority` on; @types/react-dom does not list it yet
  // (hence the variable: no excess-property check).
  const options = { as: "script", nonce, fetchPriority: "low" } as const;
  for (const href of scriptModules(context)) preloadModule(href, options);
  return children;
}
