import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * `virtual:carlot/app-css` is the built stylesheet's text in the production server
 * bundle (root.tsx inlines it into every page's <head>, so no stylesheet request
 * blocks the first paint) and "" everywhere else: the browser bundle never carries
 * the CSS, and development keeps the <link> that Vite updates in place.
 */
function inlineAppCss(): Plugin {
  const id = "virtual:carlot/app-css";
  let build = false;
  return {
    name: "carlot:inline-app-css",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId(source) {
      return source === id ? `\0${id}` : undefined;
    },
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      if (build && this.environment.config.consumer === "server") {
        return `export { default } from "/app/styles/app.css?inline";`;
      }
      return `export default "";`;
    },
  };
}

/**
 * The modules every page loads (React, React Router and the root route's own
 * imports) in one browser chunk: one request instead of about twenty, and gzip
 * compresses them together. Route modules and what only they import stay in their
 * own chunks, so a page loads nothing another page alone needs.
 */
function shellChunk(): {
  plugin: Plugin;
  name: (
    id: string,
    ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
  ) => string | null;
} {
  let entries: string[] = [];
  let shell: Set<string> | undefined;
  return {
    plugin: {
      name: "carlot:shell-chunk",
      applyToEnvironment: (environment) => environment.config.consumer === "client",
      buildEnd() {
        // The browser entry and the root route's entry: both run on every page.
        entries = [...this.getModuleIds()].filter((moduleId) =>
          /[\\/]entry\.client\.tsx$|[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/.test(
            moduleId,
          ),
        );
        shell = undefined;
      },
    },
    name(id, ctx) {
      if (!shell) {
        shell = new Set();
        // Static imports only: a dynamic import() is exactly what a page may not need.
        const pending = entries.flatMap((entry) => [
          ...(ctx.getModuleInfo(entry)?.importedIds ?? []),
        ]);
        for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
          if (shell.has(next)) continue;
          shell.add(next);
          pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return shell.has(id) ? "shell" : null;
    },
  };
}

/**
 * The embedded database's thread (app/db/pglite-worker.ts) is started by file name,
 * not imported: it is emitted beside the server bundle as build/server/pglite-worker.js.
 */
function pgliteWorker(): Plugin {
  return {
    name: "carlot:pglite-worker",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    apply: "build",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: "./app/db/pglite-worker.ts",
        fileName: "pglite-worker.js",
      });
    },
  };
}

const shell = shellChunk();

export default defineConfig(({ command }) => ({
  environments: {
    // The SSR bundle's entry is our Express app (server/app.ts), so start-up code
    // (environment, database, migrations, seed) ships inside the build.
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
      // The ES-module libraries the server uses are bundled with our code: Node then
      // resolves and loads a handful of files at start instead of thousands (start-up
      // time and memory), and only the parts we use are kept. Native addons, files
      // found at run time (PGlite's WebAssembly) and CommonJS packages stay in
      // node_modules. Development loads them from node_modules as they are.
      resolve:
        command !== "build"
          ? {}
          : {
              noExternal: true,
              external: [
                "@electric-sql/pglite",
                "@node-rs/argon2",
                "sharp",
                "pg",
                "pino",
                "pino-http",
                "nodemailer",
                "express",
                "compression",
                "isbot",
              ],
            },
    },
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: shell.name }] } },
        },
      },
    },
  },
  build: { assetsInlineLimit: 0 },
  plugins: [
    tailwindcss(),
    reactRouter(),
    inlineAppCss(),
    shell.plugin,
    pgliteWorker(),
  ],
}));
