// POSTs to a page that has no form are answered 405 here, before the router: the
// router's own 405 carries developer details in its page data and logs a stack.
import type { RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Node = RouteObject & { hasAction: boolean };

function tree(routes: ServerBuild["routes"], parentId: string | undefined): Node[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const node = {
        id: route!.id,
        path: route!.path,
        caseSensitive: route!.caseSensitive,
        hasAction: typeof route!.module.action === "function",
      };
      return (
        route!.index ? { ...node, index: true } : { ...node, children: tree(routes, route!.id) }
      ) as Node;
    });
}

/** The path a request addresses, without React Router's `.data` suffix. */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
}

export function refuseActionlessPosts(build: () => Promise<ServerBuild>): RequestHandler {
  let cached: { build: ServerBuild; routes: Node[] } | null = null;
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    build()
      .then((current) => {
        if (cached?.build !== current)
          cached = { build: current, routes: tree(current.routes, undefined) };
        const matches = matchRoutes(cached.routes, pagePath(req.path));
        const target = matches?.at(-1)?.route as Node | undefined;
        // No match: the router answers with the 404 page.
        if (!target || target.hasAction) return next();
        res.setHeader("Allow", "GET, HEAD");
        res.status(405).type("text/plain").send("This page does not accept forms.");
      })
      .catch(next);
  };
}
