// The crash test's server: the production build started on a fresh database, killed
// with SIGKILL at random moments and started again on the same port and data.
import { spawn, type ChildProcess } from "node:child_process";
import type fs from "node:fs";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

import { root } from "#scripts/dev/production-server.ts";

/** The production server, killed and restarted on the same port and data. */
export class ServerUnderTest {
  readonly url: string;
  up = false;
  kills = 0;
  restarts = 0;
  readonly readyMs: number[] = [];
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private waiters: (() => void)[] = [];
  private output = "";
  private readonly env: NodeJS.ProcessEnv;
  private readonly log: fs.WriteStream;

  constructor(port: number, env: NodeJS.ProcessEnv, log: fs.WriteStream) {
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.log = log;
  }

  /** Starts the server and waits until /readyz answers; fails if it exits first. */
  async start(): Promise<void> {
    this.output = "";
    const child = spawn(process.execPath, ["server/index.ts"], {
      cwd: root,
      env: this.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk: Buffer) => {
        this.log.write(chunk);
        this.output = (this.output + chunk.toString()).slice(-4000);
      });
    }
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server exited while starting:\n${this.output}`);
      }
      if (Date.now() > deadline)
        throw new Error(`The server did not become ready:\n${this.output}`);
      const ready = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(
        () => null,
      );
      if (ready?.ok) break;
      await ready?.body?.cancel();
      await sleep(20);
    }
    this.up = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** SIGKILL, then start again; records how long until it was ready. */
  async crashAndRestart(): Promise<void> {
    const killedAt = performance.now();
    this.up = false;
    this.child?.kill("SIGKILL");
    this.kills++;
    await this.exited;
    await this.start();
    this.restarts++;
    this.readyMs.push(performance.now() - killedAt);
  }

  /** Resolves once the server answers (at once when it is up). */
  whenUp(): Promise<void> {
    return this.up ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** For an interrupted run: no waiting. */
  killNow(): void {
    this.child?.kill("SIGKILL");
  }

  async stop(): Promise<void> {
    this.up = false;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
    }
    await this.exited;
  }
}
