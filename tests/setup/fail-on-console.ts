// A test that makes the code print an error or a warning (to the console or to our
// logger) fails: problems must be asserted, not ignored. A test that expects one
// says so with allowLoggedErrors().
import { afterEach, vi } from "vitest";

import { logger } from "#app/services/logger.server.ts";

const calls: string[] = [];
let allowed: RegExp | null = null;

for (const level of ["error", "warn"] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${level}: ${args.map(String).join(" ")}`);
  });
}
const original = logger.error.bind(logger);
vi.spyOn(logger, "error").mockImplementation(((...args: Parameters<typeof logger.error>) => {
  const text = args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ");
  if (!allowed?.test(text)) calls.push(`logger.error: ${text}`);
  original(...args);
}) as typeof logger.error);

/** Lets this test log errors matching `pattern` (for failures it provokes on purpose). */
export function allowLoggedErrors(pattern: RegExp): void {
  allowed = pattern;
}

afterEach(() => {
  allowed = null;
  const seen = calls.splice(0);
  if (seen.length > 0) throw new Error(`Unexpected console or logger output:\n${seen.join("\n")}`);
});
