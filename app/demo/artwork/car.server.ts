/** Draws a complete car (paint, glass, trim, lights, wheels) and its shadow. */

import { type BodyStyle, carModel } from "#app/demo/artwork/bodies.server.ts";
import {
  archShape,
  carColors,
  type CarModel,
  wheelSvg,
} from "#app/demo/artwork/car-parts.server.ts";
import { darken, lighten, luminance, mix, validPaint } from "#app/demo/artwork/color.server.ts";
import { f, linear, linearUser, radial } from "#app/demo/artwork/svg.server.ts";

interface CarDrawOptions {
  body: BodyStyle;
  paint: string;
  /** Warm/cool tint of the environment reflected in the paint. */
  sky: string;
  ground: string;
  headlightsOn: boolean;
  rot: number;
  /** Mix the paint towards this colour to match the scene's light. */
  ambient?: { tint: string; amount: number };
}

interface CarDrawing {
  defs: string;
  /** The car itself (no shadow), in local coordinates, to be placed in a <g>. */
  car: string;
  /** Ground shadow in local coordinates. */
  shadow: string;
  model: CarModel;
}

export function drawCar(o: CarDrawOptions): CarDrawing {
  const paint = o.ambient
    ? mix(validPaint(o.paint), o.ambient.tint, o.ambient.amount)
    : validPaint(o.paint);
  const lum = luminance(paint);
  const colors = carColors(paint, o.sky);
  const stripe = lum > 0.55 ? "#1d2128" : "#f4f5f7";
  const m = carModel(o.body, colors, stripe);
  const span = m.sill - m.top;
  const at = (y: number) => Math.max(0, Math.min(1, (y - m.top) / span));

  const defs =
    linearUser(
      "c-body",
      [
        [0, lighten(paint, 0.2)],
        [at(m.belt), mix(lighten(paint, 0.18), o.sky, 0.12)],
        [at(m.shoulder - 4), colors.hi],
        [at(m.shoulder + 3), mix(paint, o.sky, 0.04)],
        [at(m.shoulder + (m.sill - m.shoulder) * 0.45), darken(paint, 0.12)],
        [at(m.shoulder + (m.sill - m.shoulder) * 0.8), darken(paint, 0.35)],
        [1, mix(darken(paint, 0.5), o.ground, 0.15)],
      ],
      0,
      m.top,
      0,
      m.sill,
    ) +
    linear(
      "c-sheen",
      [
        [0, "#ffffff", 0],
        [0.18, "#ffffff", 0.1],
        [0.32, "#ffffff", 0],
        [0.62, "#ffffff", 0.06],
        [0.78, "#000000", 0.06],
        [1, "#000000", 0.16],
      ],
      0,
      0,
      1,
      0,
    ) +
    linear(
      "c-rearshade",
      [
        [0, "#000000", 0.22],
        [1, "#000000", 0],
      ],
      0,
      0,
      1,
      0,
    ) +
    linearUser(
      "c-glass",
      [
        [0, mix("#3d4c61", o.sky, 0.35)],
        [0.45, "#1f2834"],
        [1, "#0f141b"],
      ],
      0,
      m.top,
      0,
      m.belt,
    ) +
    radial("c-tyre", [
      [0, "#2e3136"],
      [0.78, "#25272c"],
      [0.9, "#1c1e22"],
      [1, "#101114"],
    ]) +
    linear(
      "c-rim",
      [
        [0, "#f7f9fb"],
        [0.45, "#b9c0c8"],
        [0.55, "#8f98a2"],
        [1, "#e5e9ee"],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear("c-chrome", [
      [0, "#ffffff"],
      [0.5, "#9ea7b1"],
      [0.56, "#5d6670"],
      [1, "#e3e7ec"],
    ]) +
    linear("c-head", [
      [0, "#ffffff"],
      [1, "#c9d3df"],
    ]) +
    linear("c-tail", [
      [0, "#ff5a5f"],
      [1, "#8e0f16"],
    ]) +
    radial("c-shadow", [
      [0, "#000000", 0.55],
      [0.6, "#000000", 0.25],
      [1, "#000000", 0],
    ]) +
    radial("c-contact", [
      [0, "#000000", 0.7],
      [0.7, "#000000", 0.35],
      [1, "#000000", 0],
    ]) +
    radial("c-glow", [
      [0, "#fff6d8", 0.9],
      [0.35, "#ffe7a8", 0.35],
      [1, "#ffe7a8", 0],
    ]) +
    `<clipPath id="c-shellclip"><path d="${m.shell}"/></clipPath>` +
    `<clipPath id="c-glassclip"><path d="${m.glass}"/></clipPath>`;

  const wheelsSvg = m.wheels
    .map((w, i) =>
      wheelSvg(w, m.wheelStyle, o.rot + i * 23, o.body === "muscle" ? "#2a2d33" : "#b3202a"),
    )
    .join("");
  const wells = m.wheels.map((w) => archShape(w, m.sill, -1)).join("");
  const handles = m.handles
    .map(
      ([x, y]) =>
        `<rect x="${f(x)}" y="${f(y)}" width="36" height="8" rx="4" fill="${darken(paint, 0.45)}" opacity="0.85"/><rect x="${f(x + 2)}" y="${f(y)}" width="32" height="3" rx="1.5" fill="#ffffff" opacity="0.35"/>`,
    )
    .join("");

  const minX = Math.min(...m.wheels.map((w) => w.x - w.r));
  const maxX = Math.max(...m.wheels.map((w) => w.x + w.r));
  const first = m.wheels[0];
  const last = m.wheels[m.wheels.length - 1];
  const midX = (minX + maxX) / 2;
  let shadow = `<ellipse cx="${f(midX)}" cy="4" rx="${f(m.length * 0.58)}" ry="34" fill="url(#c-shadow)"/>`;
  shadow += `<ellipse cx="${f(midX)}" cy="2" rx="${f((maxX - minX) * 0.52)}" ry="14" fill="url(#c-shadow)" opacity="0.8"/>`;
  for (const w of [first, last]) {
    if (!w) continue;
    shadow += `<ellipse cx="${f(w.x)}" cy="2" rx="${f(w.r * 1.15)}" ry="16" fill="url(#c-contact)"/>`;
  }

  let car = "";
  car += m.behind;
  car += `<path d="${wells}" fill="#0b0c0f"/>`;
  // inner wheel-well shading (back of the arch)
  car += `<path d="${m.shell}" fill="url(#c-body)"/>`;
  car += `<g clip-path="url(#c-shellclip)">`;
  car += `<rect x="-20" y="${f(m.top - 20)}" width="${f(m.length + 40)}" height="${f(-m.top + 20)}" fill="url(#c-sheen)"/>`;
  // crisp reflection of the horizon in the lower door skin
  car += `<path d="M0 ${f(m.shoulder + (m.sill - m.shoulder) * 0.42)}L${f(m.length)} ${f(m.shoulder + (m.sill - m.shoulder) * 0.36)}L${f(m.length)} ${f(m.sill)}L0 ${f(m.sill)}Z" fill="${o.ground}" opacity="0.12"/>`;
  car += `<path d="M0 ${f(m.shoulder - 2)}L${f(m.length)} ${f(m.shoulder - 8)}" stroke="#ffffff" stroke-width="3" opacity="0.55"/>`;
  car += `<path d="M0 ${f(m.shoulder + 4)}L${f(m.length)} ${f(m.shoulder - 2)}" stroke="${darken(paint, 0.35)}" stroke-width="2" opacity="0.35"/>`;
  car += m.overClipped;
  car += `</g>`;
  car += m.over;
  // glass
  car += `<path d="${m.glass}" fill="url(#c-glass)"/>`;
  car += `<g clip-path="url(#c-glassclip)">`;
  car += `<path d="M${f(m.length * 0.28)} ${f(m.top)}L${f(m.length * 0.36)} ${f(m.top)}L${f(m.length * 0.3)} ${f(m.belt)}L${f(m.length * 0.22)} ${f(m.belt)}Z" fill="#ffffff" opacity="0.14"/>`;
  car += `<path d="M${f(m.length * 0.4)} ${f(m.top)}L${f(m.length * 0.43)} ${f(m.top)}L${f(m.length * 0.37)} ${f(m.belt)}L${f(m.length * 0.34)} ${f(m.belt)}Z" fill="#ffffff" opacity="0.1"/>`;
  car += `<path d="M${f(m.length * 0.55)} ${f(m.top)}L${f(m.length * 0.66)} ${f(m.top)}L${f(m.length * 0.6)} ${f(m.belt)}L${f(m.length * 0.49)} ${f(m.belt)}Z" fill="#ffffff" opacity="0.08"/>`;
  car += `<rect x="0" y="${f(m.belt - 14)}" width="${f(m.length)}" height="14" fill="#000" opacity="0.25"/>`;
  car += m.pillars;
  car += `</g>`;
  car += `<path d="${m.glass}" fill="none" stroke="${o.body === "muscle" || o.body === "suv" ? "#d5dae0" : "#0d1014"}" stroke-width="${o.body === "muscle" || o.body === "suv" ? 2.5 : 3}" opacity="0.85"/>`;
  // panel gaps
  car += `<path d="${m.doorLines}" fill="none" stroke="${darken(paint, 0.6)}" stroke-width="2.2" opacity="0.55"/>`;
  car += `<path d="${m.doorLines}" fill="none" stroke="#ffffff" stroke-width="1" opacity="0.18" transform="translate(1.6 0)"/>`;
  car += handles;
  // lights
  car += `<path d="${m.headlight}" fill="url(#c-head)" stroke="${darken(paint, 0.5)}" stroke-width="1.5"/>`;
  car += `<path d="${m.taillight}" fill="url(#c-tail)" stroke="#5a0a0e" stroke-width="1.5"/>`;
  // mirror
  car += `<path d="${m.mirror}" fill="url(#c-body)" stroke="${colors.edge}" stroke-width="1.5"/>`;
  // outline
  car += `<path d="${m.shell}" fill="none" stroke="${colors.edge}" stroke-width="2.5" stroke-linejoin="round" opacity="0.9"/>`;
  car += wheelsSvg;
  if (o.headlightsOn) {
    const hx = m.noseX + 50;
    const hy =
      o.body === "offroad" ? -262 : o.body === "suv" ? -270 : o.body === "muscle" ? -200 : -220;
    car += `<ellipse cx="${f(hx)}" cy="${f(hy)}" rx="70" ry="44" fill="url(#c-glow)"/>`;
    car += `<path d="M${f(hx)} ${f(hy - 6)}L${f(hx + 520)} ${f(hy + 120)}L${f(hx + 520)} ${f(hy + 190)}L${f(hx)} ${f(hy + 8)}Z" fill="#fff2c4" opacity="0.12"/>`;
    car += `<ellipse cx="14" cy="${f(hy + 10)}" rx="22" ry="18" fill="#ff3b3b" opacity="0.18"/>`;
  }
  return { defs, car, shadow, model: m };
}
