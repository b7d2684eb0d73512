/**
 * Shared car parts: the model shape every body style fills in, paint colours,
 * wheel arches and wheels.
 *
 * Cars are drawn in a local coordinate system: facing right (front at larger
 * x), the ground at y = 0 and the body above it (negative y), about 1000 units
 * long.
 */

import { darken, lighten, luminance, mix } from "#app/demo/artwork/color.server.ts";
import { f } from "#app/demo/artwork/svg.server.ts";

type WheelStyle = "alloy" | "sport" | "mag" | "offroad";

export interface Wheel {
  x: number;
  r: number;
  rim: number;
  archR: number;
}

export interface CarModel {
  length: number;
  top: number;
  sill: number;
  belt: number;
  shoulder: number;
  shell: string;
  glass: string;
  /** Dark pillar / trim shapes drawn over the glass. */
  pillars: string;
  doorLines: string;
  handles: Array<[number, number]>;
  mirror: string;
  headlight: string;
  taillight: string;
  wheels: Wheel[];
  wheelStyle: WheelStyle;
  /** Extra markup drawn behind the body (spare wheel, ...). */
  behind: string;
  /** Extra markup drawn over the body (bumpers, trim, racks, ...). */
  over: string;
  /** Extra markup drawn over the body paint, clipped to the body outline. */
  overClipped: string;
  /** x of the headlight area, used to frame detail shots. */
  noseX: number;
}

export interface CarColors {
  paint: string;
  /** Highlight colour (sky reflection on the upper body side). */
  hi: string;
  /** Outline / panel-gap colour. */
  edge: string;
  /** Black plastic trim. */
  trim: string;
}

export function carColors(paint: string, sky: string): CarColors {
  const lum = luminance(paint);
  return {
    paint,
    hi: mix(lighten(paint, lum > 0.7 ? 0.6 : 0.42), sky, 0.18),
    edge: darken(paint, lum < 0.15 ? 0.2 : 0.55),
    trim: "#1a1d23",
  };
}

/** Bottom edge of the body from the front to the rear with wheel arches. */
export function bottomWithArches(
  frontX: number,
  rearX: number,
  sill: number,
  wheels: Wheel[],
): string {
  let d = `L${f(frontX)} ${f(sill)}`;
  const sorted = [...wheels].sort((a, b) => b.x - a.x);
  for (const w of sorted) {
    const cy = -w.r;
    const dy = sill - cy;
    const dx = Math.sqrt(Math.max(0, w.archR * w.archR - dy * dy));
    const large = sill > cy ? 1 : 0;
    d += `L${f(w.x + dx)} ${f(sill)}A${f(w.archR)} ${f(w.archR)} 0 ${large} 0 ${f(w.x - dx)} ${f(sill)}`;
  }
  d += `L${f(rearX)} ${f(sill)}Z`;
  return d;
}

export function archShape(w: Wheel, sill: number, grow = 0): string {
  const cy = -w.r;
  const R = w.archR + grow;
  const dy = sill - cy;
  const dx = Math.sqrt(Math.max(0, R * R - dy * dy));
  const large = sill > cy ? 1 : 0;
  return `M${f(w.x + dx)} ${f(sill)}A${f(R)} ${f(R)} 0 ${large} 0 ${f(w.x - dx)} ${f(sill)}Z`;
}

export function archStroke(w: Wheel, sill: number, grow: number): string {
  const cy = -w.r;
  const R = w.archR + grow;
  const dy = sill - cy;
  const dx = Math.sqrt(Math.max(0, R * R - dy * dy));
  const large = sill > cy ? 1 : 0;
  return `M${f(w.x + dx)} ${f(sill)}A${f(R)} ${f(R)} 0 ${large} 0 ${f(w.x - dx)} ${f(sill)}`;
}

export function wheelSvg(w: Wheel, style: WheelStyle, rot: number, caliper: string): string {
  const { r, rim } = w;
  const cx = w.x;
  const cy = -w.r;
  let s = `<g transform="translate(${f(cx)} ${f(cy)})">`;
  // tyre
  if (style === "offroad") {
    const n = 26;
    let lugs = "";
    for (let i = 0; i < n; i++) {
      const a = (i * 360) / n + rot;
      lugs += `<rect x="-9" y="${f(-r - 5)}" width="18" height="20" rx="3" transform="rotate(${f(a)})"/>`;
    }
    s += `<g fill="#17181b">${lugs}</g>`;
  }
  s += `<circle r="${f(r)}" fill="url(#c-tyre)"/>`;
  s += `<circle r="${f(r * 0.93)}" fill="none" stroke="#2f3238" stroke-width="2"/>`;
  if (style === "mag") {
    s += `<circle r="${f(rim + 9)}" fill="none" stroke="#d8343c" stroke-width="3" opacity="0.85"/>`;
  }
  if (style === "offroad") {
    let blocks = "";
    for (let i = 0; i < 13; i++) {
      const a = (i * 360) / 13 + rot * 0.5;
      blocks += `<rect x="-5" y="${f(-r * 0.9)}" width="10" height="${f(r * 0.1)}" rx="2" transform="rotate(${f(a)})"/>`;
    }
    s += `<g fill="#2b2d32">${blocks}</g>`;
  }
  // rim
  s += `<circle r="${f(rim)}" fill="url(#c-rim)"/>`;
  s += `<circle r="${f(rim * 0.9)}" fill="#15171b"/>`;
  // brake disc + caliper
  if (style !== "offroad") {
    s += `<circle r="${f(rim * 0.72)}" fill="#55595f"/><circle r="${f(rim * 0.62)}" fill="none" stroke="#6b7077" stroke-width="3"/>`;
    s += `<path d="M${f(-rim * 0.25)} ${f(-rim * 0.74)}A${f(rim * 0.78)} ${f(rim * 0.78)} 0 0 1 ${f(rim * 0.55)} ${f(-rim * 0.55)}L${f(rim * 0.4)} ${f(-rim * 0.4)}A${f(rim * 0.58)} ${f(rim * 0.58)} 0 0 0 ${f(-rim * 0.18)} ${f(-rim * 0.55)}Z" fill="${caliper}"/>`;
  }
  const spoke = (w1: number, w2: number, h: number, rr: number, a: number) =>
    `<path d="M${f(-w1)} ${f(-h)}L${f(-w2)} ${f(-rr)}L${f(w2)} ${f(-rr)}L${f(w1)} ${f(-h)}Z" transform="rotate(${f(a)})"/>`;
  let spokes = "";
  switch (style) {
    case "alloy":
      for (let i = 0; i < 5; i++) {
        const a = i * 72 + rot;
        spokes +=
          spoke(4, 5, rim * 0.2, rim * 0.93, a - 8) + spoke(4, 5, rim * 0.2, rim * 0.93, a + 8);
      }
      s += `<g fill="url(#c-rim)">${spokes}</g>`;
      break;
    case "sport":
      for (let i = 0; i < 6; i++) {
        const a = i * 60 + rot;
        spokes +=
          spoke(5, 3.5, rim * 0.22, rim * 0.93, a - 6) +
          spoke(5, 3.5, rim * 0.22, rim * 0.93, a + 6);
      }
      s += `<g fill="#3a3f47">${spokes}</g><g fill="url(#c-rim)" transform="scale(0.97)">${spokes}</g>`;
      break;
    case "mag": {
      for (let i = 0; i < 5; i++) {
        const a = i * 72 + rot;
        spokes += spoke(9, 14, rim * 0.2, rim * 0.93, a);
      }
      s += `<g fill="url(#c-rim)">${spokes}</g>`;
      // slots in the spokes
      let slots = "";
      for (let i = 0; i < 5; i++) {
        const a = i * 72 + rot;
        slots += `<rect x="-3" y="${f(-rim * 0.78)}" width="6" height="${f(rim * 0.42)}" rx="3" transform="rotate(${f(a)})"/>`;
      }
      s += `<g fill="#2a2d33">${slots}</g>`;
      break;
    }
    case "offroad": {
      s += `<circle r="${f(rim * 0.9)}" fill="#2c3036"/>`;
      let holes = "";
      for (let i = 0; i < 8; i++) {
        const a = ((i * 45 + rot) * Math.PI) / 180;
        holes += `<circle cx="${f(Math.cos(a) * rim * 0.58)}" cy="${f(Math.sin(a) * rim * 0.58)}" r="${f(rim * 0.13)}"/>`;
      }
      s += `<g fill="#121317">${holes}</g>`;
      let bolts = "";
      for (let i = 0; i < 16; i++) {
        const a = ((i * 22.5 + rot) * Math.PI) / 180;
        bolts += `<circle cx="${f(Math.cos(a) * rim * 0.95)}" cy="${f(Math.sin(a) * rim * 0.95)}" r="2.6"/>`;
      }
      s += `<g fill="#9aa1aa">${bolts}</g>`;
      break;
    }
  }
  // hub
  s += `<circle r="${f(rim * 0.24)}" fill="url(#c-rim)"/>`;
  s += `<circle r="${f(rim * 0.1)}" fill="#2a2d33"/>`;
  // rim lip highlight
  s += `<circle r="${f(rim - 1.5)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>`;
  s += `</g>`;
  return s;
}
