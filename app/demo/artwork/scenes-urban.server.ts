/** Built-up scenes: a city street, a seaside promenade and a photo studio. */

import { mix } from "#app/demo/artwork/color.server.ts";
import { range } from "#app/demo/artwork/random.server.ts";
import { roadDefs, type SceneDraft, skyRect, sunGlow } from "#app/demo/artwork/scene-kit.server.ts";
import {
  clouds,
  palm,
  roadLayer,
  roundTree,
  streetLamp,
  sun,
} from "#app/demo/artwork/scenery.server.ts";
import { f, linear, radial, stops } from "#app/demo/artwork/svg.server.ts";

/** Street with a skyline; at golden hour a dusk city with lit windows and lamps. */
export function cityScene(sp: SceneDraft): void {
  const { fr, rnd, golden, horizon, roadTop, roadBottom } = sp;
  const { W, H } = fr;
  const dusk = golden;
  const top = dusk ? "#1f2452" : "#4f9be0";
  const mid = dusk ? "#7b4f8e" : "#9cc9ef";
  const bot = dusk ? "#f4a468" : "#e4f1fb";
  sp.sky = dusk ? "#c98a8a" : "#c9e0f5";
  sp.ground = dusk ? "#2a2530" : "#4b5058";
  sp.headlightsOn = dusk;
  if (dusk) sp.ambient = { tint: "#2a2350", amount: 0.22 };
  sp.back += skyRect(sp, [
    [0, top],
    [0.55, mid],
    [1, bot],
  ]);
  sp.defs += sunGlow(dusk ? "#ffb36b" : "#fff7d6");
  sp.defs += radial("s-lampglow", [
    [0, "#ffe7a0", 0.7],
    [1, "#ffe7a0", 0],
  ]);
  if (dusk) sp.back += sun(W * 0.7, horizon + H * 0.02, H * 0.07, "#ffd59a");
  else sp.back += sun(W * 0.82, H * 0.14, H * 0.05, "#fffbea");
  sp.back += clouds(
    rnd,
    W,
    H,
    0.12,
    0.34,
    dusk ? "#e7a39a" : "#ffffff",
    dusk ? "#b9788a" : "#dce9f6",
    3,
    dusk ? 0.55 : 0.95,
  );
  // far skyline
  const farC = dusk ? "#5b4a78" : mix("#8aa3c2", bot, 0.45);
  const nearC = dusk ? "#2c2748" : "#5f7896";
  const winC = dusk ? "#ffd98a" : "#a9c4e0";
  sp.defs += `<pattern id="s-win" width="16" height="22" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="8" height="11" fill="${winC}" opacity="${dusk ? 0.9 : 0.55}"/></pattern>`;
  sp.defs += `<pattern id="s-win2" width="48" height="66" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="8" height="11" fill="${nearC}"/><rect x="20" y="27" width="8" height="11" fill="${nearC}"/><rect x="36" y="49" width="8" height="11" fill="${nearC}"/><rect x="36" y="5" width="8" height="11" fill="${nearC}"/></pattern>`;
  let far = "";
  for (let x = -20; x < W;) {
    const w = range(rnd, 0.03, 0.07) * W;
    const h = range(rnd, 0.12, 0.3) * H;
    far += `M${f(x)} ${f(roadTop)}V${f(horizon - h)}h${f(w)}V${f(roadTop)}Z`;
    if (rnd() < 0.2)
      far += `M${f(x + w / 2 - 2)} ${f(horizon - h)}v${f(-H * 0.05)}h4v${f(H * 0.05)}Z`;
    x += w + range(rnd, -0.005, 0.01) * W;
  }
  sp.back += `<path d="${far}" fill="${farC}"/>`;
  let near = "";
  const nearRects: string[] = [];
  for (let x = range(rnd, -60, 0); x < W;) {
    const w = range(rnd, 0.05, 0.1) * W;
    const h = range(rnd, 0.06, 0.22) * H;
    const y = horizon + H * 0.06 - h;
    near += `M${f(x)} ${f(roadTop)}V${f(y)}h${f(w)}V${f(roadTop)}Z`;
    nearRects.push(
      `<rect x="${f(x + 8)}" y="${f(y + 12)}" width="${f(w - 16)}" height="${f(roadTop - y - 30)}" fill="url(#s-win)"/>`,
    );
    x += w + range(rnd, 0.01, 0.05) * W;
  }
  sp.back += `<path d="${near}" fill="${nearC}"/>` + nearRects.join("");
  if (dusk)
    sp.back += `<g opacity="0.55">${nearRects.join("").replaceAll("s-win)", "s-win2)")}</g>`;
  // sidewalk + trees + lamps
  const walkTop = roadTop - H * 0.035;
  sp.back += `<rect x="0" y="${f(walkTop)}" width="${W}" height="${f(roadTop - walkTop)}" fill="${dusk ? "#4a4152" : "#b9bec6"}"/>`;
  sp.back += `<rect x="0" y="${f(walkTop)}" width="${W}" height="3" fill="${dusk ? "#6a5d70" : "#d9dde2"}"/>`;
  let trees = "";
  for (let x = range(rnd, 0.05, 0.15) * W; x < W; x += range(rnd, 0.22, 0.32) * W)
    trees += roundTree(x, walkTop + 4, H * range(rnd, 0.15, 0.19));
  sp.back += `<path d="${trees}" fill="${dusk ? "#2f3a3a" : "#4f8a5f"}"/>`;
  for (let x = range(rnd, 0.1, 0.2) * W; x < W; x += W * 0.3)
    sp.back += streetLamp(x, walkTop + 6, H * 0.22, dusk ? "#1d1b29" : "#3d4652", dusk);
  roadDefs(sp, dusk ? "#35313d" : "#4a4f57");
  sp.back += roadLayer(
    fr,
    roadTop,
    roadBottom,
    dusk ? "#e8d7b0" : "#f3f3f0",
    dusk ? "#6a5d70" : "#e6e8eb",
    rnd,
  );
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${dusk ? "#3a3342" : "#a9afb8"}"/>`;
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="8" fill="${dusk ? "#5a4f62" : "#d3d7dc"}"/>`;
  let tiles = "";
  for (let x = 0; x < W; x += 90) tiles += `M${x} ${f(roadBottom + 8)}V${H}`;
  sp.front += `<path d="${tiles}" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`;
}

/** Seaside road with a sea wall, palms and a headland. */
export function coastScene(sp: SceneDraft): void {
  const { fr, rnd, golden, horizon, roadTop, roadBottom } = sp;
  const { W, H } = fr;
  const top = golden ? "#3a3a78" : "#3f9fe0";
  const mid = golden ? "#e0786e" : "#9fd2f2";
  const bot = golden ? "#ffcf8c" : "#e8f6fc";
  sp.sky = golden ? "#e9a488" : "#cfe8f6";
  sp.ground = golden ? "#4a3a44" : "#6b7077";
  const seaTop = horizon - H * 0.03;
  sp.back += skyRect(sp, [
    [0, top],
    [0.7, mid],
    [1, bot],
  ]);
  sp.defs += sunGlow(golden ? "#ffd08a" : "#fffbe6");
  if (golden) sp.back += sun(W * 0.62, seaTop - H * 0.03, H * 0.075, "#fff1c8");
  else sp.back += sun(W * 0.15, H * 0.13, H * 0.05, "#fffdf2");
  sp.back += clouds(
    rnd,
    W,
    H,
    0.1,
    0.28,
    golden ? "#f4a892" : "#ffffff",
    golden ? "#b8708a" : "#d6eaf5",
    3,
    golden ? 0.65 : 0.95,
  );
  // headland
  const hx = rnd() < 0.5 ? W * 0.02 : W * 0.7;
  sp.back += `<path d="M${f(hx - W * 0.05)} ${f(seaTop)}Q${f(hx + W * 0.05)} ${f(seaTop - H * 0.11)} ${f(hx + W * 0.14)} ${f(seaTop - H * 0.08)}Q${f(hx + W * 0.22)} ${f(seaTop - H * 0.05)} ${f(hx + W * 0.32)} ${f(seaTop)}Z" fill="${golden ? "#6a4a70" : mix("#6f8fa0", bot, 0.4)}"/>`;
  sp.defs += linear("s-sea", [
    [0, golden ? "#8a5f8e" : "#2a8cc4"],
    [1, golden ? "#3b3566" : "#1f6fa6"],
  ]);
  sp.back += `<rect x="0" y="${f(seaTop)}" width="${W}" height="${f(roadTop - seaTop)}" fill="url(#s-sea)"/>`;
  // glitter
  let glit = "";
  const gx = golden ? W * 0.62 : W * 0.15;
  for (let i = 0; i < 26; i++) {
    const y = seaTop + 4 + rnd() * (roadTop - seaTop - H * 0.04);
    const spread = 0.04 + ((y - seaTop) / (roadTop - seaTop)) * 0.12;
    const x = gx + range(rnd, -spread, spread) * W;
    const w = range(rnd, 0.01, 0.04) * W;
    glit += `M${f(x)} ${f(y)}h${f(w)}v2h${f(-w)}Z`;
  }
  sp.back += `<path d="${glit}" fill="${golden ? "#ffd9a0" : "#ffffff"}" opacity="0.6"/>`;
  // sea wall + palms
  const wallTop = roadTop - H * 0.045;
  sp.back += `<rect x="0" y="${f(wallTop)}" width="${W}" height="${f(roadTop - wallTop)}" fill="${golden ? "#8a6a70" : "#e9dfcf"}"/>`;
  sp.back += `<rect x="0" y="${f(wallTop)}" width="${W}" height="5" fill="${golden ? "#a88588" : "#fbf5ea"}"/>`;
  let palms = "";
  for (let x = range(rnd, 0.05, 0.15) * W; x < W; x += range(rnd, 0.28, 0.4) * W)
    palms += palm(
      x,
      wallTop + 2,
      H * range(rnd, 0.3, 0.4),
      range(rnd, -0.15, 0.15),
      golden ? "#2e2636" : "#2f6a4a",
    );
  sp.back += palms;
  roadDefs(sp, golden ? "#3f3844" : "#52575e");
  sp.back += roadLayer(fr, roadTop, roadBottom, "#f3f1ea", golden ? "#a88588" : "#ddd5c5", rnd);
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#a07a6e" : "#efdcb8"}"/>`;
  sp.front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="10" fill="${golden ? "#7a5a5a" : "#d8c39b"}"/>`;
}

/** Photo studio with a glossy floor; golden hour gives the dark studio. */
export function studioScene(sp: SceneDraft): void {
  const { W, H, groundY } = sp.fr;
  const dark = sp.golden;
  sp.sky = dark ? "#3a3f4a" : "#e8eaee";
  sp.ground = dark ? "#15171b" : "#b8bcc4";
  sp.reflectionFloor = dark ? "#111317" : "#d7dade";
  sp.ambient = dark ? { tint: "#000000", amount: 0.1 } : undefined;
  const floorTop = groundY - H * 0.2;
  sp.defs += `<radialGradient id="s-back" cx="0.5" cy="0.55" r="0.75">${stops(
    dark
      ? [
          [0, "#4a505c"],
          [0.55, "#262a32"],
          [1, "#101216"],
        ]
      : [
          [0, "#fbfbfc"],
          [0.6, "#e3e6ea"],
          [1, "#c3c8cf"],
        ],
  )}</radialGradient>`;
  sp.defs += linear("s-floor", [
    [0, dark ? "#1c1f25" : "#e4e7eb", 0],
    [0.35, dark ? "#16181d" : "#dcdfe3", 1],
    [1, dark ? "#111317" : "#d7dade", 1],
  ]);
  sp.defs += radial("s-spot", [
    [0, "#ffffff", dark ? 0.32 : 0.7],
    [1, "#ffffff", 0],
  ]);
  sp.back += `<rect width="${W}" height="${H}" fill="url(#s-back)"/>`;
  sp.back += `<ellipse cx="${f(W / 2)}" cy="${f(groundY - H * 0.25)}" rx="${f(W * 0.45)}" ry="${f(H * 0.35)}" fill="url(#s-spot)"/>`;
  sp.back += `<rect x="0" y="${f(floorTop)}" width="${W}" height="${f(H - floorTop)}" fill="url(#s-floor)"/>`;
  sp.floor += `<ellipse cx="${f(W / 2)}" cy="${f(groundY + H * 0.02)}" rx="${f(W * 0.42)}" ry="${f(H * 0.08)}" fill="url(#s-spot)" opacity="0.7"/>`;
  // light strips on the ceiling edge for the dark studio
  if (dark) {
    sp.back += `<rect x="${f(W * 0.15)}" y="${f(H * 0.04)}" width="${f(W * 0.7)}" height="${f(H * 0.012)}" rx="4" fill="#ffffff" opacity="0.85"/>`;
    sp.back += `<rect x="${f(W * 0.15)}" y="${f(H * 0.04)}" width="${f(W * 0.7)}" height="${f(H * 0.06)}" fill="url(#s-spot)" opacity="0.5"/>`;
  }
}
