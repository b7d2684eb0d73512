// What the doctor reports and what it looks at: a finding (check, severity, message,
// fix), the names of the checks (those DOCTOR_SILENCE may silence and those about the
// database itself), the facts the database probes gather, and the configuration the
// checks read. The checks (doctor-*.server.ts) and the runner (doctor.server.ts)
// share these types.
import type { Database, MigrationState } from "#app/db/client.server.ts";
import type { Env } from "#app/services/env.server.ts";
import type { SecretMatch } from "#app/services/secret.server.ts";

export type Severity = "error" | "warning" | "info" | "ok";

/** Checks about the configuration, which DOCTOR_SILENCE may silence. */
export const CONFIG_CHECKS = [
  "public-url",
  "auth-secret",
  "demo-data",
  "smtp",
  "storage",
  "trust-proxy",
  "page-cache",
] as const;
export type CheckName =
  | (typeof CONFIG_CHECKS)[number]
  // About the database itself: never silenced.
  | "database"
  | "migrations"
  | "shared-secret"
  | "environment"
  | "doctor-silence";

export type Finding = {
  check: CheckName;
  severity: Severity;
  message: string;
  /** What to do about it (errors and warnings always say). */
  fix?: string;
  /** Listed in DOCTOR_SILENCE: shown, but neither fails the doctor nor stops a start. */
  silenced?: boolean;
};

/** What the probes found out about the database. */
export type DatabaseFacts =
  | {
      state: "open";
      kind: Database["kind"];
      migrations: MigrationState;
      hasUsers: boolean;
      /** Demo accounts (published password) still in the database. */
      demoAccounts: string[];
      /** The secret compared with the recorded fingerprint; null when not compared. */
      secret: SecretMatch | null;
    }
  | { state: "unreachable"; reason: string }
  /** The embedded database has no directory yet: the first start creates it. */
  | { state: "not-created"; path: string }
  /** The embedded database is held by a running server. */
  | { state: "in-use"; reason: string };

export type DoctorInput = {
  env: Env;
  /**
   * STORAGE_URL as set (`s3://bucket/prefix` for shared photo storage), read from the
   * environment as it is.
   */
  storageUrl?: string;
  /** Whether DATA_DIR/auth-secret exists (the embedded database's generated secret). */
  authSecretFileExists: boolean;
};
