// Security headers for every response, with a fresh CSP nonce per request.
import { randomBytes } from "node:crypto";

import type { RequestHandler } from "express";

export function securityHeaders({
  dev,
  formTargets = [],
}: {
  dev: boolean;
  /** Other origins a form may lead to (the sign-in provider, reached by a redirect). */
  formTargets?: string[];
}): RequestHandler {
  const formAction = ["'self'", ...formTargets].join(" ");
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    // Development allows inline scripts (Vite's preamble) and uses no nonce, so the
    // markup matches what the browser renders.
    if (!dev) res.locals.cspNonce = nonce;
    const scriptSrc = dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'nonce-${nonce}' 'strict-dynamic'`;
    const csp = [
      "default-src 'self'",
      scriptSrc,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

/**
 * Refuses state-changing requests that another site's page sent (CSRF, including
 * signing a visitor into someone else's account). Browsers always send Origin on
 * cross-site POSTs; requests without one (curl, server-to-server) are not from a
 * browser on another site.
 */
export function sameOriginWrites({ publicUrl }: { publicUrl: string }): RequestHandler {
  const configured = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    const own = `${req.protocol}://${req.headers.host ?? ""}`;
    if (origin && origin !== configured && origin !== own) {
      res.status(403).type("text/plain").send("Forms from other sites are not accepted here.");
      return;
    }
    next();
  };
}

/** Largest request body per path; everything else gets the small default. */
export const BODY_LIMITS: Record<string, number> = {
  // The profile photo (5 MB) and the other registration fields.
  "/register": 5 * 1024 * 1024 + 64 * 1024,
};
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Bounds what a request may send before any action reads it into memory. Bodies
 * must declare their length (browsers always do for forms); Node's parser then
 * never delivers more than the declared length.
 */
export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const limit = BODY_LIMITS[req.path.replace(/\.data$/, "")] ?? DEFAULT_BODY_LIMIT;
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) {
        res.status(411).type("text/plain").send("Send the length of the request body.");
        return;
      }
      return next();
    }
    if (Number(declared) > limit) {
      res
        .status(413)
        .type("text/plain")
        .send(`This request is too large (at most ${Math.floor(limit / 1024)} KB).`);
      return;
    }
    next();
  };
}
