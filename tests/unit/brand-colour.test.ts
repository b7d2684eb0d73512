// The brand colour (decision 019): shades derived from one chosen colour, the
// contrast pairs the pages rely on, and the CSS that overrides `@theme`.
import { describe, expect, test } from "vitest";

import {
  BRAND_SHADES,
  brandColourProblem,
  brandCss,
  brandShades,
  contrastProblems,
  contrastRatio,
  DEFAULT_BRAND_SHADES,
  parseHexColour,
} from "#app/models/brand-colour.ts";

const HEX = /^#[0-9a-f]{6}$/;
const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe("the default palette", () => {
  test("passes every contrast pair, with ratios from about 6.7 to 14.7", () => {
    expect(contrastProblems(DEFAULT_BRAND_SHADES)).toEqual([]);
    const { 50: pale, 100: label, 600: button, 700: link, 900: hero } = DEFAULT_BRAND_SHADES;
    const ratios = [
      contrastRatio("#ffffff", button),
      contrastRatio("#ffffff", link),
      contrastRatio("#ffffff", hero),
      contrastRatio(link, pale),
      contrastRatio(label, link),
      contrastRatio("#cbd5e1", hero),
    ];
    expect(Math.min(...ratios)).toBeCloseTo(6.7, 1);
    expect(Math.max(...ratios)).toBeCloseTo(14.7, 1);
    expect(brandColourProblem(DEFAULT_BRAND_SHADES[600])).toBeNull();
  });

  test("is nearly reproduced from its own 600", () => {
    const derived = brandShades("#1d4ed8");
    expect(derived[600]).toBe("#1d4ed8");
    // Tailwind's blue drifts in hue from shade to shade; derived shades keep one hue,
    // so 500 differs most (red 0x3b against 0x30).
    for (const shade of BRAND_SHADES) {
      const expected = channels(DEFAULT_BRAND_SHADES[shade]);
      channels(derived[shade]).forEach((value, index) => {
        expect(Math.abs(value - expected[index]!), `shade ${shade}`).toBeLessThanOrEqual(12);
      });
    }
  });
});

describe("contrastRatio", () => {
  test("follows WCAG 2.x", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

describe("brandColourProblem", () => {
  test("refuses yellow, naming white text on buttons", () => {
    const problems = contrastProblems(brandShades("#ffff00"));
    expect(problems[0]?.pair).toBe("white text on buttons");
    expect(brandColourProblem("#ffff00")).toBe(
      "White text on buttons would have a contrast of 1.0:1; it needs at least 4.5:1. Choose a darker colour.",
    );
  });

  test("rounds the ratio down, so a failure never reads as 4.5:1", () => {
    // #777777 has 4.48:1 against white.
    expect(contrastRatio("#ffffff", "#777777")).toBeCloseTo(4.48, 2);
    expect(brandColourProblem("#777777")).toContain("a contrast of 4.4:1;");
  });

  test("accepts a dark green", () => {
    expect(contrastProblems(brandShades("#166534"))).toEqual([]);
    expect(brandColourProblem("#166534")).toBeNull();
  });

  test("refuses what is not a colour", () => {
    expect(brandColourProblem("red")).toBe("Enter a colour like #1d4ed8.");
  });
});

describe("brandShades", () => {
  test("keeps a grey grey", () => {
    for (const grey of ["#555555", "#000000", "#3a3a3a"]) {
      const shades = brandShades(grey);
      for (const shade of BRAND_SHADES) {
        const [r, g, b] = channels(shades[shade]) as [number, number, number];
        expect(Math.max(r, g, b) - Math.min(r, g, b), `${grey} ${shade}`).toBeLessThanOrEqual(1);
      }
    }
  });

  test("takes any case and the short form, and refuses what is not hex", () => {
    expect(brandShades("#ABC")[600]).toBe("#aabbcc");
    expect(() => brandShades("red")).toThrow();
  });

  test("gives valid hex, light to dark, for 200 random colours", () => {
    let seed = 19;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i++) {
      const colour = `#${Math.floor(random() * 0x1000000)
        .toString(16)
        .padStart(6, "0")}`;
      const shades = brandShades(colour);
      for (const shade of BRAND_SHADES) expect(shades[shade], colour).toMatch(HEX);
      const lightToDark = [50, 100, 200, 500, 700, 800, 900] as const;
      const luminance = lightToDark.map((shade) => contrastRatio(shades[shade], "#000000"));
      expect(luminance, colour).toEqual([...luminance].sort((a, b) => b - a));
    }
  });
});

describe("parseHexColour", () => {
  test.each([
    ["#abc", "#aabbcc"],
    ["#ABCDEF", "#abcdef"],
    ["  #1D4ed8 ", "#1d4ed8"],
  ])("accepts %j as %s", (value, expected) => {
    expect(parseHexColour(value)).toBe(expected);
  });

  test.each(["abc", "#abcd", "red", "#ggg", "url(x)", "", "#abcdef;}", "#1d4ed8\n}"])(
    "refuses %j",
    (value) => {
      expect(parseHexColour(value)).toBeNull();
    },
  );
});

describe("brandCss", () => {
  test("is one minified :root rule with a declaration per shade", () => {
    const css = brandCss(brandShades("#166534"));
    expect(css).toMatch(/^:root\{(--color-brand-\d+:#[0-9a-f]{6};){8}\}$/);
    expect(brandCss(DEFAULT_BRAND_SHADES)).toBe(
      ":root{--color-brand-50:#eff6ff;--color-brand-100:#dbeafe;--color-brand-200:#bfdbfe;--color-brand-500:#3b63f0;--color-brand-600:#1d4ed8;--color-brand-700:#1e40af;--color-brand-800:#1e3a8a;--color-brand-900:#172554;}",
    );
  });

  test("refuses a shade that is not hex rather than write it into a <style> element", () => {
    const hostile = { ...DEFAULT_BRAND_SHADES, 700: "red}</style><script>" };
    expect(() => brandCss(hostile)).toThrow();
  });
});
