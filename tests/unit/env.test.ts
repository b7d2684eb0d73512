import { describe, expect, test } from "vitest";

import { EnvError, oidcProvider, parseEnv } from "#app/services/env.server.ts";

describe("parseEnv", () => {
  test("defaults give a working embedded setup", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
  });

  test("reads values and treats empty strings as unset", () => {
    const env = parseEnv({
      PORT: "8080",
      DATABASE_URL: "postgres://carlot@db/carlot",
      AUTH_SECRET: "x".repeat(32),
      SEED_DEMO: "false",
      DATA_DIR: "",
      TRUST_PROXY: "true",
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgres://carlot@db/carlot");
    expect(env.SEED_DEMO).toBe(false);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.TRUST_PROXY).toBe(1);
  });

  test("one clear message per bad variable", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_DEMO: "yes", NODE_ENV: "prod" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems).toHaveLength(4);
    expect(problems).toContain("PORT must be a port number");
    expect(problems).toContain("DATABASE_URL must start with postgres:// or postgresql://");
    expect(problems).toContain('SEED_DEMO must be "true" or "false"');
    expect(problems).toContain('NODE_ENV must be "development", "production" or "test"');
    expect((error as Error).message).toContain("Invalid environment");
  });

  test("ports outside the valid range are refused", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT must be between 1 and 65535/);
    expect(() => parseEnv({ PORT: "3000.5" })).toThrow(/PORT must be a whole number/);
  });

  test("PostgreSQL needs a shared AUTH_SECRET", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://db/carlot" })).toThrow(
      /AUTH_SECRET is required/,
    );
    expect(() => parseEnv({ AUTH_SECRET: "too short" })).toThrow(/AUTH_SECRET must be at least 32/);
  });

  test("the OpenID provider is all or nothing", () => {
    expect(() => parseEnv({ OIDC_ISSUER: "https://accounts.example.com" })).toThrow(
      /must be set together/,
    );
    const env = parseEnv({
      OIDC_ISSUER: "https://accounts.example.com",
      OIDC_CLIENT_ID: "id",
      OIDC_CLIENT_SECRET: "secret",
    });
    expect(oidcProvider(env)).toEqual({
      issuer: "https://accounts.example.com",
      clientId: "id",
      clientSecret: "secret",
      name: "Google",
    });
    expect(oidcProvider(parseEnv({}))).toBeNull();
  });

  test("mail and public address are checked", () => {
    expect(() => parseEnv({ SMTP_URL: "mail.example.com" })).toThrow(
      /SMTP_URL must start with smtp/,
    );
    expect(() => parseEnv({ PUBLIC_URL: "cars" })).toThrow(/PUBLIC_URL must be a URL/);
  });

  test("TRUST_PROXY: off, one proxy, a count, or a list of addresses", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.1, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "loopback",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY must be/);
  });
});
