// Values the server entry hands to every loader and action through router context
// (STYLE 10): tests build the same context around an in-memory database.
import { createContext, RouterContextProvider } from "react-router";

import type { Db } from "#app/db/client.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

export const dbContext = createContext<Db>();
export const storageContext = createContext<Storage>();
/** The per-request CSP nonce for inline scripts rendered by the server. */
export const nonceContext = createContext<string>("");

export function createAppContext(values: {
  db: Db;
  storage: Storage;
  nonce?: string;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(dbContext, values.db);
  context.set(storageContext, values.storage);
  context.set(nonceContext, values.nonce ?? "");
  return context;
}
