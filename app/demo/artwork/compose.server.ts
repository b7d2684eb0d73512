/**
 * Composes a scene and a car into a finished picture (car photos, category
 * cards). Scenes are drawn in image pixels and the car, drawn in its own local
 * coordinates, is placed on top with a transform.
 */

import { type BodyStyle, carModel } from "#app/demo/artwork/bodies.server.ts";
import { carColors } from "#app/demo/artwork/car-parts.server.ts";
import { drawCar } from "#app/demo/artwork/car.server.ts";
import { validPaint } from "#app/demo/artwork/color.server.ts";
import { hashSeed, mulberry32 } from "#app/demo/artwork/random.server.ts";
import type { Frame, Time } from "#app/demo/artwork/scene-kit.server.ts";
import { type Scene, sceneParts } from "#app/demo/artwork/scenes.server.ts";
import { f, linearUser, stops, svgDoc } from "#app/demo/artwork/svg.server.ts";

export type View = "side" | "front-three-quarter-ish";

interface Placement {
  /** Scale of the car (local units to pixels). */
  s: number;
  /** Pixel x of the car's local x = 0 (or of x = length when mirrored). */
  x: number;
  groundY: number;
  mirror: boolean;
  /** Opacity of a sky-coloured veil over the background (fake depth of field). */
  haze: number;
  time: Time;
}

function composeCar(
  W: number,
  H: number,
  body: BodyStyle,
  paint: string,
  scene: Scene,
  p: Placement,
  seed: number,
  vignette: boolean,
): string {
  const rnd = mulberry32(hashSeed(seed, scene, p.time, W));
  const fr: Frame = { W, H, groundY: p.groundY };
  const sp = sceneParts(scene, p.time, fr, rnd);
  const car = drawCar({
    body,
    paint,
    sky: sp.sky,
    ground: sp.ground,
    headlightsOn: sp.headlightsOn,
    rot: Math.floor(mulberry32(seed)() * 72),
    ...(sp.ambient ? { ambient: sp.ambient } : {}),
  });
  const sc = Math.round(p.s * 1000) / 1000;
  const t = p.mirror
    ? `translate(${f(p.x + car.model.length * p.s)} ${f(p.groundY)}) scale(${-sc} ${sc})`
    : `translate(${f(p.x)} ${f(p.groundY)}) scale(${sc})`;
  let defs = sp.defs + car.defs;
  defs += `<g id="car">${car.car}</g>`;
  let body2 = sp.back;
  if (p.haze > 0)
    body2 += `<rect width="${W}" height="${H}" fill="${sp.sky}" opacity="${p.haze}"/>`;
  if (sp.reflectionFloor) {
    const sx = Math.round((p.mirror ? -p.s : p.s) * 1000) / 1000;
    const rt = `translate(${f(p.mirror ? p.x + car.model.length * p.s : p.x)} ${f(p.groundY)}) scale(${sx} ${Math.round(-p.s * 1000) / 1000})`;
    defs += linearUser(
      "s-reflfade",
      [
        [0, sp.reflectionFloor, 0.62],
        [1, sp.reflectionFloor, 1],
      ],
      0,
      p.groundY,
      0,
      p.groundY + 230 * p.s,
    );
    body2 += `<use href="#car" transform="${rt}"/>`;
    body2 += `<rect x="0" y="${f(p.groundY)}" width="${W}" height="${f(H - p.groundY)}" fill="url(#s-reflfade)"/>`;
  }
  body2 += sp.floor;
  body2 += `<g transform="${t}">${car.shadow}</g>`;
  body2 += `<use href="#car" transform="${t}"/>`;
  body2 += sp.front;
  if (vignette) {
    defs += `<radialGradient id="s-vig" cx="0.5" cy="0.5" r="0.75">${stops([
      [0.55, "#000000", 0],
      [1, "#000000", 0.28],
    ])}</radialGradient>`;
    body2 += `<rect width="${W}" height="${H}" fill="url(#s-vig)"/>`;
  }
  return svgDoc(W, H, defs, body2);
}

/** A car photo, 1600x1000, landscape. */
export function carPhotoSvg(options: {
  body: BodyStyle;
  paint: string;
  scene: Scene;
  variant: number;
  seed: number;
}): string {
  const W = 1600;
  const H = 1000;
  const { body, scene, seed } = options;
  const paint = validPaint(options.paint);
  const variant = ((Math.floor(options.variant) % 3) + 3) % 3;
  const len = body === "offroad" ? 900 : 1000;
  if (variant === 0) {
    const s = (W * 0.66) / len;
    const groundY = H * 0.83;
    return composeCar(
      W,
      H,
      body,
      paint,
      scene,
      { s, x: (W - len * s) / 2, groundY, mirror: false, haze: 0, time: "day" },
      seed,
      true,
    );
  }
  if (variant === 1) {
    const s = (W * 0.78) / len;
    const groundY = H * 0.87;
    return composeCar(
      W,
      H,
      body,
      paint,
      scene,
      { s, x: (W - len * s) / 2 + W * 0.02, groundY, mirror: true, haze: 0, time: "golden" },
      seed,
      true,
    );
  }
  // detail shot: front wheel + headlight, background softly out of focus
  const s = body === "offroad" ? 2.0 : 2.3;
  const m = carModel(body, carColors(paint, "#ffffff"), "#ffffff");
  const front = m.wheels[m.wheels.length - 1];
  const focusX = front ? (front.x + m.noseX) / 2 : m.length * 0.8;
  const groundY = H * 0.94;
  return composeCar(
    W,
    H,
    body,
    paint,
    scene,
    { s, x: W * 0.52 - focusX * s, groundY, mirror: false, haze: 0.3, time: "day" },
    seed,
    true,
  );
}

/** A category card picture, 1200x800. */
export function categorySvg(body: BodyStyle): string {
  const W = 1200;
  const H = 800;
  const setup: Record<BodyStyle, { scene: Scene; time: Time; paint: string }> = {
    sedan: { scene: "city", time: "day", paint: "#2f6fdf" },
    offroad: { scene: "desert", time: "golden", paint: "#5b6b3a" },
    muscle: { scene: "coast", time: "golden", paint: "#d4322c" },
    suv: { scene: "mountain", time: "day", paint: "#eef0f2" },
  };
  const c = setup[body];
  const len = body === "offroad" ? 900 : 1000;
  const s = (W * 0.7) / len;
  return composeCar(
    W,
    H,
    body,
    c.paint,
    c.scene,
    { s, x: (W - len * s) / 2, groundY: H * 0.85, mirror: false, haze: 0, time: c.time },
    7,
    false,
  );
}
