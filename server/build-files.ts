// The browser build's files as Express serves them from disk, for what the in-memory
// handler (static-files.ts) passes on and in development: the fingerprinted /assets
// (cached for a year; a missing one is a plain 404) and the build's other files
// (logo, favicon…), looked up only for their own paths.
import fs from "node:fs";
import path from "node:path";

import express from "express";

export function serveBuildFiles(app: express.Express, clientAssetsDir: string): void {
  // Fingerprinted build output: cache for a year.
  app.use(
    "/assets",
    express.static(path.join(clientAssetsDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
    }),
  );
  // The build's other files (logo, favicon…), looked up only for their own paths: a
  // page's request would otherwise cost a file-system lookup every time.
  const publicFiles = new Set(
    fs
      .readdirSync(clientAssetsDir, { recursive: true, encoding: "utf8" })
      .map((file) => `/${file.split(path.sep).join("/")}`),
  );
  const servePublic = express.static(clientAssetsDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
}
