// Security headers for every response, the request gate, host names, write origins
// and body limits: what every request passes before any route.
import { randomBytes } from "node:crypto";
import os from "node:os";

import type { RequestHandler } from "express";

import { pagePathOf } from "#app/framework/data-url.ts";
import { MESSAGE_PHOTO_MAX } from "#app/models/conversation.ts";
import { LISTING_BODY_MAX_BYTES, LISTING_PHOTO_MAX_BYTES } from "#app/models/listing-form.ts";

/** How the page's own scripts are allowed: a per-request nonce, or hashes of each inline script. */
export type ScriptPolicy = { nonce: string } | { hashes: string[] };

/**
 * The security headers of a response. Scripts: in production only the page's own
 * (by nonce, or for stored pages by the SHA-256 of each inline script plus files
 * from this origin); development allows Vite's inline preamble.
 */
export function securityHeaderList(options: {
  dev: boolean;
  /** Other origins a form may lead to (the sign-in provider, reached by a redirect). */
  formTargets: string[];
  /** Other origins pictures come from (MEDIA_PUBLIC_URL's). */
  imageOrigins?: string[];
  scripts: ScriptPolicy;
  secure: boolean;
}): [string, string][] {
  const { scripts } = options;
  const scriptSrc = options.dev
    ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : "nonce" in scripts
      ? `script-src 'nonce-${scripts.nonce}' 'strict-dynamic'`
      : ["script-src 'self'", ...scripts.hashes.map((hash) => `'sha256-${hash}'`)].join(" ");
  const csp = [
    "default-src 'self'",
    scriptSrc,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(options.imageOrigins ?? [])].join(" "),
    "font-src 'self'",
    options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...options.formTargets].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: [string, string][] = [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  if (options.secure) {
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  }
  return headers;
}

/** A fresh nonce for one response's inline scripts. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Security headers for every response, with a fresh CSP nonce per request. */
export function securityHeaders({
  dev,
  formTargets = [],
  imageOrigins = [],
}: {
  dev: boolean;
  formTargets?: string[];
  imageOrigins?: string[];
}): RequestHandler {
  return (req, res, next) => {
    const nonce = newNonce();
    // Development uses no nonce, so the markup matches what the browser renders.
    if (!dev) res.locals.cspNonce = nonce;
    const headers = securityHeaderList({
      dev,
      formTargets,
      imageOrigins,
      scripts: { nonce },
      secure: req.secure,
    });
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The methods Carlot serves; anything else is answered 405 before the router runs. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** Paths a load balancer or orchestrator probes, often by the machine's address. */
const PROBE_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * The Host values this server answers to: PUBLIC_URL's host when it is set, and
 * always the loopback names; without PUBLIC_URL, also the listening address (every
 * interface address when bound to all of them). Never taken from a request.
 */
export function allowedHosts(options: {
  publicUrl?: string;
  host: string;
  port: number;
  interfaceAddresses?: string[];
}): Set<string> {
  const names = new Set(["localhost", "127.0.0.1", "[::1]"]);
  const hosts = new Set<string>();
  if (options.publicUrl) {
    hosts.add(new URL(options.publicUrl).host.toLowerCase());
  } else if (options.host === "0.0.0.0" || options.host === "::") {
    for (const address of options.interfaceAddresses ?? []) {
      names.add(address.includes(":") ? `[${address}]` : address);
    }
  } else {
    names.add(options.host.includes(":") ? `[${options.host}]` : options.host.toLowerCase());
  }
  for (const name of names) {
    hosts.add(`${name}:${options.port}`);
    if (options.port === 80 || options.port === 443) hosts.add(name);
  }
  return hosts;
}

/** The machine's own addresses, for a server bound to every interface. */
export function ownInterfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => entry.address.toLowerCase());
}

/**
 * The first gate every request passes, before any route: methods we do not serve
 * get 405 with `Allow`; a missing or empty `Host` gets 400; and in production a
 * `Host` this server does not answer to gets 400, so a hostile domain pointed at
 * this machine (DNS rebinding) cannot drive it.
 */
export function requestGate(options: {
  hosts: Set<string>;
  enforceHosts: boolean;
}): RequestHandler {
  const allow = ALLOWED_METHODS.join(", ");
  return (req, res, next) => {
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      res.setHeader("Allow", allow);
      res.status(405).type("text/plain").send("This address does not accept that kind of request.");
      return;
    }
    const host = req.headers.host?.trim().toLowerCase();
    if (!host) {
      res.status(400).type("text/plain").send("The request has no Host header.");
      return;
    }
    if (options.enforceHosts && !options.hosts.has(host) && !PROBE_PATHS.has(req.path)) {
      res.status(400).type("text/plain").send("This server does not answer for that host name.");
      return;
    }
    next();
  };
}

/**
 * Refuses state-changing requests that another site's page sent (CSRF, including
 * signing a visitor into someone else's account). The allowed origins come from the
 * configured hosts, never from the request's own Host header. Browsers always send
 * Origin on cross-site POSTs, and `Sec-Fetch-Site` tells the same story; requests
 * with neither (curl, server-to-server) are not from a browser on another site.
 */
export function sameOriginWrites({ hosts }: { hosts: Set<string> }): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const origin = req.headers.origin;
    let allowed = true;
    if (origin !== undefined) {
      try {
        const parsed = new URL(origin);
        allowed = /^https?:$/.test(parsed.protocol) && hosts.has(parsed.host.toLowerCase());
      } catch {
        allowed = false;
      }
    }
    if (req.headers["sec-fetch-site"] === "cross-site") allowed = false;
    if (!allowed) {
      res.status(403).type("text/plain").send("Forms from other sites are not accepted here.");
      return;
    }
    next();
  };
}

/**
 * Largest request body per path (`:id` stands for a numeric last segment);
 * everything else gets the small default.
 */
export const BODY_LIMITS: Record<string, number> = {
  // The profile photo (5 MB) and the other registration fields.
  "/register": 5 * 1024 * 1024 + 64 * 1024,
  // Sell and edit a car: 12 photos of up to 15 MB each, plus 1 MB for the other fields.
  "/dashboard/sellCar": LISTING_BODY_MAX_BYTES,
  "/dashboard/productDetails/editProduct/:id": LISTING_BODY_MAX_BYTES,
  // Site settings: a logo and a favicon of up to 5 MB each, three Markdown pages of up
  // to 20,000 characters and the rest.
  "/dashboard/settings": 11 * 1024 * 1024,
  // A message: its words and up to 4 photos of up to 15 MB each.
  "/dashboard/conversations/:id": MESSAGE_PHOTO_MAX * LISTING_PHOTO_MAX_BYTES + 64 * 1024,
  // Categories: one photo of up to 5 MB and a name.
  "/dashboard/categories": 5 * 1024 * 1024 + 64 * 1024,
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
    const path = pagePathOf(req.path).replace(/\/\d+$/, "/:id");
    const limit = BODY_LIMITS[path] ?? DEFAULT_BODY_LIMIT;
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
