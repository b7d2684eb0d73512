// The real server (server/app.ts's createApp: start-up checks, Express, the page cache,
// /metrics) for integration tests, on its own data directory and database, behind a
// real node:http server on an ephemeral port. The React Router build is a small
// hand-made one (three routes whose document is the loader data as JSON), so the tests
// need no `npm run build`. A test file that uses this mocks the production build:
//   vi.mock("virtual:react-router/server-build", () => ({}));
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { data, type ServerBuild } from "react-router";
import { afterAll, beforeAll, inject } from "vitest";

import { openPglite, openPostgres, type Database } from "#app/db/client.server.ts";
import { createApp, type CarlotApp } from "#server/app.ts";
import { databaseUrl } from "#tests/setup/postgres-template.ts";

export const ON_POSTGRES = process.env.TEST_DB_DRIVER === "postgres";

/** The port createApp is told it listens on (its allowed Host values); requests carry it. */
export const APP_PORT = 3751;

const noComponent = () => null;

function entryRoute(id: string, extra: { parentId?: string; hasLoader: boolean }) {
  return {
    id,
    parentId: extra.parentId,
    hasAction: false,
    hasLoader: extra.hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

/** Home ("/"), a car ("/products/:id"), a resource route ("/ping") and the 404 page ("*"). */
export const testBuild: ServerBuild = {
  entry: {
    module: {
      default: (_request, status, headers, context) => {
        headers.set("Content-Type", "text/html; charset=utf-8");
        const data = JSON.stringify(context.staticHandlerContext.loaderData);
        return new Response(`<!doctype html><html><body><pre>${data}</pre></body></html>`, {
          status,
          headers,
        });
      },
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: noComponent } },
    "routes/home": {
      id: "routes/home",
      parentId: "root",
      index: true,
      module: { default: noComponent, loader: () => ({ page: "home" }) },
    },
    "routes/product": {
      id: "routes/product",
      parentId: "root",
      path: "products/:id",
      module: {
        default: noComponent,
        loader: ({ params }: { params: { id?: string } }) => ({ car: params.id }),
      },
    },
    "routes/ping": {
      id: "routes/ping",
      parentId: "root",
      path: "ping",
      module: { loader: () => new Response("pong", { headers: { "Content-Type": "text/plain" } }) },
    },
    "routes/not-found": {
      id: "routes/not-found",
      parentId: "root",
      path: "*",
      module: {
        default: noComponent,
        loader: () => {
          throw data("Not found", { status: 404 });
        },
      },
    },
  } as unknown as ServerBuild["routes"],
  assets: {
    entry: { imports: [], module: "/assets/entry.js" },
    routes: {
      root: { ...entryRoute("root", { hasLoader: false }), path: "" },
      "routes/home": {
        ...entryRoute("routes/home", { parentId: "root", hasLoader: true }),
        index: true,
      },
      "routes/product": {
        ...entryRoute("routes/product", { parentId: "root", hasLoader: true }),
        path: "products/:id",
      },
      "routes/ping": {
        ...entryRoute("routes/ping", { parentId: "root", hasLoader: true }),
        path: "ping",
      },
      "routes/not-found": {
        ...entryRoute("routes/not-found", { parentId: "root", hasLoader: true }),
        path: "*",
      },
    },
    url: "/assets/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {} as ServerBuild["future"],
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
};

/** A fresh data directory and, on PostgreSQL, a fresh (migrated) database. */
export type AppPlace = {
  dataDir: string;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** Opens the place's database (the app must be closed first on the embedded database). */
  open(): Promise<Database>;
  remove(): Promise<void>;
};

/** A place made before a suite's tests and removed after them; call inside `describe`. */
export function useAppPlace(): () => AppPlace {
  let place: AppPlace | undefined;
  beforeAll(async () => {
    place = await appPlace();
  }, 60_000);
  afterAll(async () => {
    await place?.remove();
  }, 60_000);
  return () => {
    if (!place) throw new Error("the app place is made in beforeAll");
    return place;
  };
}

export async function appPlace(): Promise<AppPlace> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "carlot-app-"));
  if (!ON_POSTGRES) {
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openPglite(dataDir),
      remove: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `carlot_t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  const url = databaseUrl(base, name);
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: async () => openPostgres(url, 2),
    async remove() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RunningApp = {
  carlot: CarlotApp;
  get(
    urlPath: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
};

/**
 * createApp with `env` (nothing from process.env) behind a node:http server;
 * `clientAssetsDir`: a browser build to serve, as `npm run serve` does.
 */
export async function startApp(
  env: Record<string, string>,
  options: { clientAssetsDir?: string } = {},
): Promise<RunningApp> {
  const carlot = await createApp({
    env: { PORT: String(APP_PORT), HOST: "127.0.0.1", SEED_DEMO: "false", ...env },
    build: async () => testBuild,
    clientAssetsDir: options.clientAssetsDir,
  });
  const server = http.createServer(carlot.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    carlot,
    get: (urlPath, headers = {}) =>
      new Promise((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path: urlPath,
            headers: { Host: `localhost:${APP_PORT}`, ...headers },
          },
          (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
            );
          },
        );
        request.on("error", reject);
        request.end();
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await carlot.close();
    },
  };
}
