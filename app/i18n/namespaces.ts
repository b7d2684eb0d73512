// The catalogue's parts (decision 020). A message belongs to the part of the file that
// uses it; a page is sent the parts its routes ask for, in its language. `server`
// messages (mail, server-made notices) never leave the server. Client-safe.
export const NAMESPACES = [
  "common",
  "public",
  "products",
  "account",
  "dashboard",
  "admin",
  "server",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The parts sent to the browser; `server` is not. */
export type PageNamespace = Exclude<Namespace, "server">;

/**
 * Which part a source file's messages go in: the first rule that matches its path
 * (from the repository's root); anything else is `common`, sent with every page.
 */
export const NAMESPACE_RULES: readonly (readonly [RegExp, Namespace])[] = [
  [/\.server\.tsx?$/, "server"],
  [/^app\/routes\/public\//, "public"],
  [/^app\/routes\/products\//, "products"],
  [/^app\/routes\/auth\//, "account"],
  [/^app\/routes\/dashboard\/admin\//, "admin"],
  [/^app\/routes\/dashboard\//, "dashboard"],
  // What only admins' pages show.
  [
    /^app\/(?:components\/admin-bits|models\/(?:site-form|site-labels|category-form|verification-form|admin-users|audit)\.)/,
    "admin",
  ],
  // What only signed-in people's dashboards show.
  [
    /^app\/(?:components\/(?:listing-form\/|car-requests-table|wishlist-view|conversation-link)|models\/(?:listing-form|conversation)\.)/,
    "dashboard",
  ],
];

export function namespaceOfFile(file: string): Namespace {
  for (const [pattern, namespace] of NAMESPACE_RULES) if (pattern.test(file)) return namespace;
  return "common";
}
