// The house keeps its rooms small (issue 24): no source file over 400 lines, and no
// loader or action over 40, so each reads in one sitting. Data files (the schema's
// table list, the demo marketplace's people and cars) are declarations, not logic.
import fs from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const DATA_FILES = new Set(["app/db/schema.ts", "app/demo/data.ts"]);
const FILE_LIMIT = 400;
const HANDLER_LIMIT = 40;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [file] : [];
  });
}

const files = ["app", "server", "scripts"].flatMap((dir) => sourceFiles(dir));
const lines = (file: string) => fs.readFileSync(path.join(root, file), "utf8").split("\n");

/** Each exported loader, action or clientAction function and its length in lines. */
export function handlerLengths(source: string[]): { name: string; length: number }[] {
  const found: { name: string; length: number }[] = [];
  let open: { name: string; start: number } | null = null;
  source.forEach((line, index) => {
    const start = /^export (?:async )?function (loader|action|clientAction)\b/.exec(line);
    if (start) open = { name: start[1]!, start: index };
    else if (open && line === "}") {
      found.push({ name: open.name, length: index - open.start + 1 });
      open = null;
    }
  });
  return found;
}

test("the handler measure counts a function from its line to its closing brace", () => {
  const source = ["export async function loader() {", "  return 1;", "}", "", "function x() {}"];
  expect(handlerLengths(source)).toEqual([{ name: "loader", length: 3 }]);
});

test(`no source file in app/, server/ or scripts/ is over ${FILE_LIMIT} lines`, () => {
  expect(files.length).toBeGreaterThan(100);
  const long = files
    .filter((file) => !DATA_FILES.has(file))
    .map((file) => `${file}: ${lines(file).length - 1}`)
    .filter((entry) => Number(entry.split(": ")[1]) > FILE_LIMIT);
  expect(long).toEqual([]);
});

test(`no loader or action is over ${HANDLER_LIMIT} lines`, () => {
  const long = files
    .filter((file) => file.startsWith("app/routes/"))
    .flatMap((file) =>
      handlerLengths(lines(file))
        .filter((handler) => handler.length > HANDLER_LIMIT)
        .map((handler) => `${file} ${handler.name}: ${handler.length}`),
    );
  expect(long).toEqual([]);
});
