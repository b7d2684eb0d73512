// The site's brand colour (decision 019): an admin picks one colour, which
// becomes brand-600, and the other shades are derived from it so the pages keep
// the default palette's light-to-dark steps.
//
// Method: in OKLCH (Björn Ottosson's OKLab in polar form) each derived shade
// keeps the default palette's lightness at that shade, takes the chosen hue,
// and scales the chosen chroma by the default palette's chroma at that shade
// relative to its 600 (so a grey gives greys). A shade outside sRGB has its
// chroma reduced by binary search until it fits. Pure, no dependencies: the
// server and the settings form in the browser both use it.
import { msg, type Translate } from "#app/i18n/translator.ts";
import { english } from "#app/i18n/message-format.ts";

export const BRAND_SHADES = [50, 100, 200, 500, 600, 700, 800, 900] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];
/** Lowercase `#rrggbb` per shade. */
export type BrandShades = Record<BrandShade, string>;

/** The palette in `@theme` (app/styles/app.css). */
export const DEFAULT_BRAND_SHADES: BrandShades = {
  50: "#eff6ff",
  100: "#dbeafe",
  200: "#bfdbfe",
  500: "#3b63f0",
  600: "#1d4ed8",
  700: "#1e40af",
  800: "#1e3a8a",
  900: "#172554",
};

const MIN_CONTRAST = 4.5;
const WHITE = "#ffffff";
const SLATE_300 = "#cbd5e1";

type Triple = [number, number, number];
type Lch = { l: number; c: number; h: number };

/** `#rgb` or `#rrggbb`, any case, as lowercase `#rrggbb`; anything else is null. */
export function parseHexColour(value: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((d) => d + d).join("")}` : `#${digits}`;
}

function hexToLinear(hex: string): Triple {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return [channel(1), channel(3), channel(5)];
}

function linearToHex(rgb: Triple): string {
  const channel = (linear: number) => {
    const value = Math.min(1, Math.max(0, linear));
    const encoded = value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055;
    return Math.round(encoded * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${rgb.map(channel).join("")}`;
}

function multiply(matrix: readonly Triple[], [x, y, z]: Triple): Triple {
  const row = ([a, b, c]: Triple) => a * x + b * y + c * z;
  return matrix.map(row) as Triple;
}

// Ottosson's matrices: linear sRGB → LMS, LMS' → OKLab, and their inverses.
const RGB_TO_LMS: Triple[] = [
  [0.4122214708, 0.5363325363, 0.0514459929],
  [0.2119034982, 0.6806995451, 0.1073969566],
  [0.0883024619, 0.2817188376, 0.6299787005],
];
const LMS_TO_LAB: Triple[] = [
  [0.2104542553, 0.793617785, -0.0040720468],
  [1.9779984951, -2.428592205, 0.4505937099],
  [0.0259040371, 0.7827717662, -0.808675766],
];
const LAB_TO_LMS: Triple[] = [
  [1, 0.3963377774, 0.2158037573],
  [1, -0.1055613458, -0.0638541728],
  [1, -0.0894841775, -1.291485548],
];
const LMS_TO_RGB: Triple[] = [
  [4.0767416621, -3.3077115913, 0.2309699292],
  [-1.2684380046, 2.6097574011, -0.3413193965],
  [-0.0041960863, -0.7034186147, 1.707614701],
];

function hexToLch(hex: string): Lch {
  const lms = multiply(RGB_TO_LMS, hexToLinear(hex)).map(Math.cbrt) as Triple;
  const [l, a, b] = multiply(LMS_TO_LAB, lms);
  return { l, c: Math.hypot(a, b), h: Math.atan2(b, a) };
}

function lchToLinear({ l, c, h }: Lch): Triple {
  const lms = multiply(LAB_TO_LMS, [l, c * Math.cos(h), c * Math.sin(h)]);
  return multiply(LMS_TO_RGB, lms.map((v) => v ** 3) as Triple);
}

function inGamut(lch: Lch): boolean {
  return lchToLinear(lch).every((v) => v >= -1e-6 && v <= 1 + 1e-6);
}

/** The colour with the most chroma up to `lch.c` that sRGB can show. */
function toGamut(lch: Lch): Lch {
  if (inGamut(lch)) return lch;
  let [low, high] = [0, lch.c];
  for (let step = 0; step < 24; step++) {
    const mid = (low + high) / 2;
    if (inGamut({ ...lch, c: mid })) low = mid;
    else high = mid;
  }
  return { ...lch, c: low };
}

const DEFAULT_LCH = BRAND_SHADES.map((shade) => hexToLch(DEFAULT_BRAND_SHADES[shade]));
const DEFAULT_600_CHROMA = hexToLch(DEFAULT_BRAND_SHADES[600]).c;

/** The eight shades for a chosen colour (which is shade 600); throws if it is not hex. */
export function brandShades(colour: string): BrandShades {
  const hex = parseHexColour(colour);
  if (!hex) throw new Error(`Not a hex colour: ${JSON.stringify(colour)}`);
  const chosen = hexToLch(hex);
  const shade = (index: number) => {
    const base = DEFAULT_LCH[index]!;
    const c = chosen.c * (base.c / DEFAULT_600_CHROMA);
    return linearToHex(lchToLinear(toGamut({ l: base.l, c, h: chosen.h })));
  };
  const entries = BRAND_SHADES.map((name, index) => [name, name === 600 ? hex : shade(index)]);
  return Object.fromEntries(entries) as BrandShades;
}

/** WCAG 2.x relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = hexToLinear(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour the pages put text on or under: a brand shade, or a fixed neutral. */
type Ink = BrandShade | "white" | "slate-300";
const inkColour = (ink: Ink, shades: BrandShades) =>
  ink === "white" ? WHITE : ink === "slate-300" ? SLATE_300 : shades[ink];

/** Text and background pairs the pages use, each named for the settings form. */
const CHECKED_PAIRS: { pair: string; text: Ink; on: Ink }[] = [
  { pair: msg("white text on buttons"), text: "white", on: 600 },
  { pair: msg("white text on hovered buttons"), text: "white", on: 700 },
  { pair: msg("white text on the hero"), text: "white", on: 900 },
  { pair: msg("links and prices on white"), text: 700, on: "white" },
  { pair: msg("links and prices on pale panels"), text: 700, on: 50 },
  { pair: msg("banner labels"), text: 100, on: 700 },
  { pair: msg("footer text"), text: "slate-300", on: 900 },
];

/** Every pair below WCAG's 4.5:1 for normal text; empty when the palette is readable. */
export function contrastProblems(shades: BrandShades): { pair: string; ratio: number }[] {
  return CHECKED_PAIRS.map(({ pair, text, on }) => ({
    pair,
    ratio: contrastRatio(inkColour(text, shades), inkColour(on, shades)),
  })).filter(({ ratio }) => ratio < MIN_CONTRAST);
}

/** The settings form's message for an unreadable brand colour, or null, in the reader's words. */
export function brandColourProblem(colour: string, t: Translate = english): string | null {
  const hex = parseHexColour(colour);
  if (!hex) return t("Enter a colour like #1d4ed8.");
  const problem = contrastProblems(brandShades(hex))[0];
  if (!problem) return null;
  // Rounded down, so a failing ratio never reads as 4.5:1.
  const ratio = Math.floor(problem.ratio * 10) / 10;
  const pair = t(problem.pair);
  return t(
    "{pair} would have a contrast of {ratio}:1; it needs at least {needed}:1. Choose a darker colour.",
    {
      pair: `${pair.charAt(0).toUpperCase()}${pair.slice(1)}`,
      ratio: ratio.toFixed(1),
      needed: String(MIN_CONTRAST),
    },
  );
}

/** `:root{--color-brand-50:#…;…}`, to override the `@theme` palette from a <style> element. */
export function brandCss(shades: BrandShades): string {
  const declarations = BRAND_SHADES.map((shade) => {
    const value = shades[shade];
    if (!/^#[0-9a-f]{6}$/.test(value))
      throw new Error(`Not a brand shade: ${JSON.stringify(value)}`);
    return `--color-brand-${shade}:${value};`;
  });
  return `:root{${declarations.join("")}}`;
}
