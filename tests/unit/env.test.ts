import { describe, expect, test } from "vitest";

import { EnvError, oidcProvider, parseEnv, s3Settings } from "#app/services/env.server.ts";

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

  test("several processes only with PostgreSQL, and a sensible number of them", () => {
    const postgres = { DATABASE_URL: "postgres://db/carlot", AUTH_SECRET: "x".repeat(32) };
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process/,
    );
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: "0" })).toThrow(
      /WEB_CONCURRENCY must be at least 1/,
    );
    expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: "many" })).toThrow(
      /WEB_CONCURRENCY must be a number of processes/,
    );
    expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: "65" })).toThrow(
      /WEB_CONCURRENCY must be at most 64/,
    );
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

/** The problems parseEnv reports for `source` (none: an empty list). */
function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

describe("photo storage settings", () => {
  test("local disk unless STORAGE_URL is an s3:// URL", () => {
    expect(s3Settings(parseEnv({}))).toBeNull();
    expect(s3Settings(parseEnv({ STORAGE_URL: "file:" }))).toBeNull();
    expect(parseEnv({ STORAGE_URL: "file:" }).STORAGE_URL).toEqual({ kind: "file" });
  });

  test("s3://bucket/prefix with AWS's defaults: region us-east-1, bucket host names", () => {
    expect(s3Settings(parseEnv({ STORAGE_URL: "s3://carlot-photos/site/media/" }))).toEqual({
      bucket: "carlot-photos",
      prefix: "site/media",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
    });
    expect(s3Settings(parseEnv({ STORAGE_URL: "s3://carlot-photos" }))?.prefix).toBe("");
  });

  test("another store: endpoint, region (S3_REGION, else AWS_REGION), path style", () => {
    const minio = parseEnv({
      STORAGE_URL: "s3://photos",
      S3_ENDPOINT: "http://10.0.0.5:9000",
      AWS_REGION: "eu-west-3",
    });
    // An endpoint by address has no bucket host names: path style unless told otherwise.
    expect(s3Settings(minio)).toMatchObject({
      endpoint: "http://10.0.0.5:9000",
      region: "eu-west-3",
      forcePathStyle: true,
    });
    const r2 = parseEnv({
      STORAGE_URL: "s3://photos",
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      AWS_REGION: "eu-west-3",
      S3_FORCE_PATH_STYLE: "false",
    });
    expect(s3Settings(r2)).toMatchObject({ region: "auto", forcePathStyle: false });
  });

  test("a bad STORAGE_URL says what is wrong and how it should look", () => {
    expect(problemsOf({ STORAGE_URL: "minio://photos" })).toEqual([
      'STORAGE_URL must be "file:" (photos in DATA_DIR/media) or s3://bucket/prefix',
    ]);
    expect(problemsOf({ STORAGE_URL: "s3://Carlot_Photos/media" })[0]).toMatch(
      /^STORAGE_URL names the bucket "Carlot_Photos": a bucket name has 3 to 63 lower-case letters/,
    );
    expect(problemsOf({ STORAGE_URL: "s3:///media" })[0]).toMatch(/names the bucket ""/);
    expect(problemsOf({ STORAGE_URL: "s3://photos/a/../b" })[0]).toMatch(
      /^STORAGE_URL has the prefix "a\/..\/b": use letters, digits/,
    );
    expect(problemsOf({ STORAGE_URL: "s3://photos/my photos" })[0]).toMatch(/has the prefix/);
  });

  test("endpoint, region and path style are checked", () => {
    const s3 = { STORAGE_URL: "s3://photos" };
    expect(problemsOf({ ...s3, S3_ENDPOINT: "minio:9000" })).toEqual([
      "S3_ENDPOINT must be an http:// or https:// URL such as https://s3.example.com",
    ]);
    expect(problemsOf({ ...s3, S3_ENDPOINT: "ftp://minio.example.com" })).toHaveLength(1);
    expect(problemsOf({ ...s3, S3_REGION: "EU West" })).toEqual([
      'S3_REGION must be a region name such as "us-east-1" (or "auto" for R2)',
    ]);
    expect(problemsOf({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toEqual([
      'S3_FORCE_PATH_STYLE must be "true" or "false"',
    ]);
  });

  test("S3 settings without an s3:// STORAGE_URL are refused: photos would stay on one disk", () => {
    expect(problemsOf({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toEqual([
      "S3_ENDPOINT is set but STORAGE_URL is not an s3:// URL, so photos would stay on local disk: set STORAGE_URL=s3://bucket/prefix, or remove it",
    ]);
    expect(
      problemsOf({ STORAGE_URL: "file:", S3_REGION: "auto", S3_FORCE_PATH_STYLE: "true" }),
    ).toEqual([
      "S3_REGION, S3_FORCE_PATH_STYLE are set but STORAGE_URL is not an s3:// URL, so photos would stay on local disk: set STORAGE_URL=s3://bucket/prefix, or remove them",
    ]);
    // AWS_REGION is shared with other tools: never a reason to refuse.
    expect(problemsOf({ AWS_REGION: "eu-west-3" })).toEqual([]);
  });

  test("access key id and secret come together, or neither (role, profile)", () => {
    const s3 = { STORAGE_URL: "s3://photos" };
    expect(problemsOf({ ...s3, AWS_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toEqual([
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, to use the machine's role or profile)",
    ]);
    expect(problemsOf({ ...s3, AWS_SECRET_ACCESS_KEY: "secret" })).toHaveLength(1);
    expect(
      problemsOf({ ...s3, AWS_ACCESS_KEY_ID: "AKIAEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret" }),
    ).toEqual([]);
    expect(problemsOf(s3)).toEqual([]);
  });

  test("MEDIA_PUBLIC_URL: an http(s) base without query, https on an https site", () => {
    expect(
      parseEnv({ MEDIA_PUBLIC_URL: "https://media.example.com/carlot/" }).MEDIA_PUBLIC_URL,
    ).toBe("https://media.example.com/carlot");
    expect(problemsOf({ MEDIA_PUBLIC_URL: "media.example.com" })).toEqual([
      "MEDIA_PUBLIC_URL must be an http:// or https:// URL such as https://media.example.com",
    ]);
    expect(problemsOf({ MEDIA_PUBLIC_URL: "https://media.example.com/?v=1" })).toEqual([
      "MEDIA_PUBLIC_URL must not have a query (?…) or fragment (#…)",
    ]);
    expect(
      problemsOf({
        PUBLIC_URL: "https://cars.example.com",
        MEDIA_PUBLIC_URL: "http://media.example.com",
      }),
    ).toEqual([
      "MEDIA_PUBLIC_URL must start with https:// when PUBLIC_URL does (browsers block http:// pictures on an https:// page)",
    ]);
    expect(
      problemsOf({
        PUBLIC_URL: "http://localhost:3000",
        MEDIA_PUBLIC_URL: "http://127.0.0.1:9000/photos",
      }),
    ).toEqual([]);
  });
});
