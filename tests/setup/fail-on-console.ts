// A test that makes the code print an error or a warning fails: problems must be
// asserted, not ignored.
import { afterEach, vi } from "vitest";

const calls: string[] = [];
for (const level of ["error", "warn"] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${level}: ${args.map(String).join(" ")}`);
  });
}

afterEach(() => {
  const seen = calls.splice(0);
  if (seen.length > 0) throw new Error(`Unexpected console output:\n${seen.join("\n")}`);
});
