// Which Carlot a process serves: in development the app as Vite compiles it (hot reload),
// otherwise the production build made by `npm run build`.
import fs from "node:fs";
import path from "node:path";

import type * as AppModuleExports from "./app.ts";

type AppModule = typeof AppModuleExports;

const root = path.resolve(import.meta.dirname, "..");

/** The app module and the options to create it with; exits with a sentence when there is no build. */
export async function loadApp(dev: boolean): Promise<{
  mod: AppModule;
  options: Parameters<AppModule["createApp"]>[0];
}> {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const mod = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
    const build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as never;
    return { mod, options: { before: viteServer.middlewares, build } };
  }
  const entry = path.join(root, "build/server/index.js");
  if (!fs.existsSync(entry)) {
    console.error("No build found. Run `npm run build` first (or just `npm start`).");
    process.exit(1);
  }
  const mod = (await import(entry)) as AppModule;
  return { mod, options: { clientAssetsDir: path.join(root, "build/client") } };
}
