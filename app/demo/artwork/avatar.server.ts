import { hashSeed, mulberry32, pick, range } from "#app/demo/artwork/random.server.ts";
import { f, linear, radial, svgDoc } from "#app/demo/artwork/svg.server.ts";

/** A profile picture, 512x512. */
export function avatarSvg(options: { initials: string; seed: number }): string {
  const initials = options.initials
    .toUpperCase()
    .replace(/[^A-Z]/g, "")
    .slice(0, 2);
  const rnd = mulberry32(hashSeed("avatar", options.seed));
  const palettes: Array<[string, string]> = [
    ["#6366f1", "#a855f7"],
    ["#0ea5e9", "#2563eb"],
    ["#f59e0b", "#ef4444"],
    ["#10b981", "#0d9488"],
    ["#ec4899", "#f43f5e"],
    ["#14b8a6", "#3b82f6"],
    ["#f97316", "#db2777"],
    ["#8b5cf6", "#3b82f6"],
    ["#22c55e", "#0ea5e9"],
    ["#64748b", "#334155"],
  ];
  const [a, b] = pick(rnd, palettes);
  const angle = Math.floor(rnd() * 4);
  const dirs: Array<[number, number, number, number]> = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0.5, 0, 0.5, 1],
  ];
  const [x1, y1, x2, y2] = dirs[angle] ?? [0, 0, 1, 1];
  let defs = linear(
    "a-bg",
    [
      [0, a],
      [1, b],
    ],
    x1,
    y1,
    x2,
    y2,
  );
  defs += radial("a-shine", [
    [0, "#ffffff", 0.35],
    [1, "#ffffff", 0],
  ]);
  let s = `<rect width="512" height="512" fill="url(#a-bg)"/>`;
  s += `<circle cx="${f(range(rnd, 60, 200))}" cy="${f(range(rnd, 40, 160))}" r="${f(range(rnd, 180, 260))}" fill="url(#a-shine)"/>`;
  s += `<circle cx="${f(range(rnd, 380, 480))}" cy="${f(range(rnd, 380, 480))}" r="${f(range(rnd, 120, 180))}" fill="#ffffff" opacity="0.08"/>`;
  s += `<circle cx="${f(range(rnd, 360, 460))}" cy="${f(range(rnd, 40, 120))}" r="${f(range(rnd, 30, 60))}" fill="#ffffff" opacity="0.1"/>`;
  if (initials.length > 0) {
    const size = initials.length === 1 ? 210 : 172;
    const baseline = 256 + size * 0.729 * 0.5;
    const font = `font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${size}" text-anchor="middle" letter-spacing="${initials.length === 1 ? 0 : -2}"`;
    s += `<text x="258" y="${f(baseline + 6)}" ${font} fill="#000000" opacity="0.14">${initials}</text>`;
    s += `<text x="256" y="${f(baseline)}" ${font} fill="#ffffff">${initials}</text>`;
  } else {
    s += `<g fill="#ffffff" opacity="0.92"><circle cx="256" cy="206" r="88"/><path d="M92 512Q92 330 256 326Q420 330 420 512Z"/></g>`;
  }
  return svgDoc(512, 512, defs, s);
}
