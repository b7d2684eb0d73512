/** Scenery props: ridges, clouds, sun, trees, palms, street lamps and the road. */

import { type Rng, range } from "#app/demo/artwork/random.server.ts";
import type { Frame } from "#app/demo/artwork/scene-kit.server.ts";
import { f } from "#app/demo/artwork/svg.server.ts";

/** Smooth closed "ridge" silhouette through the given points, closed at `bottom`. */
export function smoothRidge(points: Array<[number, number]>, bottom: number): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return "";
  let d = `M${f(first[0])} ${f(bottom)}L${f(first[0])} ${f(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p = points[i];
    const q = points[i + 1];
    if (!p || !q) continue;
    const mx = (p[0] + q[0]) / 2;
    const my = (p[1] + q[1]) / 2;
    d += `Q${f(p[0])} ${f(p[1])} ${f(mx)} ${f(my)}`;
  }
  // run flat past the last point so the shape always reaches the image edge
  const end = last[0] + 600;
  d += `L${f(last[0])} ${f(last[1])}L${f(end)} ${f(last[1])}L${f(end)} ${f(bottom)}Z`;
  return d;
}

export function jaggedRidge(points: Array<[number, number]>, bottom: number): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return "";
  return `M${f(first[0])} ${f(bottom)}${points.map(([x, y]) => `L${f(x)} ${f(y)}`).join("")}L${f(last[0])} ${f(bottom)}Z`;
}

export function clouds(
  rnd: Rng,
  W: number,
  H: number,
  top: number,
  bottom: number,
  color: string,
  shade: string,
  count: number,
  opacity: number,
): string {
  let body = "";
  let under = "";
  for (let i = 0; i < count; i++) {
    const cx = ((i + range(rnd, 0.1, 0.9)) / count) * W * 1.1 - W * 0.05;
    const by = range(rnd, top, bottom) * H;
    const w = range(rnd, 0.1, 0.2) * W;
    const hb = w * 0.13;
    body += `<rect x="${f(cx - w / 2)}" y="${f(by - hb)}" width="${f(w)}" height="${f(hb)}" rx="${f(hb / 2)}"/>`;
    const bumps: Array<[number, number]> = [
      [-0.27, 0.13],
      [-0.06, 0.2],
      [0.2, 0.15],
    ];
    for (const [dx, rr] of bumps) {
      const r = w * rr * range(rnd, 0.85, 1.15);
      body += `<circle cx="${f(cx + dx * w)}" cy="${f(by - r)}" r="${f(r)}"/>`;
    }
    under += `<rect x="${f(cx - w / 2 + hb * 0.2)}" y="${f(by - hb * 0.45)}" width="${f(w - hb * 0.4)}" height="${f(hb * 0.45)}" rx="${f(hb * 0.22)}"/>`;
  }
  return `<g opacity="${opacity}"><g fill="${color}">${body}</g><g fill="${shade}">${under}</g></g>`;
}

export function sun(cx: number, cy: number, r: number, core: string): string {
  return (
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 5)}" fill="url(#s-sunglow)"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${core}"/>`
  );
}

export function pineTree(x: number, b: number, h: number, w: number): string {
  const p: Array<[number, number]> = [
    [0, -1],
    [0.3, -0.64],
    [0.17, -0.64],
    [0.4, -0.32],
    [0.25, -0.32],
    [0.5, -0.07],
    [0.06, -0.07],
    [0.06, 0],
    [-0.06, 0],
    [-0.06, -0.07],
    [-0.5, -0.07],
    [-0.25, -0.32],
    [-0.4, -0.32],
    [-0.17, -0.64],
    [-0.3, -0.64],
  ];
  return `M${p.map(([px, py]) => `${Math.round(x + px * w)} ${Math.round(b + py * h)}`).join("L")}Z`;
}

export function roundTree(x: number, b: number, h: number): string {
  const r = h * 0.34;
  return (
    `M${f(x - h * 0.03)} ${f(b)}L${f(x - h * 0.03)} ${f(b - h * 0.45)}L${f(x + h * 0.03)} ${f(b - h * 0.45)}L${f(x + h * 0.03)} ${f(b)}Z` +
    `M${f(x - r)} ${f(b - h + r)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z` +
    `M${f(x - r * 1.25)} ${f(b - h * 0.45)}a${f(r * 0.75)} ${f(r * 0.75)} 0 1 0 ${f(r * 1.5)} 0a${f(r * 0.75)} ${f(r * 0.75)} 0 1 0 ${f(-r * 1.5)} 0Z` +
    `M${f(x - r * 0.25)} ${f(b - h * 0.5)}a${f(r * 0.78)} ${f(r * 0.78)} 0 1 0 ${f(r * 1.56)} 0a${f(r * 0.78)} ${f(r * 0.78)} 0 1 0 ${f(-r * 1.56)} 0Z`
  );
}

export function palm(x: number, b: number, h: number, lean: number, color: string): string {
  const tx = x + lean * h;
  const ty = b - h;
  let s = `<path d="M${f(x - h * 0.025)} ${f(b)}Q${f(x + lean * h * 0.2)} ${f(b - h * 0.6)} ${f(tx - h * 0.012)} ${f(ty)}L${f(tx + h * 0.012)} ${f(ty)}Q${f(x + lean * h * 0.2 + h * 0.03)} ${f(b - h * 0.6)} ${f(x + h * 0.025)} ${f(b)}Z" fill="${color}"/>`;
  const fronds: Array<[number, number]> = [
    [-0.55, 0.12],
    [-0.42, -0.08],
    [-0.15, -0.2],
    [0.15, -0.2],
    [0.42, -0.06],
    [0.55, 0.14],
    [0.05, 0.3],
  ];
  let d = "";
  for (const [dx, dy] of fronds) {
    const ex = tx + dx * h;
    const ey = ty + dy * h + h * 0.12;
    const mx = tx + dx * h * 0.5;
    const my = ty + dy * h - h * 0.08;
    d += `M${f(tx)} ${f(ty)}Q${f(mx)} ${f(my - h * 0.04)} ${f(ex)} ${f(ey)}Q${f(mx)} ${f(my + h * 0.06)} ${f(tx)} ${f(ty)}Z`;
  }
  s += `<path d="${d}" fill="${color}"/>`;
  return s;
}

export function streetLamp(x: number, b: number, h: number, color: string, lit: boolean): string {
  let s = `<path d="M${f(x - 3)} ${f(b)}L${f(x - 2)} ${f(b - h)}Q${f(x)} ${f(b - h - 14)} ${f(x + 30)} ${f(b - h - 12)}L${f(x + 30)} ${f(b - h - 8)}Q${f(x + 4)} ${f(b - h - 8)} ${f(x + 2)} ${f(b - h)}L${f(x + 3)} ${f(b)}Z" fill="${color}"/>`;
  s += `<rect x="${f(x + 20)}" y="${f(b - h - 12)}" width="22" height="7" rx="3" fill="${color}"/>`;
  if (lit) {
    s += `<circle cx="${f(x + 31)}" cy="${f(b - h - 2)}" r="60" fill="url(#s-lampglow)"/>`;
    s += `<rect x="${f(x + 22)}" y="${f(b - h - 6)}" width="18" height="3" rx="1.5" fill="#fff3c8"/>`;
  }
  return s;
}

export function roadLayer(
  fr: Frame,
  top: number,
  bottom: number,
  line: string,
  edge: string,
  rnd: Rng,
): string {
  const { W } = fr;
  let s = `<rect x="0" y="${f(top)}" width="${W}" height="${f(bottom - top)}" fill="url(#s-road)"/>`;
  s += `<rect x="0" y="${f(top)}" width="${W}" height="4" fill="${edge}" opacity="0.7"/>`;
  const laneY = top + (bottom - top) * 0.42;
  const dash = W * 0.07;
  const off = rnd() * dash * 2;
  let d = "";
  for (let x = -off; x < W; x += dash * 2) d += `M${f(x)} ${f(laneY)}h${f(dash)}v5h${f(-dash)}Z`;
  s += `<path d="${d}" fill="${line}" opacity="0.85"/>`;
  s += `<rect x="0" y="${f(top)}" width="${W}" height="${f(bottom - top)}" fill="url(#s-roadsheen)"/>`;
  return s;
}
