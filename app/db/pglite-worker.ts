// The embedded database's own thread (see pglite-thread.server.ts, which starts it).
// PGlite runs PostgreSQL in WebAssembly on the thread that calls it; here that is
// this worker, so queries run beside the page rendering on the main thread instead of
// taking turns with it. This file is loaded by Node itself (from the source tree, or
// as build/server/pglite-worker.js), so it imports nothing but PGlite and Node.
import v8 from "node:v8";
import vm from "node:vm";
import { parentPort, workerData } from "node:worker_threads";

import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

import type { FromThread, ThreadError, ToThread, WorkerSettings } from "./pglite-protocol.ts";
import { preparedStatements } from "./pglite-statements.ts";

const settings = workerData as WorkerSettings;
const port = parentPort!;

const post = (message: FromThread) => port.postMessage(message);

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, …). */
function describe(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (["string", "number", "boolean"].includes(typeof value)) {
      fields[key] = value as string | number | boolean;
    }
  }
  return { name: error.name, message: error.message, fields };
}

/** PGlite's options for a query: the types to leave as text (Drizzle's parsers). */
function queryOptions(rawTypes: number[] | undefined, rowMode?: "array" | "object"): QueryOptions {
  const options: QueryOptions = {};
  if (rowMode) options.rowMode = rowMode;
  if (rawTypes?.length) {
    options.parsers = Object.fromEntries(rawTypes.map((type) => [type, (value: string) => value]));
  }
  return options;
}

/** A transaction waiting for the main thread's next statement, or its end. */
type OpenTransaction = {
  tx: Transaction;
  /** Lets the transaction finish: COMMIT, or ROLLBACK. */
  decide: (commit: boolean) => void;
  /** Settles once COMMIT or ROLLBACK has run. */
  finished: Promise<void>;
};

const ROLLBACK = Symbol("rollback");

async function main(): Promise<void> {
  const db = await PGlite.create(settings.dataDir, { startParams: settings.startParams });
  // Statements are kept prepared (pglite-statements.ts), each execution planned for
  // its own values as an unnamed statement is.
  await db.exec("set plan_cache_mode = force_custom_plan");
  const transactions = new Map<number, OpenTransaction>();
  const listening = new Map<string, () => Promise<void>>();
  // PGlite tells its listeners of notifications in the answers it reads itself; those
  // that come with a prepared statement's answer are passed on here, in the same order.
  const statements = preparedStatements(db, {
    onNotification: (channel, payload) => {
      if (listening.has(channel)) post({ kind: "notify", channel, payload });
    },
  });
  let nextTransaction = 1;

  // Where a statement runs: the open transaction it names, or the database.
  const session = (tx: number | undefined) => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error("The transaction has already ended.");
    return open.tx;
  };

  // Opens a transaction and answers with its number once BEGIN has run. PGlite holds
  // the transaction (other statements wait, as they would in one thread) until the
  // main thread ends it.
  const begin = (id: number) => {
    const number = nextTransaction++;
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    let begun = false;
    const finished = db.transaction(async (tx) => {
      transactions.set(number, { tx, decide, finished });
      begun = true;
      post({ id, ok: true, value: number });
      if (!(await decided)) throw ROLLBACK;
    });
    finished.then(
      () => transactions.delete(number),
      (error: unknown) => {
        transactions.delete(number);
        if (!begun) post({ id, ok: false, error: describe(error) });
      },
    );
  };

  const run = async (message: Exclude<ToThread, { kind: "begin" }>): Promise<unknown> => {
    switch (message.kind) {
      case "query": {
        const options = queryOptions(message.rawTypes, message.rowMode);
        const params = message.params ?? [];
        if (message.tx === undefined) return statements.query(message.text, params, options);
        session(message.tx); // throws when the transaction has ended
        return statements.queryInTransaction(message.text, params, options);
      }
      case "exec":
        return session(message.tx).exec(message.text);
      case "end": {
        const open = transactions.get(message.tx);
        if (!open) throw new Error("The transaction has already ended.");
        open.decide(message.commit);
        try {
          await open.finished;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return null;
      }
      case "listen": {
        if (!listening.has(message.channel)) {
          const channel = message.channel;
          listening.set(
            channel,
            await db.listen(channel, (payload) => post({ kind: "notify", channel, payload })),
          );
        }
        return null;
      }
      case "unlisten": {
        const stop = listening.get(message.channel);
        listening.delete(message.channel);
        await stop?.();
        return null;
      }
      case "release-memory":
        releaseMemory();
        return null;
      case "close":
        await db.close();
        return null;
    }
  };

  port.on("message", (message: ToThread) => {
    if (message.kind === "begin") return begin(message.id);
    run(message).then(
      (value) => {
        post({ id: message.id, ok: true, value });
        if (message.kind === "close") port.close();
      },
      (error: unknown) => post({ id: message.id, ok: false, error: describe(error) }),
    );
  });
  post({ kind: "ready" });
}

/**
 * The same memory-reducing collection the main thread runs once start-up is done
 * (server/memory.ts): opening the database leaves this thread's young generation at
 * its largest and its freed pages pooled.
 */
function releaseMemory(): void {
  v8.setFlagsFromString("--expose-gc");
  let gc: (options: object) => void;
  try {
    gc = vm.runInNewContext("gc") as typeof gc;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}

main().catch((error: unknown) => post({ kind: "failed", error: describe(error) }));
