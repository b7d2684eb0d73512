// Process entry: `node server/index.ts`. Development serves through Vite with hot
// reload; production serves the build made by `npm run build`.
import cluster from "node:cluster";
import { createServer, type Server } from "node:http";

import { loadDotEnv } from "./dotenv.ts";
import { loadApp } from "./load-app.ts";
import { processCount, superviseProcesses } from "./processes.ts";

loadDotEnv();

const dev = process.env.NODE_ENV === "development";
// Libraries choose their production code by NODE_ENV when first loaded (React's
// development build is several times slower): anything but development serves the
// build as production, however the process was started.
if (!dev && !process.env.NODE_ENV) process.env.NODE_ENV = "production";

async function main(): Promise<void> {
  const { mod, options } = await loadApp(dev);
  const carlot = await mod.createApp(options);
  const server: Server = createServer(carlot.handler);
  // Node closes an idle kept-alive connection after 5 s; a client that reuses it at that
  // moment gets a reset (an end-to-end test's cleanup did, and the tests after it failed).
  // Proxies and load balancers keep idle connections 60 s: outlast them, as they expect.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(carlot.port, carlot.host, () => {
    // With several processes, the first one's start is announced for all of them.
    if (cluster.isWorker) return;
    const shown = carlot.host === "0.0.0.0" ? "localhost" : carlot.host;
    console.log(`Carlot is running at http://${shown}:${carlot.port}`);
  });
  server.on("error", async (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${carlot.port} is already in use. Set PORT to another port.`
        : `Server error: ${error.message}`,
    );
    await carlot.close();
    process.exit(1);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing open requests, then stopping.`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await carlot.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

// WEB_CONCURRENCY=N (with PostgreSQL): this process runs N server processes on its port.
const processes = dev || cluster.isWorker ? null : processCount(process.env);
if (processes) superviseProcesses(processes);
else
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Carlot could not start.\n${message}`);
    process.exit(1);
  });
