/**
 * Procedural artwork for the demo data set.
 *
 * Every demo image (car photos, category cards, avatars, the logo) is drawn
 * here as an SVG string and rasterised elsewhere (sharp / librsvg). Nothing is
 * downloaded. All functions are pure and deterministic for the same inputs.
 *
 * The drawing code lives in app/demo/artwork/; this module is its public API.
 */

export type { BodyStyle } from "#app/demo/artwork/bodies.server.ts";
export type { Scene } from "#app/demo/artwork/scenes.server.ts";
export { carPhotoSvg, categorySvg, type View } from "#app/demo/artwork/compose.server.ts";
export { avatarSvg } from "#app/demo/artwork/avatar.server.ts";
export { logoSvg } from "#app/demo/artwork/logo.server.ts";
