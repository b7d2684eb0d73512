// Checks a deployment the way Django's `manage.py check --deploy` does: each check is
// a pure function of the parsed environment and a few facts that small probes gather
// (a file's existence, the database's migrations and accounts), so tests can call it
// with any situation. `npm run doctor` prints every finding; a production start runs
// the same checks and refuses to start on an error. This module is the runner:
// `diagnose` (every check, with DOCTOR_SILENCE applied), the one-line format and the
// start-up gate. The checks sit beside it by subject: doctor-exposure (who can reach
// the site), doctor-secrets, doctor-services (mail, photo storage, the page cache) and
// doctor-database (its probes and checks).
import type { Database } from "#app/db/client.server.ts";
import { checkDatabase, gatherDatabaseFacts } from "#app/services/doctor-database.server.ts";
import {
  checkDemoData,
  checkPublicUrl,
  checkTrustProxy,
} from "#app/services/doctor-exposure.server.ts";
import {
  CONFIG_CHECKS,
  type DatabaseFacts,
  type DoctorInput,
  type Finding,
  type Severity,
} from "#app/services/doctor-findings.server.ts";
import { checkAuthSecret } from "#app/services/doctor-secrets.server.ts";
import { checkPageCache, checkSmtp, checkStorage } from "#app/services/doctor-services.server.ts";

/** Every finding, configuration first, with DOCTOR_SILENCE applied. */
export function diagnose(input: DoctorInput, facts: DatabaseFacts): Finding[] {
  const { env } = input;
  const findings = [
    checkPublicUrl(env),
    checkAuthSecret(input),
    checkDemoData(env, facts),
    checkSmtp(env),
    checkStorage(env, input.storageUrl),
    checkTrustProxy(env),
    checkPageCache(env),
    ...checkDatabase(env, facts),
  ];
  const silenceable = (name: string) => (CONFIG_CHECKS as readonly string[]).includes(name);
  const silence = new Set(env.DOCTOR_SILENCE ?? []);
  const unknown = [...silence].filter((name) => !silenceable(name));
  if (unknown.length > 0) {
    findings.push({
      check: "doctor-silence",
      severity: "error",
      message: `DOCTOR_SILENCE names ${unknown.join(", ")}, which cannot be silenced.`,
      fix: `list only ${CONFIG_CHECKS.join(", ")}.`,
    });
  }
  return findings.map((finding) =>
    silence.has(finding.check) &&
    silenceable(finding.check) &&
    (finding.severity === "error" || finding.severity === "warning")
      ? { ...finding, silenced: true }
      : finding,
  );
}

/** Findings that count: errors stop a start and fail `npm run doctor`. */
export const errorsIn = (findings: Finding[]) =>
  findings.filter((finding) => finding.severity === "error" && !finding.silenced);

const LABELS: Record<Severity, string> = {
  error: "ERROR",
  warning: "WARNING",
  info: "INFO",
  ok: "OK",
};

/** One line: severity, check, what is wrong, and the fix. */
export function formatFinding(finding: Finding): string {
  const label = finding.silenced
    ? `silenced ${finding.severity}`.toUpperCase()
    : LABELS[finding.severity];
  const fix = finding.fix ? ` Fix: ${finding.fix}` : "";
  return `${label.padEnd(8)} [${finding.check}] ${finding.message}${fix}`;
}

/**
 * At a production start, once the database is migrated and before anything is added
 * to it: errors refuse the start (all of them listed), warnings and notes are logged.
 */
export async function doctorAtStart(
  input: DoctorInput,
  database: Database,
  log: { warn(message: string): void; info(message: string): void },
): Promise<void> {
  const findings = diagnose(input, await gatherDatabaseFacts(database, null));
  const errors = errorsIn(findings);
  if (errors.length > 0) {
    throw new Error(
      `The configuration is not safe to serve (\`npm run doctor\` lists every check):\n${errors.map(formatFinding).join("\n")}`,
    );
  }
  for (const finding of findings) {
    if (finding.severity === "warning") log.warn(formatFinding(finding));
    else if (finding.severity === "info") log.info(formatFinding(finding));
  }
}
