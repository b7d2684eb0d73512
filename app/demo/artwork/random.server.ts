/** Seeded pseudo-random numbers: the same seed always draws the same picture. */

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashSeed(...parts: Array<string | number>): number {
  let h = 2166136261;
  for (const ch of parts.join("|")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function range(rnd: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rnd();
}

export function pick<T>(rnd: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length) % items.length];
  if (item === undefined) throw new Error("pick() from an empty list");
  return item;
}
