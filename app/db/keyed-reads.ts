// A PGlite client for a library whose every read looks rows up by a key (better-auth: a
// session by its token, a person by id or email; Database.lookups in client.server.ts):
// each SELECT outside a transaction is marked for one plan (one-plan.ts), so the embedded
// database plans a session's lookup once instead of on every signed-in request.
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";

import { ONE_PLAN } from "./pglite-statements.ts";
import type { PgliteClient } from "./pglite-thread.server.ts";

/** A client whose reads outside transactions are marked for one plan (Database.lookups). */
export class KeyedReads implements PgliteClient {
  readonly #client: PgliteClient;

  constructor(client: PgliteClient) {
    this.#client = client;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const read = /^\s*select\b/i.test(text);
    return this.#client.query<T>(read ? `${text} ${ONE_PLAN}` : text, params, options);
  }

  exec(text: string) {
    return this.#client.exec(text);
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#client.transaction(callback);
  }

  listen(channel: string, callback: (payload: string) => void) {
    return this.#client.listen(channel, callback);
  }

  close() {
    return this.#client.close();
  }
}
