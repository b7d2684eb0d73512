// Category vocabulary shared by client and server.

export const CATEGORY_NAMES = ["Sedan", "Off Road", "Muscle", "SUV"] as const;

/** URL form of a category name: "Off Road" → "off-road". */
export function categorySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
