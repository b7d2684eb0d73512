// Statements kept prepared on the embedded database's thread (pglite-worker.ts).
//
// PGlite's own query() sends each statement as an unnamed one, in six trips into
// its WebAssembly PostgreSQL (Parse, Describe, Bind, Describe, Execute, Sync), and
// PostgreSQL parses and analyses the text every time. A page asks the same few
// statements over and over with other values, so each text is parsed once as a
// named statement, and afterwards a query is one trip: Bind, Describe, Execute and
// Sync together.
//
// Plans: the thread sets plan_cache_mode to force_custom_plan, so PostgreSQL plans each
// execution for its values, as it does for an unnamed statement (a generic plan made for
// "any seller" or "any date" can be many times slower for the one asked). A statement
// marked ONE_PLAN (one-plan.ts: a lookup by a key, whose best plan is the same for every
// value) is planned once and that plan kept: outside a transaction its executions run
// between two SETs of plan_cache_mode in the same trip (10 µs each; planning a
// three-table lookup cost 300 µs of the 360 µs it took).
import { protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

import { readAnswer } from "./pglite-answer.ts";

const { serialize } = protocol;

/** How many statements stay prepared; the least recently used one is closed beyond it. */
export const MAX_PREPARED = 256;

/** What a statement needs once parsed: its name, its parameters' type OIDs, its plans. */
type Prepared = { name: string; paramTypes: number[]; onePlan: boolean };

/** The comment that marks a statement whose one plan serves every value (one-plan.ts). */
export const ONE_PLAN = "/* one plan */";

const GENERIC = serialize.query("set plan_cache_mode = force_generic_plan");
const CUSTOM = serialize.query("set plan_cache_mode = force_custom_plan");

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since
 * it was parsed (a migration altered a table it reads): it is parsed again.
 */
const STALE_RESULT = "0A000";

/** Names are unique in the thread, whatever number of sets share a database. */
let counter = 0;

/**
 * `onNotification` hears NOTIFY's notifications that arrive with these statements'
 * answers (PGlite tells its own listeners only of those in answers it reads itself).
 */
export function preparedStatements(
  db: PGlite,
  {
    limit = MAX_PREPARED,
    onNotification = () => undefined,
  }: { limit?: number; onNotification?: (channel: string, payload: string) => void } = {},
) {
  const statements = new Map<string, Prepared>();

  /**
   * Sends messages in one trip and reads PostgreSQL's answer (pglite-answer.ts); throws
   * its error. The bytes PGlite hands over are its WebAssembly memory: copied at once.
   */
  const send = async (messages: Uint8Array[], options: QueryOptions = {}, commandsBefore = 0) => {
    const parts: Buffer[] = [];
    await db.execProtocolRawStream(join(messages), {
      syncToFs: false,
      onRawData: (bytes) => parts.push(Buffer.from(bytes)),
    });
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const answer = readAnswer(bytes, {
      parsers: db.parsers,
      options,
      commandsBefore,
      onNotification,
    });
    if (answer.error) throw answer.error;
    return answer;
  };

  /** Closes a statement no longer kept; one that cannot be closed now just stays. */
  const close = (name: string) =>
    send([serialize.close({ type: "S", name }), serialize.sync()]).catch(() => undefined);

  const prepare = async (text: string): Promise<Prepared> => {
    const name = `carlot_${++counter}`;
    const answer = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const prepared = { name, paramTypes: answer.paramTypes, onePlan: text.includes(ONE_PLAN) };
    statements.set(text, prepared);
    if (statements.size > limit) {
      const [oldest, { name: closing }] = statements.entries().next().value!;
      statements.delete(oldest);
      await close(closing);
    }
    return prepared;
  };

  const run = async (
    prepared: Prepared,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ) => {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[index]!;
      const serializer = options.serializers?.[type] ?? db.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const statement = [
      serialize.bind({ statement: prepared.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ];
    // Inside a transaction a SET would last only as long as it (and fail once it
    // failed): its statements are planned for their values.
    if (!prepared.onePlan || inTransaction) return (await send(statement, options)).result;
    // The kept plan for this execution only: the session is back to custom plans after
    // it, even when the statement fails (the second SET comes after the Sync).
    return (await send([GENERIC, ...statement, CUSTOM], options, 1)).result;
  };

  /**
   * Runs `text` with `params` as PGlite's query() would, through a prepared
   * statement. Call it where PGlite's query() would hold its locks (see `query`).
   */
  const execute = async (
    text: string,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<unknown>> => {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last, so the first entry is the one to close.
      statements.delete(text);
      statements.set(text, prepared);
    } else {
      prepared = await prepare(text);
    }
    try {
      return await run(prepared, params, options, inTransaction);
    } catch (error) {
      // Inside a transaction the error has ended it: the caller sees it as it is.
      if ((error as { code?: string }).code !== STALE_RESULT) throw error;
      statements.delete(text);
      await close(prepared.name);
      if (inTransaction) throw error;
      return await run(await prepare(text), params, options, false);
    }
  };

  return {
    /**
     * A query outside a transaction: waits for an open transaction and any running
     * statement, as PGlite's query() does, and writes through to storage after.
     */
    query(text: string, params: unknown[], options: QueryOptions) {
      return db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          const result = await execute(text, params, options, false);
          await db.syncToFs();
          return result;
        }),
      );
    },
    /** A query inside the open transaction (which holds the transaction lock). */
    queryInTransaction(text: string, params: unknown[], options: QueryOptions) {
      return db._runExclusiveQuery(() => execute(text, params, options, true));
    },
    /** How many statements are prepared now (tests). */
    get size() {
      return statements.size;
    },
  };
}

function join(messages: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    joined.set(message, offset);
    offset += message.length;
  }
  return joined;
}
