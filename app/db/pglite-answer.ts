// PostgreSQL's answer to a prepared statement, read from the bytes PGlite's WebAssembly
// writes (pglite-statements.ts).
//
// PGlite's own execProtocol copies the answer twice, parses every message into an
// object and every field into a fresh copy of its bytes before decoding it, and
// parseResults then maps each row again: on the embedded database's thread that was a
// third of a list page's time, more than PostgreSQL's work on the same statements
// (issue 29). Here each message is read where it lies and each value is decoded once.
// The result is what PGlite's query() returns: rows as objects or arrays with PGlite's
// parsers (and the query's own, as Drizzle passes them), `fields`, `command`,
// `affectedRows` and `rowCount`; PostgreSQL's errors as PGlite's DatabaseError with the
// same fields; NOTIFY's notifications handed to `onNotification`.
import { protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/** A parser of one type's text, as PGlite keeps them by type OID. */
type Parser = (value: string, type: number) => unknown;

/** What the answer said besides its rows. */
export type Answer = {
  result: Results<unknown>;
  /** The parameters' type OIDs, when the batch described a statement. */
  paramTypes: number[];
  /** The first error PostgreSQL sent (the batch's later messages are then ignored). */
  error: Error | null;
};

const ROW_DESCRIPTION = 0x54; // T
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const ERROR_RESPONSE = 0x45; // E
const NOTIFICATION = 0x41; // A
const PARAMETER_DESCRIPTION = 0x74; // t

/** Commands whose tag counts the rows they changed (PGlite sums them as affectedRows). */
const COUNTING = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/** ErrorResponse field codes and the DatabaseError properties PGlite gives them. */
const ERROR_FIELDS: Record<string, string> = {
  S: "severity",
  C: "code",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/**
 * Reads the messages in `bytes`: `parsers` are PGlite's (db.parsers), `options` the
 * query's (row mode, parsers of its own); the result is that of the statement after the
 * first `commandsBefore` commands of the batch.
 */
export function readAnswer(
  bytes: Buffer,
  {
    parsers,
    options,
    commandsBefore = 0,
    onNotification,
  }: {
    parsers: Record<number, Parser>;
    options: QueryOptions;
    commandsBefore?: number;
    onNotification: (channel: string, payload: string) => void;
  },
): Answer {
  const asArrays = options.rowMode === "array";
  let fields: { name: string; dataTypeID: number }[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  let result: Results<unknown> | null = null;
  let affectedRows = 0;
  let commands = 0;
  let paramTypes: number[] = [];
  let error: Error | null = null;

  let at = 0;
  /** A NUL-terminated string at `at`, moving past it. */
  const cstring = () => {
    const end = bytes.indexOf(0, at);
    const text = bytes.toString("utf8", at, end);
    at = end + 1;
    return text;
  };

  for (let next = 0; next + 5 <= bytes.length && error === null;) {
    const type = bytes[next]!;
    const length = bytes.readInt32BE(next + 1);
    at = next + 5;
    next += 1 + length;
    switch (type) {
      case DATA_ROW: {
        const count = bytes.readInt16BE(at);
        at += 2;
        const row: unknown[] | Record<string, unknown> = asArrays ? new Array(count) : {};
        for (let i = 0; i < count; i++) {
          const size = bytes.readInt32BE(at);
          at += 4;
          let value: unknown = null;
          if (size >= 0) {
            const text = bytes.toString("utf8", at, at + size);
            at += size;
            const parse = columnParsers[i];
            value = parse ? parse(text, fields[i]!.dataTypeID) : text;
          }
          if (asArrays) (row as unknown[])[i] = value;
          else (row as Record<string, unknown>)[fields[i]!.name] = value;
        }
        rows.push(row);
        break;
      }
      case ROW_DESCRIPTION: {
        const count = bytes.readInt16BE(at);
        at += 2;
        fields = new Array(count);
        columnParsers = new Array(count);
        for (let i = 0; i < count; i++) {
          const name = cstring();
          // table OID (4), column number (2), type OID (4), size (2), modifier (4), format (2)
          const dataTypeID = bytes.readInt32BE(at + 6);
          at += 18;
          fields[i] = { name, dataTypeID };
          columnParsers[i] = options.parsers?.[dataTypeID] ?? parsers[dataTypeID];
        }
        break;
      }
      case COMMAND_COMPLETE: {
        const words = cstring().split(" ");
        const command = words[0]!;
        const count = parseInt(words.at(-1)!, 10);
        if (COUNTING.has(command)) affectedRows += count;
        // A batch holds one statement (and SETs around it): PGlite's query() takes its result.
        if (commands++ === commandsBefore) {
          result = { rows, fields, command, affectedRows } as Results<unknown>;
          if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count;
        }
        rows = [];
        fields = [];
        break;
      }
      case PARAMETER_DESCRIPTION: {
        const count = bytes.readInt16BE(at);
        at += 2;
        paramTypes = new Array(count);
        for (let i = 0; i < count; i++, at += 4) paramTypes[i] = bytes.readInt32BE(at);
        break;
      }
      case ERROR_RESPONSE:
        error = databaseError(bytes, at, length);
        break;
      case NOTIFICATION: {
        at += 4; // the notifying process's id
        const channel = cstring();
        onNotification(channel, cstring());
        break;
      }
      // Parse, bind and close complete, no data, ready for query, notices: nothing to keep.
    }
  }
  return {
    result: result ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<unknown>),
    paramTypes,
    error,
  };
}

/** An ErrorResponse as PGlite makes it: a DatabaseError with PostgreSQL's fields. */
function databaseError(bytes: Buffer, start: number, length: number): Error {
  const values: Record<string, string> = {};
  let at = start;
  while (bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]!);
    const end = bytes.indexOf(0, at + 1);
    values[code] = bytes.toString("utf8", at + 1, end);
    at = end + 1;
  }
  const error = new protocol.messages.DatabaseError(values.M ?? "", length, "error");
  for (const [code, property] of Object.entries(ERROR_FIELDS)) {
    (error as unknown as Record<string, unknown>)[property] = values[code];
  }
  return error;
}
