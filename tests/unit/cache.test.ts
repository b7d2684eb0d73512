import { afterEach, describe, expect, test, vi } from "vitest";

import { cached, invalidate } from "#app/services/cache.server.ts";

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
