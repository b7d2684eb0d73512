/** Scenes out of town: desert, forest and mountains. */

import { darken, lighten, mix } from "#app/demo/artwork/color.server.ts";
import { range } from "#app/demo/artwork/random.server.ts";
import { roadDefs, type SceneDraft, skyRect, sunGlow } from "#app/demo/artwork/scene-kit.server.ts";
import {
  clouds,
  jaggedRidge,
  pineTree,
  roadLayer,
  smoothRidge,
  sun,
} from "#app/demo/artwork/scenery.server.ts";
import { f, linear } from "#app/demo/artwork/svg.server.ts";

/** Desert road with mesas, dunes and cacti. */
export function desertScene(sp: SceneDraft): void {
  const { fr, rnd, golden, horizon, roadTop, roadBottom } = sp;
  const { W, H } = fr;
  const top = golden ? "#3f3a78" : "#4f9fdc";
  const mid = golden ? "#d9706a" : "#a7d0ee";
  const bot = golden ? "#ffc27a" : "#fbe6c4";
  sp.sky = golden ? "#e9a07a" : "#cfe3f2";
  sp.ground = golden ? "#7a4a34" : "#b88a5a";
  sp.back += skyRect(sp, [
    [0, top],
    [0.6, mid],
    [1, bot],
  ]);
  sp.defs += sunGlow(golden ? "#ffcf8a" : "#fff4d0");
  if (golden) sp.back += sun(W * 0.86, horizon - H * 0.1, H * 0.07, "#fff0c8");
  else sp.back += sun(W * 0.78, H * 0.15, H * 0.055, "#fffdf0");
  sp.back += clouds(
    rnd,
    W,
    H,
    0.1,
    0.24,
    golden ? "#f0a08a" : "#ffffff",
    golden ? "#c0707a" : "#e3edf5",
    2,
    golden ? 0.6 : 0.9,
  );
  // mesas
  const mesaC = golden ? "#a35a68" : mix("#c0754e", bot, 0.2);
  let mesas = "";
  for (let i = 0; i < 3; i++) {
    const cx = range(rnd, 0.05, 0.95) * W;
    const w = range(rnd, 0.12, 0.25) * W;
    const h = range(rnd, 0.07, 0.13) * H;
    const b = horizon + H * 0.05;
    mesas += `M${f(cx - w / 2 - h * 0.8)} ${f(b)}L${f(cx - w / 2)} ${f(b - h * 0.7)}L${f(cx - w / 2 + h * 0.1)} ${f(b - h)}L${f(cx + w / 2 - h * 0.1)} ${f(b - h)}L${f(cx + w / 2)} ${f(b - h * 0.7)}L${f(cx + w / 2 + h * 0.8)} ${f(b)}Z`;
  }
  sp.back += `<path d="${mesas}" fill="${mesaC}"/>`;
  // dunes
  const layers: Array<[string, number, number]> = golden
    ? [
        ["#d98a62", horizon + H * 0.03, 0.04],
        ["#c0704f", horizon + H * 0.09, 0.05],
      ]
    : [
        ["#edc48e", horizon + H * 0.03, 0.04],
        ["#e2ad72", horizon + H * 0.09, 0.05],
      ];
  for (const [c, y, amp] of layers) {
    const pts: Array<[number, number]> = [];
    for (let x = -100; x <= W + 200; x += W * 0.12) pts.push([x, y - rnd() * amp * H]);
    sp.back += `<path d="${smoothRidge(pts, roadTop + 2)}" fill="${c}"/>`;
  }
  // cacti
  const cactusC = golden ? "#4a3a3a" : "#5f7f4f";
  let cactus = "";
  for (let i = 0; i < 4; i++) {
    const x = range(rnd, 0.03, 0.97) * W;
    const b = roadTop - H * range(rnd, 0.0, 0.03);
    const h = H * range(rnd, 0.06, 0.12);
    const side = rnd() < 0.5 ? -1 : 1;
    cactus += `M${f(x)} ${f(b)}V${f(b - h)}M${f(x)} ${f(b - h * 0.45)}h${f(side * h * 0.22)}v${f(-h * 0.3)}M${f(x)} ${f(b - h * 0.6)}h${f(-side * h * 0.18)}v${f(-h * 0.22)}`;
  }
  sp.back += `<path d="${cactus}" fill="none" stroke="${cactusC}" stroke-width="${f(H * 0.016)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  roadDefs(sp, golden ? "#5b4a4a" : "#6a6562");
  sp.back += `<rect x="0" y="${f(roadTop - 6)}" width="${W}" height="8" fill="${golden ? "#b8775a" : "#d8b07e"}"/>`;
  sp.back += roadLayer(
    fr,
    roadTop,
    roadBottom,
    golden ? "#f2c46b" : "#f5c542",
    golden ? "#d9906a" : "#e9c897",
    rnd,
  );
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#b06d4e" : "#e3b57e"}"/>`;
  const fpts: Array<[number, number]> = [];
  for (let x = -100; x <= W + 200; x += W * 0.15) fpts.push([x, roadBottom + 6 + rnd() * H * 0.02]);
  sp.front += `<path d="${smoothRidge(fpts, H)}" fill="${golden ? "#9c5d43" : "#d7a56c"}"/>`;
  let pebbles = "";
  for (let i = 0; i < 14; i++)
    pebbles += `<ellipse cx="${f(rnd() * W)}" cy="${f(roadBottom + H * 0.03 + rnd() * (H - roadBottom))}" rx="${f(range(rnd, 3, 8))}" ry="${f(range(rnd, 2, 4))}"/>`;
  sp.front += `<g fill="${golden ? "#6e3f31" : "#b9875a"}" opacity="0.6">${pebbles}</g>`;
}

/** Forest road with layered pines and distant hills. */
export function forestScene(sp: SceneDraft): void {
  const { fr, rnd, golden, horizon, roadTop, roadBottom } = sp;
  const { W, H } = fr;
  const top = golden ? "#5a6aa0" : "#6fb4e0";
  const mid = golden ? "#e9a48a" : "#b8dcef";
  const bot = golden ? "#ffd8a0" : "#eef7f0";
  sp.sky = golden ? "#e8b896" : "#cfe6ef";
  sp.ground = golden ? "#3d3a2e" : "#3e5a3c";
  sp.back += skyRect(sp, [
    [0, top],
    [0.6, mid],
    [1, bot],
  ]);
  sp.defs += sunGlow(golden ? "#ffd9a0" : "#fffbe6");
  if (golden) sp.back += sun(W * 0.22, horizon - H * 0.05, H * 0.06, "#fff3d6");
  else sp.back += sun(W * 0.2, H * 0.14, H * 0.05, "#fffdf2");
  sp.back += clouds(
    rnd,
    W,
    H,
    0.1,
    0.3,
    golden ? "#ffd9c0" : "#ffffff",
    golden ? "#e0a69a" : "#dcebf0",
    3,
    golden ? 0.65 : 0.95,
  );
  // distant hills
  const hillPts: Array<[number, number]> = [];
  for (let x = -100; x <= W + 200; x += W * 0.14)
    hillPts.push([x, horizon - H * range(rnd, 0.02, 0.1)]);
  sp.back += `<path d="${smoothRidge(hillPts, roadTop)}" fill="${golden ? "#a98aa0" : mix("#7fa8a0", bot, 0.45)}"/>`;
  const pineLayers: Array<[string, number, number, number]> = golden
    ? [
        ["#8a6f82", horizon + H * 0.02, 0.14, 0.04],
        ["#4e4a54", horizon + H * 0.08, 0.2, 0.055],
        ["#2a2d30", roadTop - H * 0.02, 0.28, 0.075],
      ]
    : [
        ["#86ac9a", horizon + H * 0.02, 0.14, 0.04],
        ["#4f8564", horizon + H * 0.08, 0.2, 0.055],
        ["#2a5a3f", roadTop - H * 0.02, 0.28, 0.075],
      ];
  for (const [c, b, hMax, wStep] of pineLayers) {
    let d = "";
    for (let x = range(rnd, -40, 0); x < W + 40; x += W * wStep * range(rnd, 0.55, 0.95)) {
      const h = H * hMax * range(rnd, 0.6, 1);
      d += pineTree(x, b + rnd() * 6, h, h * 0.42);
    }
    sp.back += `<path d="${d}" fill="${c}"/>`;
    sp.back += `<rect x="0" y="${f(b - H * 0.012)}" width="${W}" height="${f(roadTop - b + H * 0.014)}" fill="${c}"/>`;
  }
  // light rays in golden hour
  if (golden) {
    sp.defs += linear("s-ray", [
      [0, "#fff1c9", 0.35],
      [1, "#fff1c9", 0],
    ]);
    sp.back += `<path d="M${f(W * 0.22)} ${f(horizon - H * 0.05)}L${f(W * 0.9)} ${f(roadTop)}L${f(W * 0.6)} ${f(roadTop)}ZM${f(W * 0.22)} ${f(horizon - H * 0.05)}L${f(W * 0.45)} ${f(roadTop)}L${f(W * 0.34)} ${f(roadTop)}Z" fill="url(#s-ray)" opacity="0.6"/>`;
  }
  sp.back += `<rect x="0" y="${f(roadTop - 8)}" width="${W}" height="10" fill="${golden ? "#5a5a3a" : "#6f9a4f"}"/>`;
  roadDefs(sp, golden ? "#47444a" : "#4e5358");
  sp.back += roadLayer(fr, roadTop, roadBottom, "#f2f0e6", "#c8ccc9", rnd);
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#5d5a36" : "#5f8f45"}"/>`;
  let grass = "";
  for (let i = 0; i < 40; i++) {
    const x = rnd() * W;
    const b = roadBottom + H * 0.02 + rnd() * (H - roadBottom);
    const h = H * range(rnd, 0.015, 0.035);
    grass += `M${f(x - 5)} ${f(b)}L${f(x - 8)} ${f(b - h)}L${f(x)} ${f(b - 3)}L${f(x + 6)} ${f(b - h * 0.9)}L${f(x + 5)} ${f(b)}Z`;
  }
  sp.front += `<path d="${grass}" fill="${golden ? "#47462a" : "#4a7a36"}"/>`;
}

/** Mountain road below snowy peaks. */
export function mountainScene(sp: SceneDraft): void {
  const { fr, rnd, golden, horizon, roadTop, roadBottom } = sp;
  const { W, H } = fr;
  const top = golden ? "#44427f" : "#3f8fdc";
  const mid = golden ? "#c4849c" : "#9cc8ef";
  const bot = golden ? "#ffd0a0" : "#e6f2fb";
  sp.sky = golden ? "#d9a4a8" : "#cde3f5";
  sp.ground = golden ? "#3a3440" : "#4a5a48";
  sp.back += skyRect(sp, [
    [0, top],
    [0.65, mid],
    [1, bot],
  ]);
  sp.defs += sunGlow(golden ? "#ffd8b0" : "#fffbe6");
  if (golden) sp.back += sun(W * 0.85, horizon - H * 0.12, H * 0.05, "#fff0d8");
  else sp.back += sun(W * 0.85, H * 0.12, H * 0.045, "#fffdf2");
  sp.back += clouds(
    rnd,
    W,
    H,
    0.08,
    0.22,
    golden ? "#f2c1c0" : "#ffffff",
    golden ? "#b98aa8" : "#d9e8f5",
    2,
    0.9,
  );
  // far peaks with snow
  const pts: Array<[number, number]> = [];
  let x = -60;
  let up = true;
  while (x < W + 120) {
    pts.push([x, up ? horizon - H * range(rnd, 0.22, 0.36) : horizon - H * range(rnd, 0.06, 0.14)]);
    x += W * range(rnd, 0.08, 0.14);
    up = !up;
  }
  const far = jaggedRidge(pts, roadTop);
  const farC = golden ? "#9a7aa6" : mix("#7d93b3", bot, 0.25);
  sp.defs += `<clipPath id="s-peaks"><path d="${far}"/></clipPath>`;
  sp.defs += linear("s-rock", [
    [0, golden ? "#b08cb0" : lighten(farC, 0.15)],
    [1, golden ? "#7a6090" : darken(farC, 0.08)],
  ]);
  sp.back += `<path d="${far}" fill="url(#s-rock)"/>`;
  // shaded faces
  let shade = "";
  for (let i = 0; i + 1 < pts.length; i++) {
    const p = pts[i];
    const q = pts[i + 1];
    if (!p || !q) continue;
    if (p[1] < q[1])
      shade += `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}L${f(p[0] + (q[0] - p[0]) * 0.3)} ${f(roadTop)}Z`;
  }
  sp.back += `<path d="${shade}" fill="#1d2540" opacity="0.14" clip-path="url(#s-peaks)"/>`;
  let snow = "";
  const snowY = horizon - H * 0.17;
  snow += `M-100 -10H${W + 100}V${f(snowY)}`;
  for (let sx = W + 100; sx > -100; sx -= W * 0.02)
    snow += `L${f(sx)} ${f(snowY + (rnd() - 0.3) * H * 0.05)}`;
  snow += "Z";
  sp.back += `<path d="${snow}" fill="${golden ? "#ffe0e0" : "#f7fbff"}" clip-path="url(#s-peaks)"/>`;
  // mid ridge
  const mpts: Array<[number, number]> = [];
  for (let mx = -100; mx <= W + 200; mx += W * 0.1)
    mpts.push([mx, horizon - H * range(rnd, 0.0, 0.1)]);
  sp.back += `<path d="${smoothRidge(mpts, roadTop)}" fill="${golden ? "#5e4c70" : "#5f7d8f"}"/>`;
  // pine line
  let d = "";
  for (let px = range(rnd, -30, 0); px < W + 30; px += W * range(rnd, 0.018, 0.035)) {
    const h = H * range(rnd, 0.07, 0.13);
    d += pineTree(px, roadTop - H * 0.03, h, h * 0.4);
  }
  sp.back += `<path d="${d}" fill="${golden ? "#2e2a3a" : "#2f5a45"}"/>`;
  sp.back += `<rect x="0" y="${f(roadTop - H * 0.035)}" width="${W}" height="${f(H * 0.04)}" fill="${golden ? "#4a4a3a" : "#7aa25a"}"/>`;
  roadDefs(sp, golden ? "#403b46" : "#50555c");
  sp.back += roadLayer(fr, roadTop, roadBottom, "#f2f2ee", "#c9cfc6", rnd);
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#4f4d38" : "#6fa04e"}"/>`;
  let flowers = "";
  for (let i = 0; i < 30; i++)
    flowers += `<circle cx="${f(rnd() * W)}" cy="${f(roadBottom + H * 0.02 + rnd() * (H - roadBottom))}" r="${f(range(rnd, 2, 4))}"/>`;
  sp.front += `<g fill="${golden ? "#d9b0a0" : "#f4f0d8"}" opacity="0.8">${flowers}</g>`;
}
