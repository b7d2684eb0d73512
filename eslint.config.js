import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Pages and components link with AppLink and AppNavLink. Both blocks below that restrict
// imports for components name it: for a file two blocks match, the later rule replaces the
// earlier.
const linkThroughAppLink = {
  name: "react-router",
  importNames: ["Link", "NavLink"],
  message:
    "Use AppLink or AppNavLink (#app/components/ui/app-link.tsx): React Router's in the browser, a plain <a> on the server.",
};

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "tests/.tmp/", "bench-data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Scrollable code blocks and table regions must be reachable by keyboard (axe).
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: ["pre"], roles: ["region", "dialog"] },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Actions read their body with readForm (app/services/form.server.ts), which turns
    // bodies that are not forms into 400/415 instead of a 500.
    files: ["app/routes/**", "app/models/**", "app/services/**"],
    ignores: ["app/services/form.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: "Read forms with readForm(request) from #app/services/form.server.ts.",
        },
      ],
    },
  },
  {
    // DataTable restyles table parts on phones; explicit roles keep their semantics.
    files: ["app/components/ui/data-table.tsx"],
    rules: {
      "jsx-a11y/no-redundant-roles": "off",
      "jsx-a11y/no-interactive-element-to-noninteractive-role": "off",
    },
  },
  {
    // Routes and components never reach the database directly: they go through models.
    files: ["app/routes/**", "app/components/**", "app/layout/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [linkThroughAppLink],
          patterns: [
            {
              group: ["#app/db/*", "**/db/*"],
              message: "Routes and components use app/models, not app/db.",
            },
          ],
        },
      ],
    },
  },
  {
    // Client-safe modules never import server-only code: models, shared components and
    // the components beside a page's route.tsx (the route module itself has loaders).
    files: ["app/models/*.ts", "app/components/**", "app/layout/**", "app/routes/**"],
    ignores: ["app/models/*.server.ts", "app/routes/**/route.tsx", "app/routes/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [linkThroughAppLink],
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"],
              allowTypeImports: true,
              message: "Client-safe code must not import .server modules.",
            },
            { group: ["#app/db/*"], message: "Client-safe code must not import the database." },
          ],
        },
      ],
    },
  },
);
