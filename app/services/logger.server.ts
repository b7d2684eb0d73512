import { AsyncLocalStorage } from "node:async_hooks";

import { pino, type Logger } from "pino";

// JSON lines on stdout. Redact anything that could carry a credential.
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: {
    paths: [
      "req.headers.authorization",
      "req.headers.cookie",
      'res.headers["set-cookie"]',
      "*.password",
      "*.token",
    ],
    censor: "[redacted]",
  },
});

/** Removes secrets from a URL before it is logged (reset tokens, OAuth codes). */
export function redactTokens(url: string): string {
  return url
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]");
}

type LoggedRequest = { id?: unknown; method?: string; url?: string; remoteAddress?: string };

/** What the request log keeps of a request and a response: no headers, cookies or tokens. */
export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({
    id: req.id,
    method: req.method,
    url: redactTokens(req.url ?? ""),
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

/** The logger of the request being served (it carries the request id), where one is. */
export const requestLogScope = new AsyncLocalStorage<Logger>();

/** The current request's logger, or the process's logger outside a request. */
export function requestLogger(): Logger {
  return requestLogScope.getStore() ?? logger;
}
