// The doctor's checks about who can reach the site: whether PUBLIC_URL is https://
// (or the site stays on this machine), whether demo accounts with their published
// password are reachable from other machines, and whether TRUST_PROXY matches a
// proxy terminating TLS in front. Each is a pure function of the parsed environment
// (and, for the demo accounts, of the database facts).
import { DEMO_PASSWORD } from "#app/demo/data.ts";
import type { DatabaseFacts, Finding } from "#app/services/doctor-findings.server.ts";
import type { Env } from "#app/services/env.server.ts";

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "::1" ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}

const ALL_INTERFACES = new Set(["0.0.0.0", "::", "[::]"]);

/** The public address, when PUBLIC_URL names one other machines use. */
function publicHost(env: Env): string | null {
  if (!env.PUBLIC_URL) return null;
  const host = new URL(env.PUBLIC_URL).hostname;
  return isLoopbackHost(host) ? null : host;
}

/** Without PUBLIC_URL: whether other machines can connect at all. */
function listensBeyondThisMachine(env: Env): boolean {
  return !isLoopbackHost(env.HOST);
}

export function checkPublicUrl(env: Env): Finding {
  const check = "public-url";
  if (env.PUBLIC_URL) {
    const url = new URL(env.PUBLIC_URL);
    if (url.protocol === "https:") {
      return { check, severity: "ok", message: `PUBLIC_URL is ${url.origin}.` };
    }
    if (isLoopbackHost(url.hostname)) {
      return {
        check,
        severity: "info",
        message: `PUBLIC_URL is ${url.origin}: plain HTTP on this machine only, fine for trying Carlot.`,
      };
    }
    return {
      check,
      severity: "error",
      message: `PUBLIC_URL is ${url.origin}, not https://: session cookies are not marked Secure and travel readable over the network.`,
      fix: `serve the site over HTTPS (a reverse proxy such as Caddy or nginx in front) and set PUBLIC_URL=https://${url.host}.`,
    };
  }
  if (!listensBeyondThisMachine(env)) {
    return {
      check,
      severity: "info",
      message: `PUBLIC_URL is not set and HOST=${env.HOST}: the site is for this machine only (links say http://localhost:${env.PORT}).`,
    };
  }
  if (ALL_INTERFACES.has(env.HOST)) {
    return {
      check,
      severity: "warning",
      message: `PUBLIC_URL is not set: links in emails and sign-in callbacks use http://localhost:${env.PORT}, session cookies are not Secure, and requests for any host name other than this machine's addresses are refused.`,
      fix: "set PUBLIC_URL to the https:// address people use (or HOST=127.0.0.1 for this machine only).",
    };
  }
  return {
    check,
    severity: "error",
    message: `PUBLIC_URL is not set while HOST=${env.HOST} accepts connections from other machines: links in emails say http://localhost:${env.PORT} and session cookies are not Secure.`,
    fix: "set PUBLIC_URL to the https:// address people use.",
  };
}

export function checkDemoData(env: Env, facts: DatabaseFacts): Finding {
  const check = "demo-data";
  const open = facts.state === "open" ? facts : null;
  const present = open?.demoAccounts ?? [];
  const wanted = env.SEED_DEMO ?? !env.DATABASE_URL;
  // With no users (or a database nobody could look into yet) the next start adds the demo.
  const willSeed = wanted && (open ? !open.hasUsers : facts.state !== "in-use");
  if (present.length === 0 && !willSeed && env.SEED_DEMO !== true) {
    return { check, severity: "ok", message: "No demo accounts." };
  }
  const what =
    present.length > 0
      ? `The demo accounts (${present.join(", ")}) are in the database with the published password "${DEMO_PASSWORD}"`
      : willSeed
        ? `SEED_DEMO is ${env.SEED_DEMO === undefined ? "on by default for the embedded database" : "true"} and the database has no users: the next start adds demo accounts with the published password "${DEMO_PASSWORD}"`
        : "SEED_DEMO=true asks for demo accounts with a published password";
  const fix =
    present.length > 0
      ? "make your own admin (`npm run create-admin`), then delete the demo accounts in All Users (remove admin@example.com's admin rights first), or start from an empty database with SEED_DEMO=false."
      : "set SEED_DEMO=false.";
  const host = publicHost(env);
  if (host) {
    return {
      check,
      severity: "error",
      message: `${what}. Anyone on ${host} can sign in as the demo admin.`,
      fix,
    };
  }
  if (!env.PUBLIC_URL && listensBeyondThisMachine(env)) {
    return {
      check,
      severity: "warning",
      message: `${what}. HOST=${env.HOST} lets other machines sign in with it.`,
      fix: `${fix.replace(/\.$/, "")}, or set HOST=127.0.0.1 to keep the demo on this machine.`,
    };
  }
  return { check, severity: "info", message: `${what}. The site answers on this machine only.` };
}

export function checkTrustProxy(env: Env): Finding {
  const https = env.PUBLIC_URL?.startsWith("https:") ?? false;
  if (env.TRUST_PROXY === false && https) {
    return {
      check: "trust-proxy",
      severity: "warning",
      message:
        "TRUST_PROXY=false while PUBLIC_URL is https://: Carlot serves plain HTTP, so a proxy terminates TLS in front of it, and without trusting it every visitor shares the proxy's address for the sign-in limits (one visitor's failed attempts lock out everyone).",
      fix: "set TRUST_PROXY=true (one proxy in front), the number of proxies, or their addresses.",
    };
  }
  return {
    check: "trust-proxy",
    severity: "ok",
    message:
      env.TRUST_PROXY === false
        ? "TRUST_PROXY=false: client addresses are taken from the connection."
        : "TRUST_PROXY is set: client addresses are taken from X-Forwarded-For.",
  };
}
