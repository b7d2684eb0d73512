// The browser build served from memory: the precompressed form the client takes,
// long caching for fingerprinted files, 304s, and requests left to Express.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rawGet } from "#scripts/dev/raw-get.ts";
import { loadStaticFiles } from "#server/static-files.ts";

const script = "export const cars = [" + '"saloon",'.repeat(400) + "];\n";
let dir = "";
let server: http.Server;
let port = 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carlot-static-"));
  fs.mkdirSync(path.join(dir, "assets"));
  const file = path.join(dir, "assets", "app-1a2b3c.js");
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, "assets", "face.woff2"), Buffer.from([1, 2, 3]));
  fs.writeFileSync(path.join(dir, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const files = loadStaticFiles(dir, {
    headers: [["X-Content-Type-Options", "nosniff"]],
    hosts: new Set(["127.0.0.1:0"]),
  });
  server = http.createServer((req, res) => {
    // Host names are checked: answer every test request as if it were ours.
    req.headers.host = "127.0.0.1:0";
    if (req.headers["x-foreign"]) req.headers.host = "evil.example";
    if (!files.tryServe(req, res)) {
      res.writeHead(299);
      res.end("express");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
  rawGet(`http://127.0.0.1:${port}${pathname}`, headers, method);

describe("static files", () => {
  it("sends the stored brotli or gzip form, or the plain bytes", async () => {
    const br = await get("/assets/app-1a2b3c.js", { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get("/assets/app-1a2b3c.js", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get("/assets/app-1a2b3c.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("caches files without a fingerprint for an hour and answers 304 to their ETag", async () => {
    const logo = await get("/logo.svg");
    expect(logo.headers["cache-control"]).toBe("public, max-age=3600");
    expect(logo.headers["content-type"]).toBe("image/svg+xml");
    const again = await get("/logo.svg", { "If-None-Match": logo.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
  });

  it("answers HEAD without a body and serves already-compressed fonts as they are", async () => {
    const head = await get("/assets/app-1a2b3c.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(script));
    const font = await get("/assets/face.woff2", { "Accept-Encoding": "br" });
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers["content-type"]).toBe("font/woff2");
  });

  it("leaves missing files, other methods and foreign host names to Express", async () => {
    expect((await get("/assets/missing.js")).status).toBe(299);
    expect((await get("/assets/app-1a2b3c.js.br")).status).toBe(299);
    expect((await get("/assets/app-1a2b3c.js", {}, "POST")).status).toBe(299);
    expect((await get("/logo.svg", { "X-Foreign": "1" })).status).toBe(299);
  });
});
