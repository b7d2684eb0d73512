// Runs PostgreSQL's own client tools (pg_dump, pg_restore) against a DATABASE_URL,
// passing the password through the environment rather than the command line,
// where other users of the machine could read it.
import { spawn } from "node:child_process";

/** Splits a postgres:// URL into a password-free URL and the libpq environment. */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {};
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env };
}

/**
 * Runs `tool` (found on PATH, or in PG_BIN_DIR) with `args`; rejects with the
 * tool's own words when it fails, and with install advice when it is missing.
 */
export async function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], url: string) {
  const { dbname, env } = connectionFor(url);
  const binDir = process.env.PG_BIN_DIR;
  const command = binDir ? `${binDir.replace(/\/$/, "")}/${tool}` : tool;
  const child = spawn(command, [...args, `--dbname=${dbname}`], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    stderr += text;
  });
  const code = await new Promise<number>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} was not found. Install PostgreSQL's client tools of the server's major version or newer ` +
                `(Debian/Ubuntu: apt-get install postgresql-client), or set PG_BIN_DIR to the folder that holds ${tool}.`,
            )
          : error,
      );
    });
    child.on("close", (status) => resolve(status ?? 1));
  });
  if (code !== 0) {
    throw new Error(`${tool} failed (exit code ${code}):\n${stderr.trim()}`);
  }
}
