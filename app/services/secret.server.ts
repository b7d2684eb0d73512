// The secret that signs session cookies: AUTH_SECRET, or for the embedded
// database a random one created once and kept in DATA_DIR.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function authSecret(options: { secret?: string; dataDir: string }): string {
  if (options.secret) return options.secret;
  const file = path.join(options.dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
