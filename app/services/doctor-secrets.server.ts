// The doctor's check of AUTH_SECRET: a set secret must not look like a placeholder
// or be easy to guess (whoever guesses it can forge any session); an unset one means
// the embedded database's generated secret file signs sessions.
import path from "node:path";

import type { DoctorInput, Finding } from "#app/services/doctor-findings.server.ts";
import { authSecretFile } from "#app/services/secret.server.ts";

/** Words of placeholder values (the examples in .env.example, tutorials' "changeme"). */
const PLACEHOLDER =
  /change[-_ ]?me|changeit|replace[-_ ]?me|your[-_ ]?(?:own[-_ ]?)?secret|placeholder|example|secret[-_ ]?here|xxxxxxxx/i;

/** Why `secret` is too easy to guess, or null when it looks random enough. */
export function secretWeakness(secret: string): string | null {
  if (PLACEHOLDER.test(secret)) return "it looks like a placeholder from an example";
  const distinct = new Set(secret).size;
  if (distinct < 10) {
    return `it uses only ${distinct} different character${distinct === 1 ? "" : "s"}`;
  }
  if (/^(.+?)\1+$/s.test(secret)) return "it is one short piece repeated";
  return null;
}

export function checkAuthSecret(input: DoctorInput): Finding {
  const { env } = input;
  const check = "auth-secret";
  if (env.AUTH_SECRET) {
    const weakness = secretWeakness(env.AUTH_SECRET);
    if (weakness) {
      return {
        check,
        severity: "error",
        message: `AUTH_SECRET is easy to guess (${weakness}): whoever guesses it can forge anyone's session, an admin's included.`,
        fix: "set AUTH_SECRET to the output of `openssl rand -base64 32` (everyone is signed out once).",
      };
    }
    return { check, severity: "ok", message: "AUTH_SECRET is set and looks random." };
  }
  // With DATABASE_URL an unset secret is refused while reading the environment.
  const file = path.resolve(authSecretFile(env.DATA_DIR));
  return {
    check,
    severity: "ok",
    message: input.authSecretFileExists
      ? `AUTH_SECRET is not set: the embedded database's generated secret in ${file} signs sessions (keep it with your backups).`
      : `AUTH_SECRET is not set: the first start generates a random secret in ${file}.`,
  };
}
