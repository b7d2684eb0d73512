// The server's <a> for a link writes exactly what React Router's <Link> writes, so the
// browser hydrates it as the <Link> it renders there without a mismatch.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, test } from "vitest";

import { ServerLink } from "#app/components/ui/app-link.tsx";

/** Renders `element` on the server inside a router at `/dashboard/myProducts?page=3`. */
function html(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "*", element }], {
    initialEntries: ["/dashboard/myProducts?page=3"],
  });
  return renderToString(createElement(RouterProvider, { router }));
}

const cases: { to: string; props: Record<string, unknown>; children: string }[] = [
  { to: "/products/sedan", props: {}, children: "Sedan" },
  {
    to: "/dashboard/productDetails/8",
    props: { prefetch: "intent", className: "btn-sm btn-primary" },
    children: "Details",
  },
  {
    to: "/products/allProducts?make=Toyota&page=2#results",
    props: { rel: "next", "aria-label": "Next page", className: "x" },
    children: "Next",
  },
  {
    to: "/blogs",
    props: { target: "_blank", replace: true, state: { from: "x" } },
    children: "Blogs",
  },
  { to: "/", props: { preventScrollReset: true, viewTransition: true }, children: "Home" },
];

describe("ServerLink", () => {
  test.each(cases)("writes what <Link> writes: $to", ({ to, props, children }) => {
    const fromRouter = html(createElement(Link, { to, ...props }, children));
    const ours = html(createElement(ServerLink, { to, ...props }, children));
    expect(ours).toBe(fromRouter);
    expect(ours).toContain(`href="${to.replaceAll("&", "&amp;")}"`);
    expect(ours).toContain('data-discover="true"');
  });

  test.each(["//elsewhere.example/x", "?page=2", "edit"])(
    "what is not a path of this site is left to React Router: %s",
    (to) => {
      const fromRouter = html(createElement(Link, { to }, "x"));
      expect(html(createElement(ServerLink, { to }, "x"))).toBe(fromRouter);
    },
  );
});
