// `/media/<key>`: stored photos. Local disk is served by express.static from its
// folder; S3-compatible storage is streamed through here with the same headers (a
// year, immutable, type, length, entity tag). Every request's key is checked first.
import { pipeline } from "node:stream/promises";

import express, { type RequestHandler } from "express";

import { logger } from "#app/services/logger.server.ts";
import {
  IMMUTABLE_CACHE_CONTROL,
  isSafeKey,
  MESSAGE_PHOTO_PREFIX,
  type Storage,
} from "#app/services/storage.server.ts";

export const MEDIA_UNAVAILABLE = "Photos are unavailable right now. Please try again in a minute.";

function notFound(res: Parameters<RequestHandler>[1]): void {
  res.status(404).type("text/plain").send("Not found");
}

/**
 * Answers 404 for any key this application could not have made ("..", odd characters), and
 * for the photos of messages, which only their conversation's people may see (they are read
 * through /dashboard/conversations/:id/photos/:photoId).
 */
export function refuseUnsafeKeys(): RequestHandler {
  return (req, res, next) => {
    const key = req.path.slice(1);
    if (isSafeKey(key) && !isPrivateKey(key)) next();
    else notFound(res);
  };
}

/** Keys /media never serves. */
export const isPrivateKey = (key: string) => key.startsWith(MESSAGE_PHOTO_PREFIX);

/** Streams stored files from `storage`; an unreachable store answers 503, never a crash. */
export function serveStoredFiles(storage: Storage): RequestHandler {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).type("text/plain").send("This address does not accept that kind of request.");
      return;
    }
    const key = req.path.slice(1);
    if (!isSafeKey(key) || isPrivateKey(key)) return notFound(res);
    let file;
    try {
      file = await storage.get(key);
    } catch (error) {
      logger.warn({ err: error, key }, "a stored file could not be read");
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Retry-After", "30");
      res.status(503).type("text/plain").send(MEDIA_UNAVAILABLE);
      return;
    }
    if (!file) return notFound(res);
    res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Content-Length", String(file.length));
    if (file.etag) res.setHeader("ETag", file.etag);
    if (file.lastModified) res.setHeader("Last-Modified", file.lastModified.toUTCString());
    if (req.fresh || req.method === "HEAD") {
      file.body.destroy();
      if (req.fresh) res.status(304);
      res.end();
      return;
    }
    try {
      await pipeline(file.body, res);
    } catch (error) {
      // A visitor who leaves mid-way is no problem; a store that breaks off is.
      if ((error as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") {
        logger.warn({ err: error, key }, "a stored file broke off while being sent");
      }
    }
  };
}

/**
 * What `/media` runs: for local disk its folder (`localDir`) as static files, for
 * S3 our streaming route (also with MEDIA_PUBLIC_URL: profile photos and a CDN
 * that pulls from this site use /media). Stored files are content-addressed: they
 * never change under one URL.
 */
export function mediaRoute(
  storage: Storage,
  localDir: string,
  options: { publicUrl?: string } = {},
): RequestHandler[] {
  const handlers: RequestHandler[] = [];
  if (options.publicUrl) {
    // Pages on this site load these files from MEDIA_PUBLIC_URL's origin, and a CDN there
    // may fetch them from here: "same-origin" would make browsers refuse them.
    handlers.push((_req, res, next) => {
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      next();
    });
  }
  if (storage.kind !== "local") return [...handlers, serveStoredFiles(storage)];
  return [
    ...handlers,
    refuseUnsafeKeys(),
    express.static(localDir, { immutable: true, maxAge: "1y", fallthrough: false, index: false }),
  ];
}
