// The health endpoints a load balancer or orchestrator polls: /healthz answers while
// the process runs, /readyz only while the database answers too (503 otherwise).
// Neither is ever cached.
import type express from "express";

import { ping, type Db } from "#app/db/client.server.ts";
import { logger } from "#app/services/logger.server.ts";

import type { Metrics } from "./metrics.ts";

export function serveHealthChecks(
  app: express.Express,
  options: { db: Db; metrics: Metrics | null },
): void {
  const { metrics } = options;
  if (metrics) app.use(["/healthz", "/readyz"], metrics.mark("health"));
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await ping(options.db);
      res.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
}
