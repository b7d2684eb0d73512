// The short safety advice the contact form shows (the /safety page explains each).
import { msg } from "#app/i18n/translator.ts";

export const SAFETY_TIPS = [
  msg("Meet in a busy public place, in daylight, and bring someone with you."),
  msg("Never pay a deposit or send money before you have seen the car and its papers."),
  msg("Check that the VIN on the car matches the one on the registration papers."),
] as const;

export const SAFETY_PATH = "/safety";
