import { afterEach, describe, expect, test, vi } from "vitest";

import {
  cached,
  cachedShared,
  invalidate,
  invalidateAll,
  shareWhileWatched,
  sharingTtl,
} from "#app/services/cache.server.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("cached", () => {
  test("loads once per owner and key until the entry expires", async () => {
    vi.useFakeTimers();
    const owner = {};
    const load = vi.fn(async () => Math.random());
    const first = await cached(owner, "k", 1000, load);
    expect(await cached(owner, "k", 1000, load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    // Another database handle never sees this one's data.
    await cached({}, "k", 1000, load);
    expect(load).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1001);
    await cached(owner, "k", 1000, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  test("a query builder is run once, however often its entry is awaited", async () => {
    // Like Drizzle's builders: each await runs the query again.
    let runs = 0;
    const query: PromiseLike<string[]> = {
      then: (done) => Promise.resolve(done!([`run ${++runs}`])) as never,
    };
    const owner = {};
    expect(await cached(owner, "q", 1000, () => query)).toEqual(["run 1"]);
    expect(await cached(owner, "q", 1000, () => query)).toEqual(["run 1"]);
    shareWhileWatched(owner, { ttlMs: 1000, maxEntries: 10 });
    expect(await cachedShared(owner, "q", () => query)).toEqual(["run 2"]);
    expect(await cachedShared(owner, "q", () => query)).toEqual(["run 2"]);
    expect(runs).toBe(2);
  });

  test("a failed load is retried, and invalidate forgets an entry", async () => {
    const owner = {};
    await expect(
      cached(owner, "k", 60_000, () => Promise.reject(new Error("down"))),
    ).rejects.toThrow("down");
    expect(await cached(owner, "k", 60_000, async () => "up")).toBe("up");
    invalidate(owner, "k");
    expect(await cached(owner, "k", 60_000, async () => "fresh")).toBe("fresh");
  });
});

describe("cachedShared", () => {
  const sharing = { ttlMs: 1000, maxEntries: 3 };
  const counter = () => {
    let n = 0;
    return vi.fn(async () => ++n);
  };

  test("loads every time while sharing is off, once per key while it is on", async () => {
    const owner = {};
    const load = counter();
    expect(sharingTtl(owner)).toBeNull();
    expect([await cachedShared(owner, "k", load), await cachedShared(owner, "k", load)]).toEqual([
      1, 2,
    ]);
    shareWhileWatched(owner, sharing);
    expect(sharingTtl(owner)).toBe(1000);
    expect([await cachedShared(owner, "k", load), await cachedShared(owner, "k", load)]).toEqual([
      3, 3,
    ]);
    shareWhileWatched(owner, null);
    expect(await cachedShared(owner, "k", load)).toBe(4);
  });

  test("entries expire, the least recently used go first, and a failed load is not kept", async () => {
    vi.useFakeTimers();
    const owner = {};
    shareWhileWatched(owner, sharing);
    const load = counter();
    const a = await cachedShared(owner, "a", load);
    await cachedShared(owner, "b", load);
    await cachedShared(owner, "c", load);
    // "a" is used again, so "b" is the least recently used when "d" comes.
    expect(await cachedShared(owner, "a", load)).toBe(a);
    await cachedShared(owner, "d", load);
    expect(await cachedShared(owner, "a", load)).toBe(a);
    expect(await cachedShared(owner, "b", load)).toBe(5);
    vi.advanceTimersByTime(1001);
    expect(await cachedShared(owner, "a", load)).toBe(6);
    await expect(cachedShared(owner, "e", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cachedShared(owner, "e", async () => "up")).toBe("up");
  });

  test("a load that a change overtakes is not kept", async () => {
    const owner = {};
    shareWhileWatched(owner, sharing);
    let finish!: (value: string) => void;
    const before = cachedShared(
      owner,
      "k",
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    invalidateAll(owner);
    finish("old");
    expect(await before).toBe("old");
    expect(await cachedShared(owner, "k", async () => "new")).toBe("new");
  });
});
