// `npm run profile`'s reading of V8's profiles (scripts/bench/lib/profile-summary.ts):
// own and inclusive time per function, folded stacks, allocations per function.
import { describe, expect, test } from "vitest";

import {
  foldedStacks,
  frameName,
  summariseAllocations,
  summariseCpu,
  type CpuProfile,
} from "#scripts/bench/lib/profile-summary.ts";

const frame = (
  functionName: string,
  url = "file:///app/build/server/index.js",
  lineNumber = 9,
) => ({
  functionName,
  url,
  lineNumber,
});

// (root) → handler → render → render (recursive) ; handler → stringify ; (idle) ; (garbage collector)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 6, 7] },
    { id: 2, callFrame: frame("handler"), children: [3, 5] },
    { id: 3, callFrame: frame("render"), children: [4] },
    { id: 4, callFrame: frame("render") },
    { id: 5, callFrame: frame("stringify", "file:///app/node_modules/turbo/lib.js", 4) },
    { id: 6, callFrame: frame("(idle)", "") },
    { id: 7, callFrame: frame("(garbage collector)", "") },
  ],
  // Microseconds: handler 100, render 300, inner render 200, stringify 400, idle 5000, GC 100.
  samples: [2, 3, 4, 5, 6, 7],
  timeDeltas: [100, 300, 200, 400, 5000, 100],
};

describe("profile summary", () => {
  test("names a frame by function, file and 1-based line, the path cut to the build or package", () => {
    expect(frameName(frame("render"))).toBe("render build/server/index.js:10");
    expect(frameName(frame("", "file:///x/node_modules/react/a.js", 0))).toBe(
      "(anonymous) react/a.js:1",
    );
    expect(frameName(frame("(program)", ""))).toBe("(program)");
  });

  test("own time, and time with callees counted once per stack, leaving idle time out", () => {
    const summary = summariseCpu(profile, 2);
    // Busy: everything but (idle): 1,100 µs over 2 requests.
    expect(summary.busyMsPerRequest).toBeCloseTo(0.55);
    expect(summary.gcMsPerRequest).toBeCloseTo(0.05);
    const self = Object.fromEntries(summary.self.map((share) => [share.frame, share.msPerRequest]));
    expect(self["render build/server/index.js:10"]).toBeCloseTo(0.25);
    expect(self["stringify turbo/lib.js:5"]).toBeCloseTo(0.2);
    expect(self["(idle)"]).toBeUndefined();
    const inclusive = Object.fromEntries(
      summary.inclusive.map((share) => [share.frame, share.percent]),
    );
    // handler: 100 + 300 + 200 + 400 of 1,100; render 500 (not 700: recursion once).
    expect(inclusive["handler build/server/index.js:10"]).toBeCloseTo((100 * 1000) / 1100);
    expect(inclusive["render build/server/index.js:10"]).toBeCloseTo((100 * 500) / 1100);
    expect(inclusive["(root)"]).toBeUndefined();
    expect(summary.self[0]!.frame).toBe("render build/server/index.js:10");
  });

  test("folds stacks from the root, without idle time", () => {
    expect(foldedStacks(profile).split("\n")).toEqual([
      "(root);(garbage_collector) 100",
      "(root);handler_build/server/index.js:10 100",
      "(root);handler_build/server/index.js:10;render_build/server/index.js:10 300",
      "(root);handler_build/server/index.js:10;render_build/server/index.js:10;render_build/server/index.js:10 200",
      "(root);handler_build/server/index.js:10;stringify_turbo/lib.js:5 400",
    ]);
  });

  test("adds up allocations by function, per request", () => {
    const summary = summariseAllocations(
      {
        head: {
          callFrame: frame("(root)", ""),
          selfSize: 0,
          children: [
            {
              callFrame: frame("render"),
              selfSize: 4096,
              children: [{ callFrame: frame("render"), selfSize: 2048, children: [] }],
            },
            { callFrame: frame("stringify"), selfSize: 1024, children: [] },
          ],
        },
      },
      2,
    );
    expect(summary.kbPerRequest).toBeCloseTo(3.5);
    expect(summary.self).toEqual([
      { frame: "render build/server/index.js:10", kbPerRequest: 3 },
      { frame: "stringify build/server/index.js:10", kbPerRequest: 0.5 },
    ]);
  });
});
