import fs from "node:fs";
import path from "node:path";

import { describe, expect, test } from "vitest";

import { MALLOC_SETTINGS, releaseStartupMemory, V8_FLAGS } from "#server/memory.ts";

/** Short-lived objects, unreachable once this returns. */
function makeGarbage(): number {
  return Array.from({ length: 500_000 }, (_, i) => ({ i, name: `object ${i}` })).length;
}

describe("memory settings", () => {
  test("npm run serve sets the malloc settings, keeping values already set", () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8"),
    ) as { scripts: { serve: string } };
    for (const [name, value] of Object.entries(MALLOC_SETTINGS)) {
      expect(pkg.scripts.serve).toContain(`${name}=\${${name}:-${value}} `);
    }
    expect(pkg.scripts.serve).toMatch(/ node (--[\w-]+=\d+ )*server\/index\.ts$/);
  });

  test("npm run serve gives node V8's heap settings", () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8"),
    ) as { scripts: { serve: string } };
    expect(pkg.scripts.serve).toContain(` node ${V8_FLAGS.join(" ")} server/index.ts`);
  });

  test("the start-up collection frees dead objects and leaves no global gc() behind", () => {
    const hadGc = "gc" in globalThis;
    makeGarbage();
    const before = process.memoryUsage().heapUsed;
    releaseStartupMemory();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before);
    expect("gc" in globalThis).toBe(hadGc);
    // Again, with the collector it made the first time.
    makeGarbage();
    releaseStartupMemory();
  });
});
