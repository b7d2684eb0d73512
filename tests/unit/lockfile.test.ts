// Issue 24: in a fresh clone, `npm install` must leave package-lock.json unchanged with npm 10
// (a stock Node 20) and npm 11 alike. docs/development.md ("The lockfile") says why these hold.
import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

type Entry = { version?: string; libc?: string[]; resolved?: string };
const lock = JSON.parse(read("package-lock.json")) as {
  packages: Record<string, Entry & Record<string, unknown>>;
};
const pkg = JSON.parse(read("package.json")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, Record<string, string>>;
};

function npmrc(): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of read(".npmrc").split("\n")) {
    const match = /^\s*([^#;=\s]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] !== undefined) settings.set(match[1], match[2] ?? "");
  }
  return settings;
}

describe("package-lock.json stays as npm 10 and npm 11 both write it", () => {
  test(".npmrc: no peer edges (npm 10 and 11 then agree on the dev flags), no resolved URLs", () => {
    const settings = npmrc();
    expect(settings.get("legacy-peer-deps")).toBe("true");
    expect(settings.get("omit-lockfile-registry-resolved")).toBe("true");
  });

  test("no entry has a libc field (npm 10 deletes them)", () => {
    const withLibc = Object.entries(lock.packages)
      .filter(([, entry]) => "libc" in entry)
      .map(([location]) => location);
    expect(withLibc, "delete these entries' libc fields before committing").toEqual([]);
  });

  test("no entry has a resolved URL", () => {
    const withResolved = Object.entries(lock.packages)
      .filter(([, entry]) => "resolved" in entry)
      .map(([location]) => location);
    expect(withResolved).toEqual([]);
  });

  test("every direct dependency is locked at the exact version package.json pins", () => {
    const pinned = { ...pkg.dependencies, ...pkg.devDependencies };
    const locked = Object.fromEntries(
      Object.keys(pinned).map((name) => [name, lock.packages[`node_modules/${name}`]?.version]),
    );
    expect(locked).toEqual(pinned);
  });

  test('a dependency asked for at "latest" is pinned by an override (else installs follow the registry)', () => {
    const floating = Object.entries(lock.packages).flatMap(([location, entry]) =>
      Object.entries((entry.dependencies ?? {}) as Record<string, string>)
        .filter(([, range]) => range === "latest")
        .map(([name]) => ({ owner: location.replace(/^.*node_modules\//, ""), name })),
    );
    const unpinned = floating.filter(
      ({ owner, name }) =>
        pkg.overrides?.[owner]?.[name] !== lock.packages[`node_modules/${name}`]?.version,
    );
    expect(unpinned).toEqual([]);
  });
});
