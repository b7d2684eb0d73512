// No module imports itself back, directly or through others: a cycle makes load
// order matter and hides which part of the house depends on which. Type-only
// imports are erased and dynamic import() loads later, so neither makes a cycle.
import fs from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "server", "scripts"];
const ALIASES: Record<string, string> = {
  "#app/": "app/",
  "#server/": "server/",
  "#scripts/": "scripts/",
  "#tests/": "tests/",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The files `file` imports at load time: static imports and re-exports, not `import type`. */
export function runtimeImports(file: string, source: string, known: Set<string>): string[] {
  const statements = source.matchAll(
    /^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm,
  );
  return [...statements].flatMap(([, specifier = ""]) => {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    const target = alias
      ? ALIASES[alias] + specifier.slice(alias.length)
      : specifier.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), specifier)
        : null;
    return target && known.has(target) ? [target] : [];
  });
}

/** One cycle per strongly connected group of files that import each other (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        group.push(member);
        if (member === file) break;
      }
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test("the detector finds a cycle through three files and ignores type-only imports", () => {
  const known = new Set(["app/a.ts", "app/b.ts", "app/c.ts"]);
  const graph = new Map([
    ["app/a.ts", runtimeImports("app/a.ts", 'import { b } from "./b.ts";', known)],
    ["app/b.ts", runtimeImports("app/b.ts", 'export { c } from "#app/c.ts";', known)],
    ["app/c.ts", runtimeImports("app/c.ts", 'import {\n  a,\n} from "./a.ts";', known)],
  ]);
  expect(cycles(graph)).toEqual([["app/a.ts", "app/b.ts", "app/c.ts"]]);
  graph.set("app/c.ts", runtimeImports("app/c.ts", 'import type { A } from "./a.ts";', known));
  expect(cycles(graph)).toEqual([]);
});

test("app/, server/ and scripts/ have no import cycles", () => {
  const files = FOLDERS.flatMap((folder) => sourceFiles(folder));
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => [
      file,
      runtimeImports(file, fs.readFileSync(path.join(root, file), "utf8"), known),
    ]),
  );
  expect(files.length).toBeGreaterThan(100);
  expect(cycles(graph)).toEqual([]);
});
