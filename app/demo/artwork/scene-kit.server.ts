/**
 * What every scene painter shares: the frame, the parts a scene hands to the
 * composition, and the draft a painter fills in.
 */

import { darken, lighten } from "#app/demo/artwork/color.server.ts";
import type { Rng } from "#app/demo/artwork/random.server.ts";
import { f, linear, radial } from "#app/demo/artwork/svg.server.ts";

export type Time = "day" | "golden";

export interface SceneParts {
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

export interface Frame {
  W: number;
  H: number;
  groundY: number;
}

/** A scene being painted: its geometry plus the parts, filled in as it goes. */
export interface SceneDraft extends SceneParts {
  fr: Frame;
  rnd: Rng;
  golden: boolean;
  horizon: number;
  roadTop: number;
  roadBottom: number;
  /** Always present while painting; left out of the finished parts when unset. */
  ambient: { tint: string; amount: number } | undefined;
}

export function skyRect(sp: SceneDraft, list: Array<[number, string]>): string {
  sp.defs += linear("s-sky", list);
  return `<rect width="${sp.fr.W}" height="${f(sp.roadTop + 2)}" fill="url(#s-sky)"/>`;
}

export function sunGlow(c: string): string {
  return radial("s-sunglow", [
    [0, c, 0.75],
    [0.3, c, 0.28],
    [1, c, 0],
  ]);
}

export function roadDefs(sp: SceneDraft, asphalt: string): void {
  sp.defs += linear("s-road", [
    [0, lighten(asphalt, 0.12)],
    [1, darken(asphalt, 0.18)],
  ]);
  sp.defs += linear(
    "s-roadsheen",
    [
      [0, "#ffffff", 0],
      [0.5, "#ffffff", sp.golden ? 0.06 : 0.04],
      [1, "#ffffff", 0],
    ],
    0,
    0,
    1,
    0,
  );
}
