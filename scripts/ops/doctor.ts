// npm run doctor [-- --accept-new-secret]
// Checks this machine's configuration for production, one line per finding with its
// fix; exits with 1 when there is an error. Reads .env like the server. It never
// changes the database, except that --accept-new-secret records the current
// AUTH_SECRET as the one every node must use (after a deliberate rotation).
import fs from "node:fs";
import { parseArgs } from "node:util";

import { authSecretFile, generatedAuthSecret } from "#app/services/secret.server.ts";
import { diagnose, errorsIn, formatFinding } from "#app/services/doctor.server.ts";
import { probeDatabase } from "#app/services/doctor-database.server.ts";
import { type Finding } from "#app/services/doctor-findings.server.ts";
import { EnvError, parseEnv, type Env } from "#app/services/env.server.ts";
import { loadDotEnv } from "#server/dotenv.ts";

let values: { "accept-new-secret"?: boolean };
try {
  ({ values } = parseArgs({ options: { "accept-new-secret": { type: "boolean" } } }));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error("Usage: npm run doctor [-- --accept-new-secret]");
  process.exit(2);
}

loadDotEnv();
let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  for (const problem of error.problems) {
    console.log(
      formatFinding({
        check: "environment",
        severity: "error",
        message: problem,
        fix: "correct the variable (README, Configuration).",
      }),
    );
  }
  console.log("\nThe environment is invalid: Carlot would not start.");
  process.exit(1);
}

const secret = env.AUTH_SECRET ?? generatedAuthSecret(env.DATA_DIR);
const acceptNewSecret = values["accept-new-secret"] === true;
if (acceptNewSecret && !secret) {
  console.error(
    "There is no secret to record: AUTH_SECRET is not set and the embedded database has not generated one yet.",
  );
  process.exit(1);
}

let probe: Awaited<ReturnType<typeof probeDatabase>>;
try {
  probe = await probeDatabase(env, { secret, acceptNewSecret });
} catch (error) {
  console.error(`Could not check the database: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (acceptNewSecret) {
  if (!probe.accepted) {
    console.error(
      "Could not record the secret: the database is not reachable, not created yet, or in use (stop the server on the embedded database).",
    );
    process.exit(1);
  }
  console.log(
    "Recorded the current AUTH_SECRET's fingerprint: every node must now start with this secret.\n",
  );
}

const findings: Finding[] = diagnose(
  {
    env,
    storageUrl: process.env.STORAGE_URL,
    authSecretFileExists: fs.existsSync(authSecretFile(env.DATA_DIR)),
  },
  probe.facts,
);
for (const finding of findings) console.log(formatFinding(finding));

const errors = errorsIn(findings).length;
const warnings = findings.filter((f) => f.severity === "warning" && !f.silenced).length;
console.log(
  `\n${errors} error(s), ${warnings} warning(s).${errors > 0 ? " A production start refuses to run until the errors are fixed." : ""}`,
);
process.exit(errors > 0 ? 1 : 0);
