// The request log (one line a request, with an id taken from X-Request-Id or made
// up, and nothing an operator should not read) and the only better-auth endpoints a
// browser reaches directly: the OpenID Connect callback, the emailed reset link and
// its error page. Sign-in, sign-up and the rest go through our own forms (with their
// rate limits and checks).
import { randomUUID } from "node:crypto";

import { toNodeHandler } from "better-auth/node";
import type express from "express";
import { pinoHttp, type HttpLogger } from "pino-http";

import type { AppServices } from "#app/services/app-context.server.ts";
import { logger, requestLogScope, requestLogSerializers } from "#app/services/logger.server.ts";

import type { Metrics } from "./metrics.ts";

export function createRequestLog(): HttpLogger {
  return pinoHttp({
    logger,
    // Only what an operator needs; never headers, cookies or query tokens.
    serializers: requestLogSerializers,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id =
        typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
  });
}

export function serveAuthEndpoints(
  app: express.Express,
  options: { auth: AppServices["auth"]; requestLog: HttpLogger; metrics: Metrics | null },
): void {
  const { requestLog, metrics } = options;
  const handleAuth = toNodeHandler(options.auth);
  // better-auth's own log lines carry the request id (app/services/auth.server.ts).
  const authHandler: express.RequestHandler = (req, res, next) =>
    requestLog(req, res, () =>
      requestLogScope.run(req.log, () => {
        handleAuth(req, res).catch(next);
      }),
    );
  if (metrics) app.use("/api/auth", metrics.mark("auth"));
  app.get("/api/auth/callback/:providerId", authHandler);
  app.get("/api/auth/reset-password/:token", authHandler);
  app.get("/api/auth/error", authHandler);
}
