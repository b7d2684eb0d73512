// The messages between the main thread and the embedded database's thread
// (pglite-thread.server.ts ⇄ pglite-worker.ts). Types only: nothing here runs.

/** What the thread is started with. */
export type WorkerSettings = { dataDir: string; startParams: string[] };

/** A statement for the thread; `tx` names the open transaction it belongs to. */
export type ToThread =
  | {
      id: number;
      kind: "query";
      text: string;
      params: unknown[] | undefined;
      rowMode: "array" | "object" | undefined;
      /** Type OIDs whose values stay text (what Drizzle's identity parsers ask for). */
      rawTypes: number[] | undefined;
      tx?: number;
    }
  | { id: number; kind: "exec"; text: string; tx?: number }
  | { id: number; kind: "begin" }
  | { id: number; kind: "end"; tx: number; commit: boolean }
  | { id: number; kind: "listen" | "unlisten"; channel: string }
  | { id: number; kind: "release-memory" | "close" };

/** An error as plain data: structured cloning keeps only an Error's message. */
export type ThreadError = {
  name: string;
  message: string;
  /** PostgreSQL's fields: code, severity, detail, constraint, table, … */
  fields: Record<string, string | number | boolean>;
};

/** An answer to one statement, a notification, or the thread's start. */
export type FromThread =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError }
  | { kind: "notify"; channel: string; payload: string }
  | { kind: "ready" }
  | { kind: "failed"; error: ThreadError };
