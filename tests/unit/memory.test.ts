import { describe, expect, test } from "vitest";

import { releaseStartupMemory } from "#server/memory.ts";

/** Short-lived objects, unreachable once this returns. */
function makeGarbage(): number {
  return Array.from({ length: 500_000 }, (_, i) => ({ i, name: `object ${i}` })).length;
}

describe("releaseStartupMemory", () => {
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
