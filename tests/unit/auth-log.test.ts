// better-auth's log lines in our log: what a stranger can cause is a warning,
// what goes wrong on our side stays an error (issue 23, "Logs").
import { expect, test } from "vitest";

import { authLogLevel } from "#app/services/auth.server.ts";
import { logger, requestLogger, requestLogScope } from "#app/services/logger.server.ts";

test("client mistakes better-auth logs as errors become warnings", () => {
  for (const message of [
    "State not found",
    "Failed to parse state",
    "INVALID_CALLBACK_REQUEST",
    "Invalid callbackURL: https://evil.example/",
    "Invalid redirectURL: //evil.example",
    "Invalid origin: https://evil.example",
    "Blocked cross-site navigation login attempt (CSRF protection)",
  ]) {
    expect(authLogLevel("error", message), message).toBe("warn");
  }
});

test("server failures stay errors, and lower levels are warnings", () => {
  for (const message of ["Failed to create user", "Unable to create OAuth user", "", "Invalid"]) {
    expect(authLogLevel("error", message), message).toBe("error");
  }
  expect(authLogLevel("warn", "Code not found")).toBe("warn");
  expect(authLogLevel("info", "anything")).toBe("warn");
});

test("log lines written while a request is served use its logger", () => {
  expect(requestLogger()).toBe(logger);
  const child = logger.child({ req: { id: "r1" } });
  requestLogScope.run(child, () => expect(requestLogger()).toBe(child));
  expect(requestLogger()).toBe(logger);
});
