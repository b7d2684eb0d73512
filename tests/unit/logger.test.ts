import { expect, test } from "vitest";

import { redactTokens, requestLogSerializers } from "#app/services/logger.server.ts";

test("tokens and OAuth codes never reach the request log", () => {
  expect(redactTokens("/reset-password?token=abc123&x=1")).toBe(
    "/reset-password?token=[redacted]&x=1",
  );
  expect(redactTokens("/api/auth/reset-password/abc123?callbackURL=%2Freset-password")).toBe(
    "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
  );
  expect(redactTokens("/api/auth/callback/oidc?code=xyz&state=s1")).toBe(
    "/api/auth/callback/oidc?code=[redacted]&state=[redacted]",
  );
  expect(redactTokens("/products/sedan?page=2")).toBe("/products/sedan?page=2");
});

test("the request log keeps no headers, cookies or query tokens", () => {
  const logged = requestLogSerializers.req({
    id: "r1",
    method: "POST",
    url: "/reset-password?token=SECRET",
    remoteAddress: "127.0.0.1",
    ...({
      headers: { cookie: "carlot.session_token=abc", referer: "/reset-password?token=SECRET" },
      query: { token: "SECRET" },
    } as object),
  });
  expect(JSON.stringify(logged)).not.toContain("SECRET");
  expect(JSON.stringify(logged)).not.toContain("session_token");
  expect(logged).toEqual({
    id: "r1",
    method: "POST",
    url: "/reset-password?token=[redacted]",
    remoteAddress: "127.0.0.1",
  });
});
