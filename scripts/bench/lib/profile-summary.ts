// What `npm run profile` (scripts/bench/profile-page.ts) makes of the profiles V8's
// inspector hands back: where the main thread's time went, function by function (its
// own time, and the time of everything it called), the same as folded stacks for a
// flame graph, and what was allocated where. Plain functions over the inspector's
// JSON, so that the tests can feed them small profiles.

/** A function as the inspector names it. */
export type CallFrame = { functionName: string; url: string; lineNumber: number };

/** The inspector's CPU profile (Profiler.stop). */
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  /** Microseconds since the previous sample, one per sample. */
  timeDeltas: number[];
};

/** The inspector's sampling heap profile (HeapProfiler.stopSampling). */
export type HeapProfile = { head: HeapNode };
type HeapNode = { callFrame: CallFrame; selfSize: number; children: HeapNode[] };

/** V8's pseudo-frames: not JavaScript of anyone's. */
const IDLE = "(idle)";
const PSEUDO = new Set([IDLE, "(root)", "(program)", "(garbage collector)"]);

/**
 * "renderElement build/server/index.js:4879": a function and where it is, the path
 * cut to what a reader recognises (the build's file, a package, a Node module).
 */
export function frameName(frame: CallFrame): string {
  const name = frame.functionName || "(anonymous)";
  if (PSEUDO.has(name) || !frame.url) return name;
  const file = frame.url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "")
    .replace(/^.*\/(build\/(server|client)\/)/, "$1");
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

/** One function's share: milliseconds per request and percent of the busy time. */
export type Share = { frame: string; msPerRequest: number; percent: number };

export type CpuSummary = {
  /** The main thread's time with something to do, per request (ms). */
  busyMsPerRequest: number;
  /** Of which garbage collection on the main thread. */
  gcMsPerRequest: number;
  /** Functions by their own time, most first. */
  self: Share[];
  /** Functions by their time with everything they called (each counted once per stack). */
  inclusive: Share[];
};

/** Each node's sampled microseconds, parent and name (named once, not once per stack it is on). */
function sampledTimes(profile: CpuProfile) {
  const time = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const parent = new Map<number, number>();
  const nameOf = new Map<number, string>();
  for (const node of profile.nodes) {
    nameOf.set(node.id, frameName(node.callFrame));
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  /** The frames from `id` up to the root. */
  const stackOf = (id: number): string[] => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      frames.push(nameOf.get(at)!);
    }
    return frames;
  };
  return { time, nameOf, stackOf };
}

/** The main thread's time, by function, for `requests` requests; the top `top` of each list. */
export function summariseCpu(profile: CpuProfile, requests: number, top = 25): CpuSummary {
  const { time, nameOf, stackOf } = sampledTimes(profile);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let gc = 0;
  for (const node of profile.nodes) {
    const spent = time.get(node.id) ?? 0;
    if (spent === 0) continue;
    const name = nameOf.get(node.id)!;
    if (name === IDLE) continue;
    busy += spent;
    if (name === "(garbage collector)") gc += spent;
    self.set(name, (self.get(name) ?? 0) + spent);
    // Every function on the stack, once (a recursive one is not counted twice).
    for (const frame of new Set(stackOf(node.id))) {
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + spent);
    }
  }
  inclusive.delete("(root)");
  const shares = (times: Map<string, number>): Share[] =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({
        frame,
        msPerRequest: us / 1000 / requests,
        percent: busy > 0 ? (100 * us) / busy : 0,
      }));
  return {
    busyMsPerRequest: busy / 1000 / requests,
    gcMsPerRequest: gc / 1000 / requests,
    self: shares(self),
    inclusive: shares(inclusive),
  };
}

/**
 * The profile as folded stacks: one line per distinct stack, its frames from the root
 * joined by ";" and its sampled microseconds ("main;handler;render 1200"), the format
 * flame graph tools read (speedscope, inferno, flamegraph.pl). Idle time is left out.
 */
export function foldedStacks(profile: CpuProfile): string {
  const { time, stackOf } = sampledTimes(profile);
  const lines = new Map<string, number>();
  for (const [id, spent] of time) {
    const frames = stackOf(id).reverse();
    if (frames.at(-1) === IDLE) continue;
    // Frame names must not hold the separators.
    const stack = frames.map((frame) => frame.replaceAll(";", ",").replaceAll(" ", "_")).join(";");
    lines.set(stack, (lines.get(stack) ?? 0) + spent);
  }
  return [...lines]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([stack, us]) => `${stack} ${Math.round(us)}`)
    .join("\n");
}

export type AllocationSummary = {
  /** Bytes allocated per request (sampled, collected objects included), in KB. */
  kbPerRequest: number;
  /** Functions by what they allocated themselves, most first (KB per request). */
  self: { frame: string; kbPerRequest: number }[];
};

/** What the main thread allocated, by function, for `requests` requests. */
export function summariseAllocations(
  profile: HeapProfile,
  requests: number,
  top = 15,
): AllocationSummary {
  const self = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapNode) => {
    if (node.selfSize > 0) {
      const name = frameName(node.callFrame);
      self.set(name, (self.get(name) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    node.children.forEach(visit);
  };
  visit(profile.head);
  return {
    kbPerRequest: total / 1024 / requests,
    self: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, bytes]) => ({ frame, kbPerRequest: bytes / 1024 / requests })),
  };
}
