// Environment, validated once at start-up with one clear message per bad variable.
import { z } from "zod";

const booleanText = z
  .enum(["true", "false"], { message: 'must be "true" or "false"' })
  .transform((v) => v === "true");

const schema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      message: 'must be "development", "production" or "test"',
    })
    // server/index.ts serves the production build unless NODE_ENV=development.
    .default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_MAX: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(200, "must be at most 200")
    .default(10),
  /**
   * Server processes on this machine (server/processes.ts), sharing its port: with
   * PostgreSQL only, since the embedded database belongs to one process.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ message: "must be a number of processes" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(64, "must be at most 64")
    .default(1),
  SEED_DEMO: booleanText.optional(),
  /**
   * "false" lifts the per-buyer contact-request limits, for load and crash tests that
   * place hundreds of requests a minute (npm run test:crash). Never in production.
   */
  CONTACT_REQUEST_LIMITS: booleanText.optional(),
  /**
   * Seconds between runs of the alert job (saved searches, saved cars): "at once" alerts
   * go out within this. The tests shorten it; 60 is right for a site.
   */
  ALERT_INTERVAL_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(60),
  /** Memory for visitors' pages kept ready to serve (all encodings); 0 turns the page cache off. */
  PAGE_CACHE_MB: z.coerce
    .number({ message: "must be a number of megabytes" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or more")
    .max(4096, "must be at most 4096")
    .default(64),
  /** Longest time a stored page is served without a change telling us to drop it. */
  PAGE_CACHE_TTL_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(86_400, "must be at most 86400")
    .default(60),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  /**
   * Whom to believe about the client's address (X-Forwarded-For): "false", "true"
   * (one proxy in front), a number of proxies, or a comma-separated list of proxy
   * addresses/subnets. Rate limits per address depend on it.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context): false | number | string[] => {
      const text = value.trim();
      if (text === "false") return false;
      if (text === "true") return 1;
      if (/^\d+$/.test(text)) return Number(text);
      const list = text
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      if (
        list.length > 0 &&
        list.every(
          (part) =>
            /^[0-9a-f.:/]+$/i.test(part) || ["loopback", "linklocal", "uniquelocal"].includes(part),
        )
      ) {
        return list;
      }
      context.addIssue({
        code: "custom",
        message: 'must be "false", "true", a number of proxies, or a list of proxy addresses',
      });
      return z.NEVER;
    }),
  /** The address people use to reach the site: links in emails and OAuth callbacks. */
  PUBLIC_URL: z.url({ message: "must be a URL such as https://cars.example.com" }).optional(),
  /**
   * Signs session cookies. With the embedded database it may be left unset: a random
   * secret is created once in DATA_DIR. Every process sharing a PostgreSQL database
   * must use the same value.
   */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Carlot <no-reply@carlot.invalid>"),
  /** "Continue With Google": any OpenID Connect provider, enabled when all three are set. */
  OIDC_ISSUER: z.url({ message: "must be the provider's issuer URL" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(40).default("Google"),
  /** Where photos live: unset or "file:" for DATA_DIR/media, or s3://bucket/prefix. */
  STORAGE_URL: z
    .string()
    .transform((value, context): StorageLocation => {
      const text = value.trim();
      if (text === "file:" || text === "file://") return { kind: "file" };
      const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(text);
      if (!match) {
        context.addIssue({
          code: "custom",
          message: 'must be "file:" (photos in DATA_DIR/media) or s3://bucket/prefix',
        });
        return z.NEVER;
      }
      const bucket = match[1]!;
      const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
      if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes("..")) {
        context.addIssue({
          code: "custom",
          message: `names the bucket "${bucket}": a bucket name has 3 to 63 lower-case letters, digits, dots and hyphens, as in s3://carlot-photos/media`,
        });
        return z.NEVER;
      }
      if (prefix && (!/^[A-Za-z0-9/_.-]+$/.test(prefix) || /(^|\/)\.\.?(\/|$)|\/\//.test(prefix))) {
        context.addIssue({
          code: "custom",
          message: `has the prefix "${prefix}": use letters, digits, "-", "_", "." and "/" between folder names, as in s3://carlot-photos/media`,
        });
        return z.NEVER;
      }
      return { kind: "s3", bucket, prefix };
    })
    .optional(),
  /** The S3 API address of a store other than AWS (MinIO, R2, Ceph…). */
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message: "must be an http:// or https:// URL such as https://s3.example.com",
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as "us-east-1" (or "auto" for R2)')
    .optional(),
  AWS_REGION: z.string().optional(),
  /** Bucket in the path (https://host/bucket/key) instead of the host name. */
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  /** A public or CDN base URL under which each stored key is served. */
  MEDIA_PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      message: "must be an http:// or https:// URL such as https://media.example.com",
    })
    .refine((url) => !/[?#]/.test(url), "must not have a query (?…) or fragment (#…)")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Turns /metrics on, for requests with `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  /** Checks of `npm run doctor` an operator has decided to accept (comma-separated names). */
  DOCTOR_SILENCE: z
    .string()
    .regex(/^[a-z-]+(\s*,\s*[a-z-]+)*$/, "must be check names separated by commas")
    .transform((text) => text.split(",").map((name) => name.trim()))
    .optional(),
});

/** STORAGE_URL, parsed. */
export type StorageLocation = { kind: "file" } | { kind: "s3"; bucket: string; prefix: string };

export type Env = z.infer<typeof schema>;

const storageSchema = schema.pick({
  DATA_DIR: true,
  STORAGE_URL: true,
  S3_ENDPOINT: true,
  S3_REGION: true,
  AWS_REGION: true,
  S3_FORCE_PATH_STYLE: true,
  MEDIA_PUBLIC_URL: true,
  PUBLIC_URL: true,
  AWS_ACCESS_KEY_ID: true,
  AWS_SECRET_ACCESS_KEY: true,
});

/** The settings that say where photos live (a part of Env). */
export type StorageEnv = z.infer<typeof storageSchema>;

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

/** The OpenID Connect provider behind "Continue With Google", when one is configured. */
export function oidcProvider(env: Env) {
  return env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
    ? {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
        name: env.OIDC_PROVIDER_NAME,
      }
    : null;
}

export type S3Settings = {
  bucket: string;
  /** Folder inside the bucket, without slashes at either end ("" for the top). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
};

/** The S3-compatible storage photos go to, or null for local disk (DATA_DIR/media). */
export function s3Settings(env: StorageEnv): S3Settings | null {
  if (env.STORAGE_URL?.kind !== "s3") return null;
  return {
    bucket: env.STORAGE_URL.bucket,
    prefix: env.STORAGE_URL.prefix,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? env.AWS_REGION ?? "us-east-1",
    // Stores other than AWS are usually reached by address, where bucket host names do not resolve.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}

/** Checks `source` against `shape`; empty strings count as unset. */
function parseWith<S extends z.ZodType>(
  shape: S,
  source: Record<string, string | undefined>,
): z.infer<S> {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = shape.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`),
    );
  }
  return result.data;
}

/** Parses `source` (normally `process.env`); empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const env = parseWith(schema, source);
  const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  const problems: string[] = [];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    problems.push("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    problems.push(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process (set WEB_CONCURRENCY=1, or move to PostgreSQL)",
    );
  }
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    problems.push(
      "AUTH_SECRET is required with DATABASE_URL (every app process must sign sessions with the same secret)",
    );
  }
  problems.push(...storageProblems(env));
  if (problems.length > 0) throw new EnvError(problems);
  return env;
}

/**
 * Where photos live and nothing else, checked as parseEnv checks it: for tools that
 * must work without the rest of the server's settings (backup and restore need no
 * AUTH_SECRET or SMTP).
 */
export function parseStorageEnv(source: Record<string, string | undefined>): StorageEnv {
  const env = parseWith(storageSchema, source);
  const problems = storageProblems(env);
  if (problems.length > 0) throw new EnvError(problems);
  return env;
}

function storageProblems(env: StorageEnv): string[] {
  const problems: string[] = [];
  if (env.STORAGE_URL?.kind === "s3") {
    if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
      problems.push(
        "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, to use the machine's role or profile)",
      );
    }
  } else {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const).filter(
      (name) => env[name] !== undefined,
    );
    if (stray.length > 0) {
      problems.push(
        `${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set but STORAGE_URL is not an s3:// URL, so photos would stay on local disk: set STORAGE_URL=s3://bucket/prefix, or remove ${stray.length > 1 ? "them" : "it"}`,
      );
    }
  }
  if (env.MEDIA_PUBLIC_URL?.startsWith("http:") && env.PUBLIC_URL?.startsWith("https:")) {
    problems.push(
      "MEDIA_PUBLIC_URL must start with https:// when PUBLIC_URL does (browsers block http:// pictures on an https:// page)",
    );
  }
  return problems;
}
