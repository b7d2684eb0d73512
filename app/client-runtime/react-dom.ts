/**
 * "react-dom" in the production browser bundle: Preact's compatibility layer
 * (decision 016), with React DOM's resource hints.
 */
// @ts-expect-error -- preact/compat's types are one `export =` namespace; the module has named exports.
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React DOM's preload(), preloadModule(), preinit() and friends add hints to the
 * first response (the server renders with React, so they are in the page's <head>).
 * In the browser they do nothing: the element that needs the resource is already in
 * the document by the time a render could add the hint.
 */
export function preload(): void {}
export function preloadModule(): void {}
export function preinit(): void {}
export function preinitModule(): void {}
export function preconnect(): void {}
export function prefetchDNS(): void {}
