// Starting and stopping the production server (node server/index.ts) for the
// measuring scripts (npm run bench, npm run audit:lighthouse).
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export interface ProductionServer {
  baseURL: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node server/index.ts` with NODE_ENV=production on a free local port and waits
 * until /readyz answers. `env` is added to (and overrides) this process's environment;
 * the server's output goes to this process's standard error and output.
 */
export async function startProductionServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  /** Set PUBLIC_URL to the server's own address. */
  publicUrl?: boolean;
  timeoutMs?: number;
}): Promise<ProductionServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      ...(options.publicUrl ? { PUBLIC_URL: baseURL } : {}),
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error("The server exited before it was ready.");
      if (Date.now() > deadline) throw new Error("The server did not start.");
      try {
        if ((await fetch(`${baseURL}/readyz`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
