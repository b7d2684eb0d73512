import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** React, React DOM, their scheduler, React Router and what React Router imports. */
export const FRAMEWORK_MODULE =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie-es|@remix-run[\\/]route-pattern)[\\/]/;

/** The browser entry and the root route: both run on every page. */
const EVERY_PAGE =
  /[\\/]entry\.client\.tsx$|[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/;

/** The visitors' pages: home, blogs, safety, the car lists, a car, compare. */
const PUBLIC_ROUTE =
  /[\\/]app[\\/]routes[\\/](public|products)[\\/][\w-]+[\\/]route\.tsx\?__react-router-build-client-route$/;

/** The car lists' page (/products/allProducts and /products/{category}). */
const CAR_LISTS_ROUTE =
  /[\\/]app[\\/]routes[\\/]products[\\/]browse[\\/]route\.tsx\?__react-router-build-client-route$/;

/** Any page's browser module. */
const ANY_ROUTE = /\?__react-router-build-client-route$/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module `from` reaches through static imports (a dynamic import() is what a page may not need). */
function reach(graph: ModuleGraph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = from.flatMap((id) => [...(graph.getModuleInfo(id)?.importedIds ?? [])]);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The browser's shared chunks, in this order of precedence:
 * - "framework": React, React DOM and React Router, what a React Router app with no code
 *   of ours loads (with React Router's default entry and the bundler's module helpers,
 *   which stay files of their own). It changes only with an upgrade, so
 *   a returning visitor's browser keeps it across our releases.
 * - "shell": what the root route imports (header, footer, toaster, error messages).
 * - "cars": what three or more visitors' pages share beyond the shell (a car's
 *   picture, badges, facts and Compare button). gzip compresses a chunk as one text
 *   and our components repeat the same class names, so one chunk is smaller than the
 *   several it replaces.
 * - "lists": what the car lists share with other pages beyond those two (the car table
 *   the home page shows too, pagination that dashboard pages use). Left to the bundler,
 *   these were three chunks, one per set of pages using each; as one they cost the car
 *   lists 1.2 kB gzip less, and a car's page still does not download a table it does not show.
 * Each route module, with what only it imports, stays its own chunk.
 */
type ChunkGroup = { name: string; test: RegExp | ((id: string) => boolean); priority: number };

function sharedChunks(): { plugin: Plugin; groups: ChunkGroup[] } {
  let shell = new Set<string>();
  let cars = new Set<string>();
  let lists = new Set<string>();
  return {
    plugin: {
      name: "carlot:shared-chunks",
      applyToEnvironment: (environment) => environment.config.consumer === "client",
      buildEnd() {
        const ids = [...this.getModuleIds()];
        shell = reach(
          this,
          ids.filter((id) => EVERY_PAGE.test(id)),
        );
        const seenBy = new Map<string, number>();
        for (const route of ids.filter((id) => PUBLIC_ROUTE.test(id))) {
          for (const id of reach(this, [route])) seenBy.set(id, (seenBy.get(id) ?? 0) + 1);
        }
        cars = new Set(
          [...seenBy].filter(([id, count]) => count >= 3 && !shell.has(id)).map(([id]) => id),
        );
        const elsewhere = reach(
          this,
          ids.filter((id) => ANY_ROUTE.test(id) && !CAR_LISTS_ROUTE.test(id)),
        );
        lists = new Set(
          [
            ...reach(
              this,
              ids.filter((id) => CAR_LISTS_ROUTE.test(id)),
            ),
          ].filter((id) => elsewhere.has(id) && !shell.has(id) && !cars.has(id)),
        );
      },
    },
    groups: [
      { name: "framework", test: FRAMEWORK_MODULE, priority: 3 },
      { name: "shell", test: (id) => shell.has(id), priority: 2 },
      { name: "cars", test: (id) => cars.has(id), priority: 1 },
      { name: "lists", test: (id) => lists.has(id) && !FRAMEWORK_MODULE.test(id), priority: 0 },
    ],
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

/**
 * A dynamic import() in the browser bundle is plain `import()`. Vite wraps each one in a
 * helper that first preloads the imported chunk's own imports; with `modulePreload: false`
 * it hands the helper no files, so all that is left is 0.7 kB gzip of helper code in the
 * shell, on every page. The browser then fetches a lazy part's imports as it reads them.
 * Vite inserts the helper under this module id (app/framework/README.md lists it).
 */
export const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

function plainDynamicImports(): Plugin {
  return {
    name: "carlot:plain-dynamic-imports",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    resolveId: (source) => (source === PRELOAD_HELPER_ID ? PRELOAD_HELPER_ID : undefined),
    load: (id) =>
      id === PRELOAD_HELPER_ID ? "export const __vitePreload = (load) => load();" : undefined,
  };
}

/**
 * `msg("…")` marks a text for the catalogue's extractor and returns it unchanged
 * (decision 020): in the browser's bundle the call is replaced by its text, which
 * saves every page a function call per marked text.
 */
const MSG_CALL = /\bmsg\((\s*(?:"(?:[^"\\\n]|\\.)*"|`[^`$\\]*`)\s*),?\s*\)/g;

/** The code with each `msg("…")` of a plain string replaced by `("…")`. */
export function inlineMsg(code: string): string {
  return code.replace(MSG_CALL, "($1)");
}

function inlineMsgCalls(): Plugin {
  return {
    name: "carlot:inline-msg-calls",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    transform(code, id) {
      if (!/[\\/]app[\\/].*\.tsx?$/.test(id) || !code.includes("msg(")) return undefined;
      return { code: inlineMsg(code), map: null };
    },
  };
}

/**
 * A page's browser module is named after its folder ("sell-car-[hash].js"), not after
 * its file: every page's file is route.tsx. Its split client action keeps the name too.
 */
function namedAfterPage(chunk: { name: string; facadeModuleId: string | null }): string {
  const page = /[\\/]routes[\\/](?:[\w-]+[\\/])*?([\w-]+)[\\/]route\.tsx/.exec(
    chunk.facadeModuleId ?? "",
  );
  return `assets/${page ? page[1] : "[name]"}-[hash].js`;
}

const chunks = sharedChunks();

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
          output: {
            codeSplitting: { groups: chunks.groups },
            entryFileNames: namedAfterPage,
            chunkFileNames: namedAfterPage,
          },
        },
      },
    },
  },
  build: { assetsInlineLimit: 0, modulePreload: false },
  plugins: [
    plainDynamicImports(),
    inlineMsgCalls(),
    tailwindcss(),
    reactRouter(),
    chunks.plugin,
    pgliteWorker(),
  ],
}));
