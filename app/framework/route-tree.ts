// The server build's routes (React Router's flat manifest: each route names its parent)
// as the tree matchRoutes takes, with each route's full URL pattern and whether it has
// an action. The POST gate and the metrics' route labels both match requests on it.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

import { pagePathOf } from "#app/framework/data-url.ts";

export type RouteNode = RouteObject & { id: string; hasAction: boolean; children?: RouteNode[] };
export type RouteTree = { routes: RouteNode[]; patterns: Map<string, string> };

export function routeTree(manifest: ServerBuild["routes"]): RouteTree {
  const patterns = new Map<string, string>();
  const all = Object.values(manifest).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined, parentPattern: string): RouteNode[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route): RouteNode => {
        const pattern = `/${[parentPattern, route.path ?? ""].join("/")}`
          .replace(/\/{2,}/g, "/")
          .replace(/(.)\/$/, "$1");
        patterns.set(route.id, pattern);
        const node = {
          id: route.id,
          caseSensitive: route.caseSensitive,
          hasAction: typeof route.module.action === "function",
        };
        if (route.index) return { ...node, index: true };
        const children = childrenOf(route.id, pattern);
        return { ...node, path: route.path, ...(children.length > 0 ? { children } : {}) };
      });
  return { routes: childrenOf(undefined, ""), patterns };
}

/** The deepest route a request's path (a page or its `.data`) matches, if any. */
export function matchPage(tree: RouteTree, requestPath: string): RouteNode | undefined {
  return matchRoutes(tree.routes, pagePathOf(requestPath))?.at(-1)?.route as RouteNode | undefined;
}

/** Keeps one tree per server build (a development server hands a new build on each change). */
export function treeOfBuild(): (build: ServerBuild) => RouteTree {
  let known: { build: ServerBuild; tree: RouteTree } | null = null;
  return (build) => {
    if (known?.build !== build) known = { build, tree: routeTree(build.routes) };
    return known.tree;
  };
}
