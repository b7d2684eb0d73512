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
