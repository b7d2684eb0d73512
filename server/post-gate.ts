// POSTs to a page that has no form are answered 405 here, before the router: the
// router's own 405 carries developer details in its page data and logs a stack.
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";

import { matchPage, treeOfBuild } from "#app/framework/route-tree.ts";

export function refuseActionlessPosts(build: () => Promise<ServerBuild>): RequestHandler {
  const treeOf = treeOfBuild();
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    build()
      .then((current) => {
        const target = matchPage(treeOf(current), req.path);
        // No match: the router answers with the 404 page.
        if (!target || target.hasAction) return next();
        res.setHeader("Allow", "GET, HEAD");
        res.status(405).type("text/plain").send("This page does not accept forms.");
      })
      .catch(next);
  };
}
