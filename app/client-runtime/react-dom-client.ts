/**
 * "react-dom/client" in the production browser bundle: Preact's (decision 016),
 * made to hydrate the document React rendered on the server.
 */
import { Fragment, options, type ComponentChild, type VNode } from "preact";
import { createRoot, hydrateRoot as preactHydrateRoot } from "preact/compat/client";

import { duringHydration } from "./hydration.ts";

export { createRoot };

// Preact renders a document into its <html> element: it has no node above <html> to
// put one into. The root layout's <html> is therefore the element already there,
// and in the browser it stands for its children, <head> and <body>. Its attributes
// (lang, class) are the ones the server sent; the layout never changes them.
//
// React's suppressHydrationWarning (React Router's <Scripts> sets it) means nothing
// to Preact, which would write it out as an attribute.
const next = options.vnode;
options.vnode = (vnode: VNode<Record<string, unknown>>) => {
  if (vnode.type === "html") {
    vnode.type = Fragment;
    vnode.props = { children: vnode.props.children };
  } else if (typeof vnode.type === "string") {
    if ("suppressHydrationWarning" in vnode.props) {
      const { suppressHydrationWarning: _, ...props } = vnode.props;
      vnode.props = props;
    }
    if (typeof vnode.props.onChange === "function" && !FIELDS.has(vnode.type)) {
      vnode.props = { ...vnode.props, ...reactOnChange(vnode.props) };
    }
  }
  next?.(vnode);
};

// Effects run as soon as the update is on the page, as React runs them after an update
// that a click or a key press caused: a dialog opened with Enter has moved focus into
// itself before the next key arrives. (Preact waits for the next frame, and a quick
// Tab would leave the dialog.)
options.requestAnimationFrame = (flush: () => void) => queueMicrotask(flush);

const FIELDS = new Set(["input", "textarea", "select"]);

/**
 * React's onChange on an element around fields (a <form>, say) hears a text field
 * at each keystroke, from the `input` event, and other fields (selects, checkboxes,
 * files) when they change. Preact would listen to the DOM's `change` event, which a
 * text field sends only when it loses focus. (Preact's compatibility layer already
 * does this for onChange on the fields themselves.)
 */
function reactOnChange(props: Record<string, unknown>) {
  const onChange = props.onChange as (event: Event) => void;
  const onInput = props.onInput as ((event: Event) => void) | undefined;
  return {
    onChange: (event: Event) => {
      if (!isTextField(event.target)) onChange(event);
    },
    onInput: (event: Event) => {
      onInput?.(event);
      if (isTextField(event.target)) onChange(event);
    },
  };
}

function isTextField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !["checkbox", "radio", "file", "button", "submit", "reset", "image"].includes(target.type)
  );
}

/**
 * Hydrates `container` with `children` once the page is ready for it.
 *
 * - React's server render puts resource hints at the top of <head>: the preloads that
 *   preload() and preloadModule() asked for, and the modulepreload links of React
 *   Router's <Scripts>. No component renders them there in the browser, and Preact
 *   pairs the elements it renders with the page's elements of the same tag in order:
 *   left in place, the first hint would be taken for the canonical <link>. The browser
 *   acted on them while it read the page, so they are removed first.
 * - React Router's <HydratedRouter> suspends (throws a promise) until the page's data,
 *   streamed inside the HTML, is decoded. React's root waits for it by itself; Preact
 *   has no boundary above the root, so hydration starts again once the data is ready.
 *   Nothing in the page is changed before the throw.
 */
export function hydrateRoot(container: Element | Document, children: ComponentChild) {
  for (const hint of document.head.querySelectorAll(
    'link[rel="preload"], link[rel="modulepreload"]',
  )) {
    hint.remove();
  }
  const start = (): void => {
    try {
      duringHydration(() => preactHydrateRoot(container as Element, children));
    } catch (thrown) {
      if (!isPromise(thrown)) throw thrown;
      void thrown.then(start);
    }
  };
  start();
  return createRoot(container as Element);
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}
