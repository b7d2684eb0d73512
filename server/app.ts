// The application server, bundled by Vite as the SSR entry so that start-up code
// (environment, database, migrations, seed) ships with the build. server/index.ts
// loads it (from Vite in development, from build/server in production) and listens.
// This module assembles the process: start-up (start-up.ts), the services, the page
// cache and its change feed, the background jobs (maintenance.ts), and the Express
// middleware in order, from compression and security headers through health checks,
// auth endpoints and build files (health.ts, auth-endpoints.ts, build-files.ts) to
// React Router.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createRouterHandler, type ServerBuild } from "react-router";
import * as productionBuild from "virtual:react-router/server-build";

import { allShownLoaded } from "#app/components/ui/load-when-shown.tsx";

import { mailSenderOf } from "#app/models/site.server.ts";
import { createAppContext, type AppServices } from "#app/services/app-context.server.ts";
import { createAuth } from "#app/services/auth.server.ts";
import { oidcProvider, parseEnv } from "#app/services/env.server.ts";
import { logger } from "#app/services/logger.server.ts";
import { createMailer } from "#app/services/mail.server.ts";
import { timePhotoProcessing } from "#app/services/images.server.ts";
import { MEDIA_ROUTE } from "#app/services/storage.server.ts";

import { createRequestLog, serveAuthEndpoints } from "./auth-endpoints.ts";
import { serveBuildFiles } from "./build-files.ts";
import { createChangeFeed } from "./change-feed.ts";
import { serveHealthChecks } from "./health.ts";
import { startMaintenance } from "./maintenance.ts";
import { mediaRoute } from "./media.ts";
import { createMetrics, metricsEndpoint } from "./metrics.ts";
import { createPageCache, pageSecurityHeaders, type PageCache } from "./page-cache.ts";
import { createPageDictionary } from "./page-dictionary.ts";
import { refuseActionlessPosts } from "./post-gate.ts";
import { openAndMigrate } from "./start-up.ts";
import { loadStaticFiles } from "./static-files.ts";
import { compressWholePages, PAGE_BROTLI_QUALITY } from "./whole-page-compression.ts";
import {
  allowedHosts,
  bodyLimits,
  newNonce,
  ownInterfaceAddresses,
  securityHeaderList,
  requestGate,
  sameOriginWrites,
  securityHeaders,
} from "./security.ts";

/** Shared data entries kept per process (lists of cars, cars' details; a few KB each). */
const SHARED_ENTRIES = 2000;

export type CarlotApp = {
  app: express.Express;
  /** What the HTTP server runs: stored visitors' pages first, then the app. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  pageCache: PageCache;
  port: number;
  host: string;
  close(): Promise<void>;
};

export async function createApp(options: {
  /** In development, a loader that picks up edited route modules. */
  build?: () => Promise<ServerBuild>;
  /** Express middleware that must run before our routes (Vite's dev server). */
  before?: express.RequestHandler;
  clientAssetsDir?: string;
  /** The settings (tests pass their own); normally `process.env`. */
  env?: Record<string, string | undefined>;
}): Promise<CarlotApp> {
  const source = options.env ?? process.env;
  const env = parseEnv(source);
  const dev = env.NODE_ENV === "development";
  logger.level = env.LOG_LEVEL;

  const { database, storage, secret } = await openAndMigrate(env, source);
  // Parts of pages the browser loads on demand are rendered at once on the server.
  await allShownLoaded();
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const oidc = oidcProvider(env);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    sender: mailSenderOf(database.db),
  });
  const services: AppServices = {
    db: database.db,
    storage,
    mailer,
    // better-auth reads sessions and people by key: planned once on the embedded database.
    auth: createAuth({ db: database.lookups, secret, baseURL: publicUrl, mailer, oidc }),
    config: {
      secret,
      publicUrl,
      secureCookies: publicUrl.startsWith("https:"),
      oidc,
      contactRequestLimits: env.CONTACT_REQUEST_LIMITS ?? true,
    },
  };

  const build = options.build ?? (() => Promise.resolve(productionBuild as ServerBuild));
  // React Router derives its route tables and request handler from a build object
  // once; from a function it derives them again on every request (development's
  // edited modules). Production's build never changes.
  const routerBuild = options.build ?? (productionBuild as ServerBuild);
  const formTargets = oidc ? [new URL(oidc.issuer).origin] : [];
  const imageOrigins = env.MEDIA_PUBLIC_URL ? [new URL(env.MEDIA_PUBLIC_URL).origin] : [];
  const hosts = allowedHosts({
    publicUrl: env.PUBLIC_URL,
    host: env.HOST,
    port: env.PORT,
    interfaceAddresses: ownInterfaceAddresses(),
  });
  const renderPage = createRouterHandler(routerBuild, env.NODE_ENV);
  // Pages travel compressed with a dictionary of pages where the browser keeps one.
  const dictionary =
    env.NODE_ENV === "production"
      ? createPageDictionary({
          render: (path) =>
            renderPage(
              new Request(`${publicUrl}${path}`, { headers: { accept: "text/html" } }),
              createAppContext(services, { nonce: "", clientAddress: "127.0.0.1" }),
            ),
        })
      : null;
  // Development re-renders edited modules; tests call loaders directly.
  const pageCacheBytes = env.NODE_ENV === "production" ? env.PAGE_CACHE_MB * 1024 * 1024 : 0;
  const pageCache = createPageCache({
    maxBytes: pageCacheBytes,
    ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
    hosts: env.NODE_ENV === "production" ? hosts : null,
    headers: pageSecurityHeaders({
      formTargets,
      imageOrigins,
      secure: publicUrl.startsWith("https:"),
    }),
    nonce: newNonce,
    dictionaryFor: dictionary ? (req) => dictionary.matching(req) : undefined,
    render: ({ url, headers, nonce, clientAddress }) =>
      renderPage(
        new Request(`http://${headers.get("host") ?? "localhost"}${url}`, { headers }),
        createAppContext(services, { nonce, clientAddress }),
      ),
  });
  // Every committed change to what visitors' pages show, from any process, empties
  // this process's page cache, the shared data behind signed-in pages and its small
  // data caches (categories, make lists); a session's change forgets it.
  const changeFeed = createChangeFeed({
    owner: database.db,
    pages: pageCache,
    sharing:
      pageCacheBytes > 0
        ? { ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000, maxEntries: SHARED_ENTRIES }
        : null,
  });
  const stopWatching = await database.watchPages((change) => {
    changeFeed.onChange(change);
    logger.debug({ table: change.table, connected: change.connected }, "caches emptied");
  });
  changeFeed.onChange({ table: null, connected: true });
  const maintenance = startMaintenance({
    database,
    services,
    production: env.NODE_ENV === "production",
    alertIntervalMs: env.ALERT_INTERVAL_SECONDS * 1000,
  });

  // The browser build, from memory in its precompressed forms (production only).
  const staticFiles = options.clientAssetsDir
    ? loadStaticFiles(options.clientAssetsDir, {
        hosts: env.NODE_ENV === "production" ? hosts : null,
        headers: securityHeaderList({
          dev,
          formTargets,
          scripts: { hashes: [] },
          secure: publicUrl.startsWith("https:"),
        }),
      })
    : null;

  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY !== false) app.set("trust proxy", env.TRUST_PROXY);
  // What is not a page: event streams, files, JSON (brotli at the quality pages take).
  app.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } },
    }),
  );
  // Pages and their data, rendered for one request, in one compressed piece (with the
  // page dictionary where the browser holds it); stored pages and build files are
  // compressed once, at the highest levels (page-cache-entry.ts, precompress.ts).
  app.use(
    compressWholePages({
      dictionaryFor: dictionary ? (req) => dictionary.matching(req) : undefined,
    }),
  );

  app.use(securityHeaders({ dev, formTargets, imageOrigins }));

  // /metrics, off without METRICS_TOKEN. Prometheus scrapes by address: the token, not
  // the Host check below, keeps strangers out.
  const metrics = env.METRICS_TOKEN ? createMetrics() : null;
  if (metrics && env.METRICS_TOKEN) {
    timePhotoProcessing((seconds) => metrics.photoProcessed(seconds));
    app.get(
      "/metrics",
      metricsEndpoint({
        metrics,
        token: env.METRICS_TOKEN,
        sources: () => ({
          pageCache: pageCache.stats(),
          pageCacheMaxBytes: pageCacheBytes,
          pool: database.poolStats(),
          driver: database.kind,
        }),
      }),
    );
  }

  app.use(requestGate({ hosts, enforceHosts: env.NODE_ENV === "production" }));

  serveHealthChecks(app, { db: database.db, metrics });

  app.use(sameOriginWrites({ hosts }));
  if (database.kind === "postgres") {
    // This process's own writes show at once (other processes hear the notification,
    // which may arrive a moment after the writer's response).
    app.use((req, res, next) => {
      // A message in a conversation changes no page another person is served.
      if (req.method === "POST" && !req.path.startsWith("/dashboard/conversations/")) {
        res.on("finish", () => changeFeed.ownWrite());
      }
      next();
    });
  }
  app.use(bodyLimits());
  const requestLog = createRequestLog();
  serveAuthEndpoints(app, { auth: services.auth, requestLog, metrics });
  if (options.before) app.use(options.before);

  if (metrics) {
    // Build assets and public files; what the static handlers pass on is labelled again.
    app.use((req, res, next) => {
      if (req.method === "GET" || req.method === "HEAD") metrics.label(res, "static");
      next();
    });
  }
  if (options.clientAssetsDir) serveBuildFiles(app, options.clientAssetsDir);
  // Stored files are content-addressed: they never change under one URL.
  if (metrics) app.use(MEDIA_ROUTE, metrics.mark("media"));
  app.use(
    MEDIA_ROUTE,
    ...mediaRoute(storage, path.join(env.DATA_DIR, "media"), { publicUrl: env.MEDIA_PUBLIC_URL }),
  );

  app.use(requestLog);

  // A conversation's event stream (issue 27) never ends, and React Router's data URL for
  // its route would wait for that end: only the stream's own address answers.
  app.get(/^\/dashboard\/conversations\/[^/]+\/events\.data$/, (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });

  if (metrics) app.use(metrics.routeLabeler(build));
  app.use(refuseActionlessPosts(build));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: routerBuild,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) =>
        createAppContext(services, {
          nonce: String(res.locals.cspNonce ?? ""),
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        }),
    }),
  );

  // Missing static files answer a plain 404; anything else is logged once.
  app.use(
    (
      error: { status?: number; statusCode?: number },
      _req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      const status = error.status ?? error.statusCode ?? 500;
      if (res.headersSent) return next(error);
      if (status >= 500) logger.error({ err: error }, "unhandled error");
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found" : "Something went wrong");
    },
  );

  return {
    app,
    pageCache,
    handler: metrics
      ? (req, res) => {
          metrics.start(res);
          dictionary?.announce(req, res);
          if (staticFiles?.tryServe(req, res) || dictionary?.tryServe(req, res)) {
            metrics.label(res, "static");
          } else if (pageCache.tryServe(req, res, () => app(req, res))) {
            metrics.label(res, "page-cache");
          } else app(req, res);
        }
      : (req, res) => {
          dictionary?.announce(req, res);
          if (staticFiles?.tryServe(req, res) || dictionary?.tryServe(req, res)) return;
          if (!pageCache.tryServe(req, res, () => app(req, res))) app(req, res);
        },
    port: env.PORT,
    host: env.HOST,
    close: async () => {
      await maintenance.stop();
      await stopWatching();
      if (metrics) {
        metrics.close();
        timePhotoProcessing(null);
      }
      await database.close();
      await storage.close();
    },
  };
}
