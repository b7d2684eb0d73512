import { useContext } from "react";
import { preloadModule } from "react-dom";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * The page's JavaScript modules, preloaded at low priority: render it before <Scripts>.
 *
 * React Router's <Scripts> preloads the same modules with `<link rel="modulepreload">`
 * at the browser's default priority for scripts (high), so on a slow connection the
 * hydration code (over 100 kB) shares the first round trips with the page's photo and
 * its font, although nothing on the page waits for it: the page is complete HTML and
 * module scripts never block rendering. These links come first in <head> and ask for
 * the same files at low priority, as React DOM does for its own bootstrap modules; the
 * browser fetches each module once, so <Scripts>' links add no request. Server render
 * only: on client navigations React Router loads the next page's modules itself.
 */
export const ScriptPreloads = import.meta.env.SSR ? LowPriorityModulePreloads : () => null;

function LowPriorityModulePreloads({ nonce }: { nonce?: string }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (!framework) return null;
  const { manifest } = framework;
  const hrefs = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    hrefs.add(route.module);
    for (const href of route.imports ?? []) hrefs.add(href);
  }
  // React DOM 19.2+ passes `fetchPriority` on; @types/react-dom does not list it yet
  // (hence the variable: no excess-property check).
  const options = { as: "script", nonce, fetchPriority: "low" } as const;
  for (const href of hrefs) preloadModule(href, options);
  return null;
}
