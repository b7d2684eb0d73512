// docs/architecture.md is the map a newcomer reads first: it must name every top-level
// folder, every folder of app/ and every page folder, or it has gone stale.
import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** Folders below `dir` that the repository keeps (not ignored, not .git). */
function keptFolders(dir: string): string[] {
  const ignored = fs
    .readFileSync(path.join(root, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/^\/|\/$/g, ""))
    .filter(Boolean);
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== ".git")
    .map((entry) => path.posix.join(dir, entry.name).replace(/^\.\//, ""))
    .filter((folder) => !ignored.includes(folder) && !ignored.includes(path.basename(folder)))
    .filter((folder) => !path.basename(folder).startsWith(".") || folder === ".ci");
}

/** Folders under app/routes holding a route.tsx, relative to app/routes ("products/detail"). */
function pageFolders(dir = "app/routes"): string[] {
  const entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  const here = entries.some((entry) => entry.name === "route.tsx")
    ? [path.posix.relative("app/routes", dir)]
    : [];
  return [
    ...here,
    ...entries
      .filter((entry) => entry.isDirectory() && entry.name !== "+types")
      .flatMap((entry) => pageFolders(path.posix.join(dir, entry.name))),
  ];
}

/** A row of the layout table starts with the folder: "| `app/models/…` |". */
const hasRow = (folder: string) =>
  doc.split("\n").some((line) => line.startsWith(`| \`${folder}/`));
/** The pages table names each folder whole: "`products/detail/`". */
const named = (folder: string) => doc.includes(`\`${folder}/\``);

describe("docs/architecture.md lists the real layout", () => {
  test("every top-level folder and every folder of app/", () => {
    const folders = [...keptFolders("."), ...keptFolders("app")];
    expect(folders).toContain("app/routes");
    expect(folders.filter((folder) => !hasRow(folder))).toEqual([]);
  });

  test("every page folder, with its route.tsx", () => {
    const pages = pageFolders();
    expect(pages).toContain("products/detail");
    expect(pages.filter((page) => !named(page))).toEqual([]);
  });

  test("every file beside a route.tsx", () => {
    const beside = pageFolders().flatMap((page) =>
      fs
        .readdirSync(path.join(root, "app/routes", page), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name !== "route.tsx")
        .map((entry) => entry.name),
    );
    expect(beside).toContain("search-filters.tsx");
    expect(beside.filter((file) => !doc.includes(`\`${file}\``))).toEqual([]);
  });
});
