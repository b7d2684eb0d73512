// The doctor's checks of what Carlot uses besides its database: whether emails are
// sent through SMTP or only written to the outbox, whether photos are stored where
// every node sharing the database can read them, and whether the page cache is on.
import path from "node:path";

import type { Finding } from "#app/services/doctor-findings.server.ts";
import type { Env } from "#app/services/env.server.ts";

export function checkSmtp(env: Env): Finding {
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    return {
      check: "smtp",
      severity: "ok",
      message: `Emails are sent through ${url.hostname}${url.port ? `:${url.port}` : ""}.`,
    };
  }
  return {
    check: "smtp",
    severity: "warning",
    message: `SMTP_URL is not set: no email is sent; password resets and buyers' messages are written to ${path.resolve(env.DATA_DIR, "outbox")} instead.`,
    fix: "set SMTP_URL=smtps://user:password@smtp.example.com:465 and MAIL_FROM.",
  };
}

export function checkStorage(env: Env, storageUrl: string | undefined): Finding {
  if (storageUrl && /^s3:\/\//i.test(storageUrl)) {
    return {
      check: "storage",
      severity: "ok",
      message: "Photos are stored in S3-compatible storage, shared by every node.",
    };
  }
  const media = path.resolve(env.DATA_DIR, "media");
  if (!env.DATABASE_URL) {
    return { check: "storage", severity: "ok", message: `Photos are stored on disk in ${media}.` };
  }
  return {
    check: "storage",
    severity: "warning",
    message: `Photos are stored on this node's disk (${media}) while DATABASE_URL lets other nodes share the database: photos stored by one node are missing on the others unless DATA_DIR/media is a shared mount.`,
    fix: "set STORAGE_URL=s3://bucket/prefix (any S3-compatible store), or mount one shared directory as DATA_DIR/media on every node.",
  };
}

export function checkPageCache(env: Env): Finding {
  if (env.PAGE_CACHE_MB === 0) {
    return {
      check: "page-cache",
      severity: "info",
      message:
        "PAGE_CACHE_MB=0: the page cache is off, every visitor's page is rendered per request.",
    };
  }
  return {
    check: "page-cache",
    severity: "ok",
    message: `The page cache keeps up to ${env.PAGE_CACHE_MB} MB of visitors' pages per process.`,
  };
}
