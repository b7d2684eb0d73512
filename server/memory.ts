// What keeps an idle server's memory small: the C allocator's settings, which only
// the command that starts Node can give (package.json's `serve` script does), and
// one garbage collection once start-up is done.
import v8 from "node:v8";
import vm from "node:vm";

/**
 * glibc's malloc settings for the server process, read once when it starts. By
 * default glibc raises its trim threshold (the free memory it keeps at the top of each
 * arena instead of returning it) to twice the largest block it ever freed, up to
 * 64 MB. Start-up frees blocks of several megabytes (PGlite's 9 MB WebAssembly file
 * among them), after which most of what V8's threads used while optimising
 * PostgreSQL's largest functions (tens of megabytes) stays resident for the life of
 * the process: 40–70 MB of an idle server. A fixed threshold (glibc's starting value, 128 KiB)
 * returns them; two arenas instead of eight per core keep the threads' free memory
 * in fewer places. `npm run serve` sets these unless they are already set; a process
 * manager that runs `node server/index.ts` itself should set them too. Other C
 * libraries (musl) ignore them.
 */
export const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;

/**
 * V8's settings for the server process, which only the command that starts Node can
 * give (package.json's `serve` script does; the measuring scripts start
 * `node server/index.ts` with them).
 *
 * The heap: V8 starts the young generation at 1 MB and grows it slowly: at a hundred
 * signed-in pages a second, objects of requests still being rendered were promoted by
 * the frequent young collections and the old generation filled within a tenth of a
 * second, so V8 ran a full collection (its marking on V8's helper threads, the pause on
 * the main thread) several times a second. A 16 MB young generation from the start,
 * and a first full collection only at 128 MB, cut V8's helper-thread time per
 * signed-in page from 2.5–3.5 ms to 1–2 ms and the full collections under load by more
 * than half. The idle server's memory does not change: the pages are only used once
 * requests come.
 *
 * The helper threads: Node gives V8 four of them, and during a full collection's
 * marking (about 30 ms, every second or two at a hundred signed-in pages a second) they
 * all ran beside the main thread and the embedded database's thread. On two cores the
 * requests of those moments waited for a core: they were the slowest 1 %. With one
 * helper, the collection's work takes at most one core; at 100 signed-in requests a
 * second the p99 of My Products fell from 44–51 ms to 32–35 ms (three runs of each).
 */
export const V8_FLAGS = [
  "--min-semi-space-size=16",
  "--initial-old-space-size=128",
  "--v8-pool-size=1",
] as const;

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
