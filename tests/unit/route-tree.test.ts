// The server matches a request (a page or its `.data`) on the build's route tree:
// the POST gate asks whether the page has an action, the metrics which pattern it is.
import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";

import { matchPage, routeTree, treeOfBuild } from "#app/framework/route-tree.ts";

const action = () => null;
const manifest = {
  root: { id: "root", path: "", module: {} },
  home: { id: "home", parentId: "root", index: true, module: {} },
  browse: { id: "browse", parentId: "root", path: "products/:category", module: {} },
  sell: { id: "sell", parentId: "root", path: "dashboard/sellCar", module: { action } },
  missing: { id: "missing", parentId: "root", path: "*", module: {} },
} as unknown as ServerBuild["routes"];

describe("the route tree", () => {
  const tree = routeTree(manifest);

  test.each([
    ["/", "home", "/"],
    ["/_.data", "home", "/"],
    ["/products/sedan", "browse", "/products/:category"],
    ["/products/sedan.data", "browse", "/products/:category"],
    ["/dashboard/sellCar.data", "sell", "/dashboard/sellCar"],
    ["/no/such/page", "missing", "/*"],
  ])("%s is the page %s (%s)", (path, id, pattern) => {
    const page = matchPage(tree, path);
    expect(page?.id).toBe(id);
    expect(tree.patterns.get(id)).toBe(pattern);
  });

  test("knows which pages take a form", () => {
    expect(matchPage(tree, "/dashboard/sellCar")?.hasAction).toBe(true);
    expect(matchPage(tree, "/products/sedan")?.hasAction).toBe(false);
  });

  test("is made once per build", () => {
    const treeOf = treeOfBuild();
    const build = { routes: manifest } as ServerBuild;
    expect(treeOf(build)).toBe(treeOf(build));
    expect(treeOf({ routes: manifest } as ServerBuild)).not.toBe(treeOf(build));
  });
});
