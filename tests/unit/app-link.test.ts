// The server's <a> for a link writes exactly what React Router's <Link> writes, so the
// browser hydrates it as the <Link> it renders there without a mismatch.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Link, NavLink, RouterProvider } from "react-router";
import { describe, expect, test } from "vitest";

import { ServerLink, ServerNavLink } from "#app/components/ui/app-link.tsx";

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

/** Renders `element` on the server inside a router at `at`. */
function htmlAt(at: string, element: ReactElement): string {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [at] });
  return renderToString(createElement(RouterProvider, { router }));
}

const byState = ({ isActive, isPending }: { isActive: boolean; isPending: boolean }) =>
  `link ${isActive ? "on" : "off"} ${isPending ? "pending" : "idle"}`;

const navCases: { at: string; to: string; props: Record<string, unknown> }[] = [
  { at: "/products/sedan", to: "/products/sedan", props: {} },
  { at: "/products/sedan", to: "/products", props: {} },
  { at: "/products/sedan", to: "/products", props: { end: true } },
  { at: "/products/sedanx", to: "/products/sedan", props: {} },
  { at: "/Products/Sedan", to: "/products/sedan", props: {} },
  { at: "/Products/Sedan", to: "/products/sedan", props: { caseSensitive: true } },
  { at: "/", to: "/", props: { end: true, className: byState } },
  { at: "/blogs", to: "/", props: { className: byState } },
  { at: "/dashboard/myProducts", to: "/dashboard/", props: { className: "nav" } },
  { at: "/products/sedan", to: "/products/sedan?make=Audi#top", props: { className: "nav" } },
  {
    at: "/dashboard/conversations",
    to: "/dashboard/conversations",
    props: { "aria-current": "location", title: "Messages", style: { color: "red" } },
  },
  {
    at: "/dashboard",
    to: "/dashboard",
    props: {
      prefetch: "intent",
      translate: "no",
      style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }),
    },
  },
];

describe("ServerNavLink", () => {
  test.each(navCases)("writes what <NavLink> writes: $to at $at", ({ at, to, props }) => {
    const fromRouter = htmlAt(at, createElement(NavLink, { to, ...props }, "Cars"));
    expect(htmlAt(at, createElement(ServerNavLink, { to, ...props }, "Cars"))).toBe(fromRouter);
  });

  test("children may be a function of the link's state", () => {
    const children = ({ isActive }: { isActive: boolean }) => (isActive ? "Here" : "There");
    for (const at of ["/blogs", "/safety"]) {
      const fromRouter = htmlAt(at, createElement(NavLink, { to: "/blogs", children }));
      expect(htmlAt(at, createElement(ServerNavLink, { to: "/blogs", children }))).toBe(fromRouter);
    }
  });
});
