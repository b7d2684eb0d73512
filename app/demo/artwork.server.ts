/**
 * Procedural artwork for the demo data set.
 *
 * Every demo image (car photos, category cards, avatars, the logo) is drawn
 * here as an SVG string and rasterised elsewhere (sharp / librsvg). Nothing is
 * downloaded. All functions are pure and deterministic for the same inputs.
 *
 * Cars are drawn in a local coordinate system: facing right (front at larger
 * x), the ground at y = 0 and the body above it (negative y), about 1000 units
 * long. Scenes are drawn in image pixels and the car is placed on top with a
 * transform.
 */

export type BodyStyle = "sedan" | "offroad" | "muscle" | "suv";
export type Scene = "city" | "desert" | "forest" | "studio" | "coast" | "mountain";
export type View = "side" | "front-three-quarter-ish";

type Rng = () => number;
type Time = "day" | "golden";

const DEFAULT_PAINT = "#c0392b";

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashSeed(...parts: Array<string | number>): number {
  let h = 2166136261;
  for (const ch of parts.join("|")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Format a number compactly (one decimal). */
function f(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

function range(rnd: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rnd();
}

function pick<T>(rnd: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length) % items.length];
  if (item === undefined) throw new Error("pick() from an empty list");
  return item;
}

function validPaint(paint: string): string {
  return /^#[0-9a-f]{6}$/i.test(paint) ? paint.toLowerCase() : DEFAULT_PAINT;
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function stops(list: Array<[number, string, number?]>): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`,
    )
    .join("");
}

function linear(
  id: string,
  list: Array<[number, string, number?]>,
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

function linearUser(
  id: string,
  list: Array<[number, string, number?]>,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops(list)}</linearGradient>`;
}

function radial(
  id: string,
  list: Array<[number, string, number?]>,
  cx = 0.5,
  cy = 0.5,
  r = 0.5,
): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

function svgDoc(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** Smooth closed "ridge" silhouette through the given points, closed at `bottom`. */
function smoothRidge(points: Array<[number, number]>, bottom: number): string {
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

function jaggedRidge(points: Array<[number, number]>, bottom: number): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return "";
  return `M${f(first[0])} ${f(bottom)}${points.map(([x, y]) => `L${f(x)} ${f(y)}`).join("")}L${f(last[0])} ${f(bottom)}Z`;
}

// ---------------------------------------------------------------------------
// Car models (side view, facing right, ground at y = 0)
// ---------------------------------------------------------------------------

type WheelStyle = "alloy" | "sport" | "mag" | "offroad";

interface Wheel {
  x: number;
  r: number;
  rim: number;
  archR: number;
}

interface CarModel {
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

interface CarColors {
  paint: string;
  /** Highlight colour (sky reflection on the upper body side). */
  hi: string;
  /** Outline / panel-gap colour. */
  edge: string;
  /** Black plastic trim. */
  trim: string;
}

function carColors(paint: string, sky: string): CarColors {
  const lum = luminance(paint);
  return {
    paint,
    hi: mix(lighten(paint, lum > 0.7 ? 0.6 : 0.42), sky, 0.18),
    edge: darken(paint, lum < 0.15 ? 0.2 : 0.55),
    trim: "#1a1d23",
  };
}

/** Bottom edge of the body from the front to the rear with wheel arches. */
function bottomWithArches(frontX: number, rearX: number, sill: number, wheels: Wheel[]): string {
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

function archShape(w: Wheel, sill: number, grow = 0): string {
  const cy = -w.r;
  const R = w.archR + grow;
  const dy = sill - cy;
  const dx = Math.sqrt(Math.max(0, R * R - dy * dy));
  const large = sill > cy ? 1 : 0;
  return `M${f(w.x + dx)} ${f(sill)}A${f(R)} ${f(R)} 0 ${large} 0 ${f(w.x - dx)} ${f(sill)}Z`;
}

function archStroke(w: Wheel, sill: number, grow: number): string {
  const cy = -w.r;
  const R = w.archR + grow;
  const dy = sill - cy;
  const dx = Math.sqrt(Math.max(0, R * R - dy * dy));
  const large = sill > cy ? 1 : 0;
  return `M${f(w.x + dx)} ${f(sill)}A${f(R)} ${f(R)} 0 ${large} 0 ${f(w.x - dx)} ${f(sill)}`;
}

function sedanModel(c: CarColors): CarModel {
  const wheels: Wheel[] = [
    { x: 212, r: 88, rim: 62, archR: 99 },
    { x: 800, r: 88, rim: 62, archR: 99 },
  ];
  const sill = -62;
  const shell =
    "M30 -62L20 -68Q8 -78 8 -104L10 -158Q12 -188 22 -206Q30 -220 60 -224L238 -232" +
    "C290 -244 340 -304 392 -322Q500 -350 606 -328C650 -310 690 -270 726 -248" +
    "Q830 -236 906 -224Q968 -214 986 -192Q998 -170 998 -132L994 -92Q990 -66 962 -62" +
    bottomWithArches(962, 30, sill, wheels);
  const glass =
    "M282 -238C322 -252 362 -298 398 -312Q500 -338 598 -318C636 -300 672 -272 704 -244Q480 -244 282 -238Z";
  return {
    length: 1000,
    top: -342,
    sill,
    belt: -240,
    shoulder: -200,
    shell,
    glass,
    pillars: `<path d="M494 -340L510 -340L510 -240L494 -240Z" fill="${c.trim}"/>`,
    doorLines:
      "M510 -242L510 -76M716 -244C712 -200 704 -150 703 -116M298 -240C306 -200 312 -160 314 -124M314 -76L703 -76",
    handles: [
      [436, -212],
      [650, -214],
    ],
    mirror: "M708 -246C712 -270 736 -278 756 -272L762 -256Q746 -246 708 -246Z",
    headlight: "M918 -222Q968 -214 988 -190L982 -180Q944 -188 912 -208Z",
    taillight: "M10 -186Q14 -212 36 -222L90 -226L82 -210Q44 -204 10 -186Z",
    wheels,
    wheelStyle: "alloy",
    behind: "",
    over:
      `<path d="M962 -126L997 -128L995 -94L960 -96Z" fill="${c.trim}"/>` +
      `<path d="M964 -120L994 -121" stroke="#3a3f47" stroke-width="3"/>` +
      `<path d="M10 -118L44 -118L44 -108L10 -108Z" fill="#7a1016" opacity="0.8"/>` +
      `<path d="M314 -76L703 -76L703 -62L314 -62Z" fill="${c.edge}" opacity="0.55"/>` +
      `<path d="M240 -232L300 -236" stroke="${c.edge}" stroke-width="2" opacity="0.4" fill="none"/>`,
    overClipped: "",
    noseX: 930,
  };
}

function suvModel(c: CarColors): CarModel {
  const wheels: Wheel[] = [
    { x: 222, r: 104, rim: 72, archR: 120 },
    { x: 790, r: 104, rim: 72, archR: 120 },
  ];
  const sill = -94;
  const shell =
    "M40 -94L26 -98Q14 -106 14 -132L16 -250Q18 -300 30 -340Q40 -398 70 -414L96 -422" +
    "Q350 -438 600 -426Q640 -420 666 -396L752 -306Q860 -296 920 -282Q970 -270 984 -232" +
    "Q994 -200 994 -150L990 -112Q986 -96 966 -94" +
    bottomWithArches(966, 40, sill, wheels);
  const glass =
    "M58 -312L78 -392Q88 -406 112 -408L590 -412Q620 -410 642 -390L728 -306Q400 -304 58 -312Z";
  const cladding = c.trim;
  return {
    length: 1000,
    top: -440,
    sill,
    belt: -308,
    shoulder: -262,
    shell,
    glass,
    pillars:
      `<path d="M60 -312L80 -392Q90 -406 112 -408L140 -408L120 -312Z" fill="${c.trim}"/>` +
      `<path d="M298 -409L312 -409L306 -309L292 -309Z" fill="${c.trim}"/>` +
      `<path d="M484 -411L498 -411L498 -307L484 -307Z" fill="${c.trim}"/>`,
    doorLines:
      "M498 -306L498 -132M732 -304C728 -262 718 -228 712 -196M306 -308C310 -262 316 -214 319 -176M319 -132L712 -132",
    handles: [
      [420, -274],
      [652, -276],
    ],
    mirror: "M728 -306C734 -332 760 -340 780 -334L786 -316Q768 -306 728 -306Z",
    headlight: "M896 -288Q958 -278 984 -240L978 -230Q938 -254 892 -272Z",
    taillight: "M19 -292Q22 -318 30 -342L58 -346L54 -310Z",
    wheels,
    wheelStyle: "sport",
    behind: "",
    over:
      // roof rails
      `<path d="M118 -430L560 -436" stroke="#2a2e35" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M118 -433L560 -439" stroke="#c9ced6" stroke-width="4" stroke-linecap="round" opacity="0.8"/>` +
      `<path d="M126 -430L150 -430L150 -422L126 -423Z M532 -436L556 -436L556 -427L532 -427Z" fill="#2a2e35"/>` +
      // grille + lower cladding
      `<path d="M978 -228Q992 -196 993 -160L972 -160Q972 -198 962 -228Z" fill="${c.trim}"/>` +
      `<path d="M319 -132L712 -132L712 -94L319 -94Z" fill="${cladding}"/>` +
      `<path d="M14 -132L100 -132L100 -94L40 -94L26 -98Q14 -106 14 -132Z" fill="${cladding}"/>` +
      `<path d="M994 -150L990 -112Q986 -96 966 -94L900 -94L900 -150Z" fill="${cladding}"/>` +
      `<path d="M958 -112L990 -116L987 -98L962 -96Z" fill="#c7ccd3"/>` +
      `<path d="${wheels.map((w) => archStroke(w, sill, 6)).join("")}" fill="none" stroke="${cladding}" stroke-width="14"/>` +
      `<path d="M16 -150L60 -150L60 -142L16 -142Z" fill="#8a1118" opacity="0.8"/>`,
    overClipped: "",
    noseX: 930,
  };
}

function muscleModel(c: CarColors, stripe: string): CarModel {
  const wheels: Wheel[] = [
    { x: 228, r: 98, rim: 62, archR: 110 },
    { x: 812, r: 88, rim: 58, archR: 100 },
  ];
  const sill = -72;
  const shell =
    "M40 -72L22 -76Q10 -86 12 -112L14 -198L8 -238Q10 -246 26 -246L200 -248" +
    "C262 -256 330 -318 400 -330Q460 -340 520 -334C560 -320 600 -288 642 -264" +
    "Q800 -250 958 -238L1002 -228Q1010 -222 1006 -206L996 -114Q992 -78 966 -74" +
    bottomWithArches(966, 40, sill, wheels);
  const glass =
    "M300 -258C340 -280 380 -314 410 -322Q470 -332 514 -326C548 -312 584 -286 614 -266Q460 -262 300 -258Z";
  return {
    length: 1010,
    top: -340,
    sill,
    belt: -260,
    shoulder: -214,
    shell,
    glass,
    pillars: `<path d="M438 -328L446 -328L452 -262L444 -262Z" fill="#d9dee4"/>`,
    doorLines: "M450 -262Q440 -170 452 -86M652 -262L640 -86M452 -86L640 -86",
    handles: [[478, -236]],
    mirror: "M612 -266C614 -282 628 -290 646 -288Q656 -278 650 -266Z",
    headlight: "M994 -220Q1004 -214 1004 -198L998 -184Q990 -200 994 -220Z",
    taillight: "M9 -238L22 -238L22 -200L13 -200Z",
    wheels,
    wheelStyle: "mag",
    behind: "",
    over:
      // hood scoop
      `<path d="M712 -257Q732 -273 772 -275L826 -271Q832 -261 829 -249Z" fill="url(#c-body)" stroke="${c.edge}" stroke-width="1.5"/>` +
      `<path d="M818 -271L826 -271Q832 -261 829 -249L822 -249Q825 -260 818 -271Z" fill="${c.trim}"/>` +
      // rear wing
      `<path d="M40 -247L46 -268M100 -249L104 -270" stroke="${c.trim}" stroke-width="7"/>` +
      `<path d="M12 -266L124 -272Q132 -270 128 -262L14 -258Q8 -262 12 -266Z" fill="url(#c-body)" stroke="${c.edge}" stroke-width="2"/>` +
      // chin spoiler
      `<path d="M930 -74L994 -80L1000 -72L940 -66Z" fill="${c.trim}"/>` +
      // chrome bumpers and side markers
      `<path d="M994 -118L1014 -118Q1020 -102 1012 -86L990 -84Z" fill="url(#c-chrome)"/>` +
      `<path d="M4 -120L34 -120L34 -94L8 -92Q2 -104 4 -120Z" fill="url(#c-chrome)"/>` +
      `<path d="M950 -150L976 -151L976 -142L950 -141Z" fill="#f2a23a"/>` +
      `<path d="M44 -152L70 -152L70 -144L44 -144Z" fill="#b3141c"/>` +
      `<path d="M14 -76L52 -76L52 -64L14 -64Z" fill="url(#c-chrome)"/>` +
      `<path d="M452 -86L640 -86L640 -72L452 -72Z" fill="${c.edge}" opacity="0.45"/>`,
    overClipped:
      `<path d="M0 -184L1010 -202L1010 -188L0 -170Z" fill="${stripe}"/>` +
      `<path d="M0 -162L1010 -178L1010 -172L0 -156Z" fill="${stripe}"/>`,
    noseX: 960,
  };
}

function offroadModel(c: CarColors): CarModel {
  const wheels: Wheel[] = [
    { x: 205, r: 120, rim: 66, archR: 136 },
    { x: 722, r: 120, rim: 66, archR: 136 },
  ];
  const sill = -150;
  const shell =
    "M44 -150L32 -150L28 -170L28 -420Q28 -446 54 -448L548 -452Q566 -452 572 -436L616 -312" +
    "L858 -304Q884 -302 888 -282L892 -176Q892 -152 870 -150" +
    bottomWithArches(870, 44, sill, wheels);
  const glass =
    "M54 -330L54 -418Q54 -430 66 -430L248 -432L248 -330Z" +
    "M272 -330L272 -433L420 -434L420 -330Z" +
    "M444 -330L444 -435L546 -436Q556 -434 560 -424L596 -330Z";
  const tread = Array.from({ length: 9 }, (_, i) => {
    const y = -376 + i * 24;
    return `<rect x="-28" y="${y}" width="14" height="14" rx="4"/>`;
  }).join("");
  return {
    length: 900,
    top: -470,
    sill,
    belt: -320,
    shoulder: -286,
    shell,
    glass,
    pillars: "",
    doorLines: "M262 -444L262 -256M432 -444L432 -162M606 -318L606 -200M336 -162L586 -162",
    handles: [
      [390, -300],
      [568, -300],
    ],
    mirror: "M598 -322L602 -350Q604 -357 611 -357L626 -356L624 -326Z",
    headlight: "M886 -284L898 -284Q902 -262 898 -242L886 -242Z",
    taillight: "M28 -300L40 -300L40 -240L28 -240Z",
    wheels,
    wheelStyle: "offroad",
    behind:
      // spare wheel seen edge-on on the tailgate
      `<rect x="-22" y="-386" width="56" height="224" rx="24" fill="#1b1d21"/>` +
      `<g fill="#1b1d21">${tread}</g>` +
      `<rect x="-14" y="-376" width="10" height="204" rx="5" fill="#33363c"/>` +
      `<rect x="20" y="-300" width="14" height="60" fill="#2a2d33"/>`,
    over:
      // roof rack
      `<path d="M62 -476L544 -478" stroke="#23262b" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="${[80, 180, 280, 380, 480, 530].map((x) => `M${x} -476L${x} -450`).join("")}" stroke="#23262b" stroke-width="7"/>` +
      `<rect x="120" y="-500" width="150" height="24" rx="5" fill="#3c4a3a"/>` +
      `<rect x="290" y="-494" width="110" height="18" rx="4" fill="#4a3c2e"/>` +
      // light bar
      `<rect x="496" y="-470" width="48" height="14" rx="4" fill="#2a2d33"/>` +
      // snorkel
      `<path d="M672 -306L612 -456L642 -462" fill="none" stroke="#1e2126" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"/>` +
      `<path d="M665 -318L618 -436" stroke="#ffffff" stroke-width="2" opacity="0.18"/>` +
      // rock slider, bumpers, grille, hinges
      `<rect x="330" y="-166" width="262" height="22" rx="8" fill="#24272d"/>` +
      `<rect x="862" y="-206" width="70" height="56" rx="8" fill="#2a2d33"/>` +
      `<rect x="900" y="-196" width="30" height="10" rx="3" fill="#3c4048"/>` +
      `<rect x="6" y="-200" width="46" height="50" rx="6" fill="#2a2d33"/>` +
      `<path d="M882 -300L892 -300L892 -206L882 -206Z" fill="${c.trim}"/>` +
      `<path d="M600 -300h12v18h-12zM600 -236h12v18h-12z" fill="#2a2d33"/>` +
      `<path d="M880 -236L894 -236L894 -226L880 -226Z" fill="#f2a23a"/>` +
      // fender flares
      `<path d="${wheels.map((w) => archStroke(w, sill, 8)).join("")}" fill="none" stroke="#1f2227" stroke-width="26"/>`,
    overClipped: "",
    noseX: 880,
  };
}

function carModel(body: BodyStyle, c: CarColors, stripe: string): CarModel {
  switch (body) {
    case "sedan":
      return sedanModel(c);
    case "suv":
      return suvModel(c);
    case "muscle":
      return muscleModel(c, stripe);
    case "offroad":
      return offroadModel(c);
  }
}

function wheelSvg(w: Wheel, style: WheelStyle, rot: number, caliper: string): string {
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

function drawCar(o: CarDrawOptions): CarDrawing {
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

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

interface SceneParts {
  defs: string;
  back: string;
  front: string;
  sky: string;
  ground: string;
  headlightsOn: boolean;
  /** Colour of a glossy floor the car is mirrored in (studio), if any. */
  reflectionFloor: string | null;
  /** Drawn over the floor reflection (floor highlights). */
  floor: string;
  ambient?: { tint: string; amount: number };
}

interface Frame {
  W: number;
  H: number;
  groundY: number;
}

function clouds(
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

function sun(cx: number, cy: number, r: number, core: string): string {
  return (
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 5)}" fill="url(#s-sunglow)"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${core}"/>`
  );
}

function pineTree(x: number, b: number, h: number, w: number): string {
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

function roundTree(x: number, b: number, h: number): string {
  const r = h * 0.34;
  return (
    `M${f(x - h * 0.03)} ${f(b)}L${f(x - h * 0.03)} ${f(b - h * 0.45)}L${f(x + h * 0.03)} ${f(b - h * 0.45)}L${f(x + h * 0.03)} ${f(b)}Z` +
    `M${f(x - r)} ${f(b - h + r)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z` +
    `M${f(x - r * 1.25)} ${f(b - h * 0.45)}a${f(r * 0.75)} ${f(r * 0.75)} 0 1 0 ${f(r * 1.5)} 0a${f(r * 0.75)} ${f(r * 0.75)} 0 1 0 ${f(-r * 1.5)} 0Z` +
    `M${f(x - r * 0.25)} ${f(b - h * 0.5)}a${f(r * 0.78)} ${f(r * 0.78)} 0 1 0 ${f(r * 1.56)} 0a${f(r * 0.78)} ${f(r * 0.78)} 0 1 0 ${f(-r * 1.56)} 0Z`
  );
}

function palm(x: number, b: number, h: number, lean: number, color: string): string {
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

function streetLamp(x: number, b: number, h: number, color: string, lit: boolean): string {
  let s = `<path d="M${f(x - 3)} ${f(b)}L${f(x - 2)} ${f(b - h)}Q${f(x)} ${f(b - h - 14)} ${f(x + 30)} ${f(b - h - 12)}L${f(x + 30)} ${f(b - h - 8)}Q${f(x + 4)} ${f(b - h - 8)} ${f(x + 2)} ${f(b - h)}L${f(x + 3)} ${f(b)}Z" fill="${color}"/>`;
  s += `<rect x="${f(x + 20)}" y="${f(b - h - 12)}" width="22" height="7" rx="3" fill="${color}"/>`;
  if (lit) {
    s += `<circle cx="${f(x + 31)}" cy="${f(b - h - 2)}" r="60" fill="url(#s-lampglow)"/>`;
    s += `<rect x="${f(x + 22)}" y="${f(b - h - 6)}" width="18" height="3" rx="1.5" fill="#fff3c8"/>`;
  }
  return s;
}

function roadLayer(
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

function sceneParts(scene: Scene, time: Time, fr: Frame, rnd: Rng): SceneParts {
  const { W, H, groundY } = fr;
  const horizon = groundY - H * 0.27;
  const roadTop = groundY - H * 0.11;
  const roadBottom = groundY + H * 0.055;
  const golden = time === "golden";
  let defs = "";
  let back = "";
  let front = "";
  let sky = "#bcd7f0";
  let ground = "#555b63";
  let headlightsOn = false;
  let reflectionFloor: string | null = null;
  let floor = "";
  let ambient: { tint: string; amount: number } | undefined = golden
    ? { tint: "#4a2f4a", amount: 0.12 }
    : undefined;

  const skyRect = (list: Array<[number, string]>) => {
    defs += linear("s-sky", list);
    return `<rect width="${W}" height="${f(roadTop + 2)}" fill="url(#s-sky)"/>`;
  };
  const sunGlow = (c: string) =>
    radial("s-sunglow", [
      [0, c, 0.75],
      [0.3, c, 0.28],
      [1, c, 0],
    ]);
  const roadDefs = (asphalt: string) => {
    defs += linear("s-road", [
      [0, lighten(asphalt, 0.12)],
      [1, darken(asphalt, 0.18)],
    ]);
    defs += linear(
      "s-roadsheen",
      [
        [0, "#ffffff", 0],
        [0.5, "#ffffff", golden ? 0.06 : 0.04],
        [1, "#ffffff", 0],
      ],
      0,
      0,
      1,
      0,
    );
  };

  switch (scene) {
    case "city": {
      const dusk = golden;
      const top = dusk ? "#1f2452" : "#4f9be0";
      const mid = dusk ? "#7b4f8e" : "#9cc9ef";
      const bot = dusk ? "#f4a468" : "#e4f1fb";
      sky = dusk ? "#c98a8a" : "#c9e0f5";
      ground = dusk ? "#2a2530" : "#4b5058";
      headlightsOn = dusk;
      if (dusk) ambient = { tint: "#2a2350", amount: 0.22 };
      back += skyRect([
        [0, top],
        [0.55, mid],
        [1, bot],
      ]);
      defs += sunGlow(dusk ? "#ffb36b" : "#fff7d6");
      defs += radial("s-lampglow", [
        [0, "#ffe7a0", 0.7],
        [1, "#ffe7a0", 0],
      ]);
      if (dusk) back += sun(W * 0.7, horizon + H * 0.02, H * 0.07, "#ffd59a");
      else back += sun(W * 0.82, H * 0.14, H * 0.05, "#fffbea");
      back += clouds(
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
      defs += `<pattern id="s-win" width="16" height="22" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="8" height="11" fill="${winC}" opacity="${dusk ? 0.9 : 0.55}"/></pattern>`;
      defs += `<pattern id="s-win2" width="48" height="66" patternUnits="userSpaceOnUse"><rect x="4" y="5" width="8" height="11" fill="${nearC}"/><rect x="20" y="27" width="8" height="11" fill="${nearC}"/><rect x="36" y="49" width="8" height="11" fill="${nearC}"/><rect x="36" y="5" width="8" height="11" fill="${nearC}"/></pattern>`;
      let far = "";
      for (let x = -20; x < W;) {
        const w = range(rnd, 0.03, 0.07) * W;
        const h = range(rnd, 0.12, 0.3) * H;
        far += `M${f(x)} ${f(roadTop)}V${f(horizon - h)}h${f(w)}V${f(roadTop)}Z`;
        if (rnd() < 0.2)
          far += `M${f(x + w / 2 - 2)} ${f(horizon - h)}v${f(-H * 0.05)}h4v${f(H * 0.05)}Z`;
        x += w + range(rnd, -0.005, 0.01) * W;
      }
      back += `<path d="${far}" fill="${farC}"/>`;
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
      back += `<path d="${near}" fill="${nearC}"/>` + nearRects.join("");
      if (dusk)
        back += `<g opacity="0.55">${nearRects.join("").replaceAll("s-win)", "s-win2)")}</g>`;
      // sidewalk + trees + lamps
      const walkTop = roadTop - H * 0.035;
      back += `<rect x="0" y="${f(walkTop)}" width="${W}" height="${f(roadTop - walkTop)}" fill="${dusk ? "#4a4152" : "#b9bec6"}"/>`;
      back += `<rect x="0" y="${f(walkTop)}" width="${W}" height="3" fill="${dusk ? "#6a5d70" : "#d9dde2"}"/>`;
      let trees = "";
      for (let x = range(rnd, 0.05, 0.15) * W; x < W; x += range(rnd, 0.22, 0.32) * W)
        trees += roundTree(x, walkTop + 4, H * range(rnd, 0.15, 0.19));
      back += `<path d="${trees}" fill="${dusk ? "#2f3a3a" : "#4f8a5f"}"/>`;
      for (let x = range(rnd, 0.1, 0.2) * W; x < W; x += W * 0.3)
        back += streetLamp(x, walkTop + 6, H * 0.22, dusk ? "#1d1b29" : "#3d4652", dusk);
      roadDefs(dusk ? "#35313d" : "#4a4f57");
      back += roadLayer(
        fr,
        roadTop,
        roadBottom,
        dusk ? "#e8d7b0" : "#f3f3f0",
        dusk ? "#6a5d70" : "#e6e8eb",
        rnd,
      );
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${dusk ? "#3a3342" : "#a9afb8"}"/>`;
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="8" fill="${dusk ? "#5a4f62" : "#d3d7dc"}"/>`;
      let tiles = "";
      for (let x = 0; x < W; x += 90) tiles += `M${x} ${f(roadBottom + 8)}V${H}`;
      front += `<path d="${tiles}" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`;
      break;
    }
    case "desert": {
      const top = golden ? "#3f3a78" : "#4f9fdc";
      const mid = golden ? "#d9706a" : "#a7d0ee";
      const bot = golden ? "#ffc27a" : "#fbe6c4";
      sky = golden ? "#e9a07a" : "#cfe3f2";
      ground = golden ? "#7a4a34" : "#b88a5a";
      back += skyRect([
        [0, top],
        [0.6, mid],
        [1, bot],
      ]);
      defs += sunGlow(golden ? "#ffcf8a" : "#fff4d0");
      if (golden) back += sun(W * 0.86, horizon - H * 0.1, H * 0.07, "#fff0c8");
      else back += sun(W * 0.78, H * 0.15, H * 0.055, "#fffdf0");
      back += clouds(
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
      back += `<path d="${mesas}" fill="${mesaC}"/>`;
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
        back += `<path d="${smoothRidge(pts, roadTop + 2)}" fill="${c}"/>`;
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
      back += `<path d="${cactus}" fill="none" stroke="${cactusC}" stroke-width="${f(H * 0.016)}" stroke-linecap="round" stroke-linejoin="round"/>`;
      roadDefs(golden ? "#5b4a4a" : "#6a6562");
      back += `<rect x="0" y="${f(roadTop - 6)}" width="${W}" height="8" fill="${golden ? "#b8775a" : "#d8b07e"}"/>`;
      back += roadLayer(
        fr,
        roadTop,
        roadBottom,
        golden ? "#f2c46b" : "#f5c542",
        golden ? "#d9906a" : "#e9c897",
        rnd,
      );
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#b06d4e" : "#e3b57e"}"/>`;
      const fpts: Array<[number, number]> = [];
      for (let x = -100; x <= W + 200; x += W * 0.15)
        fpts.push([x, roadBottom + 6 + rnd() * H * 0.02]);
      front += `<path d="${smoothRidge(fpts, H)}" fill="${golden ? "#9c5d43" : "#d7a56c"}"/>`;
      let pebbles = "";
      for (let i = 0; i < 14; i++)
        pebbles += `<ellipse cx="${f(rnd() * W)}" cy="${f(roadBottom + H * 0.03 + rnd() * (H - roadBottom))}" rx="${f(range(rnd, 3, 8))}" ry="${f(range(rnd, 2, 4))}"/>`;
      front += `<g fill="${golden ? "#6e3f31" : "#b9875a"}" opacity="0.6">${pebbles}</g>`;
      break;
    }
    case "forest": {
      const top = golden ? "#5a6aa0" : "#6fb4e0";
      const mid = golden ? "#e9a48a" : "#b8dcef";
      const bot = golden ? "#ffd8a0" : "#eef7f0";
      sky = golden ? "#e8b896" : "#cfe6ef";
      ground = golden ? "#3d3a2e" : "#3e5a3c";
      back += skyRect([
        [0, top],
        [0.6, mid],
        [1, bot],
      ]);
      defs += sunGlow(golden ? "#ffd9a0" : "#fffbe6");
      if (golden) back += sun(W * 0.22, horizon - H * 0.05, H * 0.06, "#fff3d6");
      else back += sun(W * 0.2, H * 0.14, H * 0.05, "#fffdf2");
      back += clouds(
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
      back += `<path d="${smoothRidge(hillPts, roadTop)}" fill="${golden ? "#a98aa0" : mix("#7fa8a0", bot, 0.45)}"/>`;
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
        back += `<path d="${d}" fill="${c}"/>`;
        back += `<rect x="0" y="${f(b - H * 0.012)}" width="${W}" height="${f(roadTop - b + H * 0.014)}" fill="${c}"/>`;
      }
      // light rays in golden hour
      if (golden) {
        defs += linear("s-ray", [
          [0, "#fff1c9", 0.35],
          [1, "#fff1c9", 0],
        ]);
        back += `<path d="M${f(W * 0.22)} ${f(horizon - H * 0.05)}L${f(W * 0.9)} ${f(roadTop)}L${f(W * 0.6)} ${f(roadTop)}ZM${f(W * 0.22)} ${f(horizon - H * 0.05)}L${f(W * 0.45)} ${f(roadTop)}L${f(W * 0.34)} ${f(roadTop)}Z" fill="url(#s-ray)" opacity="0.6"/>`;
      }
      back += `<rect x="0" y="${f(roadTop - 8)}" width="${W}" height="10" fill="${golden ? "#5a5a3a" : "#6f9a4f"}"/>`;
      roadDefs(golden ? "#47444a" : "#4e5358");
      back += roadLayer(fr, roadTop, roadBottom, "#f2f0e6", "#c8ccc9", rnd);
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#5d5a36" : "#5f8f45"}"/>`;
      let grass = "";
      for (let i = 0; i < 40; i++) {
        const x = rnd() * W;
        const b = roadBottom + H * 0.02 + rnd() * (H - roadBottom);
        const h = H * range(rnd, 0.015, 0.035);
        grass += `M${f(x - 5)} ${f(b)}L${f(x - 8)} ${f(b - h)}L${f(x)} ${f(b - 3)}L${f(x + 6)} ${f(b - h * 0.9)}L${f(x + 5)} ${f(b)}Z`;
      }
      front += `<path d="${grass}" fill="${golden ? "#47462a" : "#4a7a36"}"/>`;
      break;
    }
    case "studio": {
      const dark = golden;
      sky = dark ? "#3a3f4a" : "#e8eaee";
      ground = dark ? "#15171b" : "#b8bcc4";
      reflectionFloor = dark ? "#111317" : "#d7dade";
      ambient = dark ? { tint: "#000000", amount: 0.1 } : undefined;
      const floorTop = groundY - H * 0.2;
      defs += `<radialGradient id="s-back" cx="0.5" cy="0.55" r="0.75">${stops(
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
      defs += linear("s-floor", [
        [0, dark ? "#1c1f25" : "#e4e7eb", 0],
        [0.35, dark ? "#16181d" : "#dcdfe3", 1],
        [1, dark ? "#111317" : "#d7dade", 1],
      ]);
      defs += radial("s-spot", [
        [0, "#ffffff", dark ? 0.32 : 0.7],
        [1, "#ffffff", 0],
      ]);
      back += `<rect width="${W}" height="${H}" fill="url(#s-back)"/>`;
      back += `<ellipse cx="${f(W / 2)}" cy="${f(groundY - H * 0.25)}" rx="${f(W * 0.45)}" ry="${f(H * 0.35)}" fill="url(#s-spot)"/>`;
      back += `<rect x="0" y="${f(floorTop)}" width="${W}" height="${f(H - floorTop)}" fill="url(#s-floor)"/>`;
      floor += `<ellipse cx="${f(W / 2)}" cy="${f(groundY + H * 0.02)}" rx="${f(W * 0.42)}" ry="${f(H * 0.08)}" fill="url(#s-spot)" opacity="0.7"/>`;
      // light strips on the ceiling edge for the dark studio
      if (dark) {
        back += `<rect x="${f(W * 0.15)}" y="${f(H * 0.04)}" width="${f(W * 0.7)}" height="${f(H * 0.012)}" rx="4" fill="#ffffff" opacity="0.85"/>`;
        back += `<rect x="${f(W * 0.15)}" y="${f(H * 0.04)}" width="${f(W * 0.7)}" height="${f(H * 0.06)}" fill="url(#s-spot)" opacity="0.5"/>`;
      }
      break;
    }
    case "coast": {
      const top = golden ? "#3a3a78" : "#3f9fe0";
      const mid = golden ? "#e0786e" : "#9fd2f2";
      const bot = golden ? "#ffcf8c" : "#e8f6fc";
      sky = golden ? "#e9a488" : "#cfe8f6";
      ground = golden ? "#4a3a44" : "#6b7077";
      const seaTop = horizon - H * 0.03;
      back += skyRect([
        [0, top],
        [0.7, mid],
        [1, bot],
      ]);
      defs += sunGlow(golden ? "#ffd08a" : "#fffbe6");
      if (golden) back += sun(W * 0.62, seaTop - H * 0.03, H * 0.075, "#fff1c8");
      else back += sun(W * 0.15, H * 0.13, H * 0.05, "#fffdf2");
      back += clouds(
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
      back += `<path d="M${f(hx - W * 0.05)} ${f(seaTop)}Q${f(hx + W * 0.05)} ${f(seaTop - H * 0.11)} ${f(hx + W * 0.14)} ${f(seaTop - H * 0.08)}Q${f(hx + W * 0.22)} ${f(seaTop - H * 0.05)} ${f(hx + W * 0.32)} ${f(seaTop)}Z" fill="${golden ? "#6a4a70" : mix("#6f8fa0", bot, 0.4)}"/>`;
      defs += linear("s-sea", [
        [0, golden ? "#8a5f8e" : "#2a8cc4"],
        [1, golden ? "#3b3566" : "#1f6fa6"],
      ]);
      back += `<rect x="0" y="${f(seaTop)}" width="${W}" height="${f(roadTop - seaTop)}" fill="url(#s-sea)"/>`;
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
      back += `<path d="${glit}" fill="${golden ? "#ffd9a0" : "#ffffff"}" opacity="0.6"/>`;
      // sea wall + palms
      const wallTop = roadTop - H * 0.045;
      back += `<rect x="0" y="${f(wallTop)}" width="${W}" height="${f(roadTop - wallTop)}" fill="${golden ? "#8a6a70" : "#e9dfcf"}"/>`;
      back += `<rect x="0" y="${f(wallTop)}" width="${W}" height="5" fill="${golden ? "#a88588" : "#fbf5ea"}"/>`;
      let palms = "";
      for (let x = range(rnd, 0.05, 0.15) * W; x < W; x += range(rnd, 0.28, 0.4) * W)
        palms += palm(
          x,
          wallTop + 2,
          H * range(rnd, 0.3, 0.4),
          range(rnd, -0.15, 0.15),
          golden ? "#2e2636" : "#2f6a4a",
        );
      back += palms;
      roadDefs(golden ? "#3f3844" : "#52575e");
      back += roadLayer(fr, roadTop, roadBottom, "#f3f1ea", golden ? "#a88588" : "#ddd5c5", rnd);
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#a07a6e" : "#efdcb8"}"/>`;
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="10" fill="${golden ? "#7a5a5a" : "#d8c39b"}"/>`;
      break;
    }
    case "mountain": {
      const top = golden ? "#44427f" : "#3f8fdc";
      const mid = golden ? "#c4849c" : "#9cc8ef";
      const bot = golden ? "#ffd0a0" : "#e6f2fb";
      sky = golden ? "#d9a4a8" : "#cde3f5";
      ground = golden ? "#3a3440" : "#4a5a48";
      back += skyRect([
        [0, top],
        [0.65, mid],
        [1, bot],
      ]);
      defs += sunGlow(golden ? "#ffd8b0" : "#fffbe6");
      if (golden) back += sun(W * 0.85, horizon - H * 0.12, H * 0.05, "#fff0d8");
      else back += sun(W * 0.85, H * 0.12, H * 0.045, "#fffdf2");
      back += clouds(
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
        pts.push([
          x,
          up ? horizon - H * range(rnd, 0.22, 0.36) : horizon - H * range(rnd, 0.06, 0.14),
        ]);
        x += W * range(rnd, 0.08, 0.14);
        up = !up;
      }
      const far = jaggedRidge(pts, roadTop);
      const farC = golden ? "#9a7aa6" : mix("#7d93b3", bot, 0.25);
      defs += `<clipPath id="s-peaks"><path d="${far}"/></clipPath>`;
      defs += linear("s-rock", [
        [0, golden ? "#b08cb0" : lighten(farC, 0.15)],
        [1, golden ? "#7a6090" : darken(farC, 0.08)],
      ]);
      back += `<path d="${far}" fill="url(#s-rock)"/>`;
      // shaded faces
      let shade = "";
      for (let i = 0; i + 1 < pts.length; i++) {
        const p = pts[i];
        const q = pts[i + 1];
        if (!p || !q) continue;
        if (p[1] < q[1])
          shade += `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}L${f(p[0] + (q[0] - p[0]) * 0.3)} ${f(roadTop)}Z`;
      }
      back += `<path d="${shade}" fill="#1d2540" opacity="0.14" clip-path="url(#s-peaks)"/>`;
      let snow = "";
      const snowY = horizon - H * 0.17;
      snow += `M-100 -10H${W + 100}V${f(snowY)}`;
      for (let sx = W + 100; sx > -100; sx -= W * 0.02)
        snow += `L${f(sx)} ${f(snowY + (rnd() - 0.3) * H * 0.05)}`;
      snow += "Z";
      back += `<path d="${snow}" fill="${golden ? "#ffe0e0" : "#f7fbff"}" clip-path="url(#s-peaks)"/>`;
      // mid ridge
      const mpts: Array<[number, number]> = [];
      for (let mx = -100; mx <= W + 200; mx += W * 0.1)
        mpts.push([mx, horizon - H * range(rnd, 0.0, 0.1)]);
      back += `<path d="${smoothRidge(mpts, roadTop)}" fill="${golden ? "#5e4c70" : "#5f7d8f"}"/>`;
      // pine line
      let d = "";
      for (let px = range(rnd, -30, 0); px < W + 30; px += W * range(rnd, 0.018, 0.035)) {
        const h = H * range(rnd, 0.07, 0.13);
        d += pineTree(px, roadTop - H * 0.03, h, h * 0.4);
      }
      back += `<path d="${d}" fill="${golden ? "#2e2a3a" : "#2f5a45"}"/>`;
      back += `<rect x="0" y="${f(roadTop - H * 0.035)}" width="${W}" height="${f(H * 0.04)}" fill="${golden ? "#4a4a3a" : "#7aa25a"}"/>`;
      roadDefs(golden ? "#403b46" : "#50555c");
      back += roadLayer(fr, roadTop, roadBottom, "#f2f2ee", "#c9cfc6", rnd);
      front += `<rect x="0" y="${f(roadBottom)}" width="${W}" height="${f(H - roadBottom)}" fill="${golden ? "#4f4d38" : "#6fa04e"}"/>`;
      let flowers = "";
      for (let i = 0; i < 30; i++)
        flowers += `<circle cx="${f(rnd() * W)}" cy="${f(roadBottom + H * 0.02 + rnd() * (H - roadBottom))}" r="${f(range(rnd, 2, 4))}"/>`;
      front += `<g fill="${golden ? "#d9b0a0" : "#f4f0d8"}" opacity="0.8">${flowers}</g>`;
      break;
    }
  }
  return {
    defs,
    back,
    front,
    sky,
    ground,
    headlightsOn,
    reflectionFloor,
    floor,
    ...(ambient ? { ambient } : {}),
  };
}

// ---------------------------------------------------------------------------
// Composition
// ---------------------------------------------------------------------------

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

/** The site logo, 256x256. */
export function logoSvg(): string {
  const defs =
    linear(
      "l-bg",
      [
        [0, "#2563eb"],
        [1, "#1e3a8a"],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial("l-shine", [
      [0, "#ffffff", 0.22],
      [1, "#ffffff", 0],
    ]);
  // A "C" drawn as a road: a thick white arc with an amber centre line, and a
  // small car driving out of its opening.
  const r = 74;
  const cx = 128;
  const cy = 128;
  const a0 = (40 * Math.PI) / 180;
  const x0 = cx + r * Math.cos(a0);
  const y0 = cy - r * Math.sin(a0);
  const y1 = cy + r * Math.sin(a0);
  const arc = `M${f(x0)} ${f(y0)}A${r} ${r} 0 1 0 ${f(x0)} ${f(y1)}`;
  let s = `<rect width="256" height="256" rx="56" fill="url(#l-bg)"/>`;
  s += `<circle cx="70" cy="56" r="150" fill="url(#l-shine)"/>`;
  s += `<path d="${arc}" fill="none" stroke="#0f1f5c" stroke-opacity="0.35" stroke-width="46" transform="translate(0 5)"/>`;
  s += `<path d="${arc}" fill="none" stroke="#ffffff" stroke-width="46"/>`;
  s += `<path d="${arc}" fill="none" stroke="#f59e0b" stroke-width="7" stroke-dasharray="16 12" stroke-linecap="round"/>`;
  // car silhouette in the opening of the C
  s += `<g transform="translate(86 150) scale(0.1)">`;
  s += `<path d="M34 -64L22 -70Q10 -80 10 -110L12 -168Q14 -200 24 -222Q32 -238 64 -241L250 -250C300 -262 346 -324 392 -344Q500 -378 612 -352C652 -332 688 -290 722 -266Q820 -254 902 -240Q966 -228 984 -204Q998 -180 998 -140L994 -96Q990 -70 962 -64Z" fill="#f59e0b"/>`;
  s += `<path d="M284 -256C326 -270 366 -318 400 -334Q500 -362 600 -342C638 -322 674 -290 702 -262Q480 -262 284 -256Z" fill="#1e3a8a"/>`;
  s += `<circle cx="215" cy="-70" r="80" fill="#1e3a8a"/><circle cx="805" cy="-70" r="80" fill="#1e3a8a"/>`;
  s += `<circle cx="215" cy="-70" r="60" fill="#f59e0b"/><circle cx="805" cy="-70" r="60" fill="#f59e0b"/>`;
  s += `</g>`;
  return svgDoc(256, 256, defs, s);
}
