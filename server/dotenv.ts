// Reads a .env file in the working directory when there is one. Variables already
// set in the environment win, as with `node --env-file`.
import fs from "node:fs";

export function loadDotEnv(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
