// Category vocabulary shared by client and server.

/** The spec's categories: the defaults a new site starts with (ensureCategories). */
export const CATEGORY_NAMES = ["Sedan", "Off Road", "Muscle", "SUV"] as const;

/** URL form of a category name: "Off Road" → "off-road", "Coupé" → "coupe". */
export function categorySlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "1 car", "1,204 cars". */
export const carsLabel = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "car" : "cars"}`;
