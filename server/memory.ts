// One garbage collection once start-up is done, which keeps an idle server's memory small.
import v8 from "node:v8";
import vm from "node:vm";

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

let collect: Collect | null = null;

/** V8's `gc()`: the one `node --expose-gc` installs, or one made for this process. */
function collector(): Collect {
  if (collect) return collect;
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return (collect = exposed);
  // What `node --expose-gc` does, for one new context only: the flag is on just long
  // enough to create it (the way Jest's --logHeapUsage gets its gc()).
  v8.setFlagsFromString("--expose-gc");
  try {
    collect = vm.runInNewContext("gc") as Collect;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
  return collect;
}

/**
 * Start-up (loading the app, migrations, the first housekeeping) grows V8's young
 * generation to its largest size (two 16 MB halves) and leaves dead objects in the old
 * one, and V8 keeps the pages it frees pooled for later: about 25–30 MB of an idle
 * server's resident memory that V8 does not give back by itself while nothing runs. A
 * memory-reducing collection (what V8 runs when memory is short) empties the young
 * generation, compacts the old one and returns the free pages. It takes about 0.1 s on
 * the main thread, once; under load the young generation grows back as it needs to.
 */
export function releaseStartupMemory(): void {
  collector()({ type: "major", execution: "sync", flavor: "last-resort" });
}
