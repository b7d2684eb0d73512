// A real OpenID Connect provider (the oidc-provider package) on 127.0.0.1, with
// its development login and consent pages, for testing "Continue With Google".
import http from "node:http";
import type { AddressInfo } from "node:net";

import Provider from "oidc-provider";

export const OIDC_CLIENT = {
  clientId: "carlot-test",
  clientSecret: "carlot-test-secret-0123456789",
};

export type TestProvider = { issuer: string; close(): Promise<void> };

/** Starts the provider; people signing in get the email `<login>@idp.example`. */
export async function startOidcProvider(options: { redirectUri: string }): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_context, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@idp.example`,
            // Accounts named "unverified…" have an address the provider has not checked.
            email_verified: !id.startsWith("unverified"),
            name: `Olivia ${id}`,
          };
        },
      };
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's development pages print warnings about themselves; keep test output clean. */
export function quietProviderWarnings(): void {
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).startsWith("oidc-provider")) return;
    warn(...args);
  };
}
