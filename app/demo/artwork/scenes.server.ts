/** Backgrounds and foregrounds for car photos, one painter per scene. */

import type { Rng } from "#app/demo/artwork/random.server.ts";
import type { Frame, SceneDraft, SceneParts, Time } from "#app/demo/artwork/scene-kit.server.ts";
import { desertScene, forestScene, mountainScene } from "#app/demo/artwork/scenes-nature.server.ts";
import { cityScene, coastScene, studioScene } from "#app/demo/artwork/scenes-urban.server.ts";

export type Scene = "city" | "desert" | "forest" | "studio" | "coast" | "mountain";

const painters: Record<Scene, (sp: SceneDraft) => void> = {
  city: cityScene,
  desert: desertScene,
  forest: forestScene,
  studio: studioScene,
  coast: coastScene,
  mountain: mountainScene,
};

export function sceneParts(scene: Scene, time: Time, fr: Frame, rnd: Rng): SceneParts {
  const { H, groundY } = fr;
  const golden = time === "golden";
  const sp: SceneDraft = {
    fr,
    rnd,
    golden,
    horizon: groundY - H * 0.27,
    roadTop: groundY - H * 0.11,
    roadBottom: groundY + H * 0.055,
    defs: "",
    back: "",
    front: "",
    sky: "#bcd7f0",
    ground: "#555b63",
    headlightsOn: false,
    reflectionFloor: null,
    floor: "",
    ambient: golden ? { tint: "#4a2f4a", amount: 0.12 } : undefined,
  };
  painters[scene](sp);
  const { defs, back, front, sky, ground, headlightsOn, reflectionFloor, floor, ambient } = sp;
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
