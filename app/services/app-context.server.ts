// Values the server entry hands to every loader and action through router context
// (STYLE 10): tests build the same context around an in-memory database.
import { createContext, RouterContextProvider } from "react-router";

import type { Db } from "#app/db/client.server.ts";
import type { SessionUser } from "#app/models/user.ts";
import type { Auth, OidcConfig } from "#app/services/auth.server.ts";
import type { Mailer } from "#app/services/mail.server.ts";
import type { Storage } from "#app/services/storage.server.ts";

/** Settings loaders and actions need, resolved once at start-up. */
export type AppConfig = {
  secret: string;
  secureCookies: boolean;
  publicUrl: string;
  oidc: OidcConfig | null;
  /** False only when CONTACT_REQUEST_LIMITS=false (load and crash tests). */
  contactRequestLimits?: boolean;
};

export type AppServices = {
  db: Db;
  storage: Storage;
  auth: Auth;
  mailer: Mailer;
  config: AppConfig;
};

export const dbContext = createContext<Db>();
export const storageContext = createContext<Storage>();
export const authContext = createContext<Auth>();
export const mailerContext = createContext<Mailer>();
export const configContext = createContext<AppConfig>();
/** The per-request CSP nonce for inline scripts rendered by the server. */
export const nonceContext = createContext<string>("");
/** The client's address (from the proxy headers only when TRUST_PROXY is set). */
export const clientAddressContext = createContext<string>("unknown");
/** The signed-in user, looked up at most once per request. */
export const sessionUserContext = createContext<Promise<SessionUser | null> | null>(null);

export function createAppContext(
  services: AppServices,
  request: { nonce?: string; clientAddress?: string } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(dbContext, services.db);
  context.set(storageContext, services.storage);
  context.set(authContext, services.auth);
  context.set(mailerContext, services.mailer);
  context.set(configContext, services.config);
  context.set(nonceContext, request.nonce ?? "");
  context.set(clientAddressContext, request.clientAddress ?? "unknown");
  return context;
}

/** Everything a loader or action may use, from router context. */
export function servicesOf(context: Readonly<RouterContextProvider>): AppServices {
  return {
    db: context.get(dbContext),
    storage: context.get(storageContext),
    auth: context.get(authContext),
    mailer: context.get(mailerContext),
    config: context.get(configContext),
  };
}
