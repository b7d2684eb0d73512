// The embedded database on a thread of its own. PGlite runs PostgreSQL as
// WebAssembly on the thread that calls it: in the server's main thread, every query
// (a third of a signed-in page's work on a large site) took turns with rendering
// pages. Here PGlite runs in a worker (pglite-worker.ts) and this client forwards
// statements to it, so the two run side by side on a machine's cores.
//
// The client has the parts of PGlite's interface that Drizzle and fromPglite use
// (query, exec, transaction, listen, close) with PGlite's behaviour: statements queue
// behind an open transaction exactly as they do in one thread, and a notification
// (the page-change triggers') reaches its listeners before the answer of the
// statement that caused it, because both travel in order on one message port.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";

import type { FromThread, ThreadError, ToThread, WorkerSettings } from "./pglite-protocol.ts";

/** What fromPglite and Drizzle's PGlite driver call: PGlite itself, or a PgliteThread. */
export type PgliteClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** Statements of a message, without the id the client adds. */
type Statement = ToThread extends infer M ? (M extends ToThread ? Omit<M, "id"> : never) : never;

/** The worker's file: beside the server bundle once built, beside this file in the source. */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, "pglite-worker.js");
  return fs.existsSync(built) ? built : path.join(here, "pglite-worker.ts");
}

/** An error from the thread, rebuilt with PostgreSQL's fields and this thread's stack. */
function rebuild(error: ThreadError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}

/** Drizzle passes parsers that keep some types as text; the thread rebuilds them from their OIDs. */
function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  return options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
}

export class PgliteThread implements PgliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** Why the thread can take no more statements (it stopped, or was closed). */
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and opens the database in `dataDir`. */
  static async open(settings: WorkerSettings): Promise<PgliteThread> {
    const worker = new Worker(workerFile(), { workerData: settings });
    const client = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      const onStart = (message: FromThread) => {
        if ("id" in message) return;
        if (message.kind === "ready") resolve();
        else if (message.kind === "failed") reject(rebuild(message.error));
        else return;
        worker.off("message", onStart);
      };
      worker.on("message", onStart);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(
          new Error(`The embedded database's thread stopped while opening (exit code ${code}).`),
        ),
      );
    });
    worker.on("message", (message: FromThread) => client.#receive(message));
    worker.on("error", (error) => client.#stop(error));
    worker.on("exit", (code) =>
      client.#stop(new Error(`The embedded database's thread stopped (exit code ${code}).`)),
    );
    return client;
  }

  #receive(message: FromThread): void {
    if ("id" in message) {
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(rebuild(message.error));
    } else if (message.kind === "notify") {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
    }
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const waiting of this.#pending.values()) waiting.reject(this.#stopped);
    this.#pending.clear();
  }

  #call<T>(statement: Statement): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...statement, id });
    });
  }

  #query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ) {
    return this.#call<Results<T>>({
      kind: "query",
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options),
      tx,
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#call<Results[]>({ kind: "exec", text });
  }

  /**
   * Runs `callback` in one transaction: COMMIT when it returns, ROLLBACK when it
   * throws (the error is thrown on) or calls `rollback()`, as PGlite's own does.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const number = await this.#call<number>({ kind: "begin" });
    let closed = false;
    const open = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const end = (commit: boolean) => {
      closed = true;
      return this.#call<null>({ kind: "end", tx: number, commit });
    };
    const tx = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(text, params, options, number);
      },
      exec: async (text: string) => {
        open();
        return this.#call<Results[]>({ kind: "exec", text, tx: number });
      },
      rollback: async () => {
        open();
        await end(false);
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      if (!closed) await end(true);
      return result;
    } catch (error) {
      if (!closed) await end(false).catch(() => undefined);
      throw error;
    }
  }

  async listen(channel: string, callback: (payload: string) => void) {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ kind: "listen", channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      if (!this.#stopped) await this.#call({ kind: "unlisten", channel });
    };
  }

  /** One memory-reducing garbage collection on the thread, once start-up's work is done. */
  async releaseMemory(): Promise<void> {
    await this.#call({ kind: "release-memory" });
  }

  /** Closes the database (PGlite writes what it must) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ kind: "close" });
    this.#stop(new Error("The embedded database is closed."));
    await this.#worker.terminate();
  }
}
