// The short safety advice the contact form shows (the /safety page explains each).
export const SAFETY_TIPS = [
  "Meet in a busy public place, in daylight, and bring someone with you.",
  "Never pay a deposit or send money before you have seen the car and its papers.",
  "Check that the VIN on the car matches the one on the registration papers.",
] as const;

export const SAFETY_PATH = "/safety";
