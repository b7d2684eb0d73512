// Pages and page data leave in one compressed piece (server/whole-page-compression.ts),
// behind compression() as in server/app.ts, on a real HTTP server.
import zlib from "node:zlib";

import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";

import { compressWholePages, preferredEncoding } from "#server/whole-page-compression.ts";
import { serveRaw } from "#tests/raw-server.ts";

const ROW = `<tr><td class="rounded-lg bg-white px-3 py-2 text-sm">Car</td></tr>`;
const page = `<!doctype html><html><body><h1>Cars</h1>${ROW.repeat(200)}</body></html>`;

async function site() {
  const app = express();
  app.use(compression());
  app.use(compressWholePages());
  app.get("/page", (_req, res) => {
    // As React Router writes a page: Uint8Array chunks (here three), then end.
    res.type("html");
    const bytes = new TextEncoder().encode(page);
    res.write(bytes.subarray(0, 1000));
    res.write(bytes.subarray(1000, 5000));
    res.write(bytes.subarray(5000));
    res.end();
  });
  app.get("/sent", (_req, res) => void res.type("html").send(page));
  app.get("/small", (_req, res) => void res.type("html").send("<p>short</p>"));
  app.get("/data", (_req, res) => void res.type("text/x-script").send(`[{"_1":2}]`.repeat(300)));
  app.get("/missing", (_req, res) => void res.status(404).type("html").send(page));
  app.get("/events", (_req, res) => {
    res.type("text/event-stream");
    res.write("data: one\n\n".repeat(200));
    res.end("data: two\n\n");
  });
  return serveRaw(app);
}

describe("whole-page compression", () => {
  it("sends a page written in chunks as one zstd body with its length", async () => {
    const get = await site();
    for (const path of ["/page", "/sent", "/missing"]) {
      // What Chrome and Firefox send.
      const served = await get(path, { "Accept-Encoding": "gzip, deflate, br, zstd" });
      expect(served.headers["content-encoding"], path).toBe("zstd");
      expect(Number(served.headers["content-length"]), path).toBe(served.body.length);
      expect(served.headers.vary, path).toContain("Accept-Encoding");
      expect(zlib.zstdDecompressSync(served.body).toString(), path).toBe(page);
    }
  });

  it("sends brotli to a browser that takes brotli but not zstd", async () => {
    const get = await site();
    for (const path of ["/page", "/sent", "/missing"]) {
      const served = await get(path, { "Accept-Encoding": "gzip, deflate, br" });
      expect(served.headers["content-encoding"], path).toBe("br");
      expect(Number(served.headers["content-length"]), path).toBe(served.body.length);
      expect(served.headers.vary, path).toContain("Accept-Encoding");
      expect(zlib.brotliDecompressSync(served.body).toString(), path).toBe(page);
    }
    const data = await get("/data", { "Accept-Encoding": "br" });
    expect(data.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(data.body).toString()).toBe(`[{"_1":2}]`.repeat(300));
  });

  it("takes gzip, or nothing, as Accept-Encoding says", async () => {
    const get = await site();
    const gzip = await get("/page", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const preferred = await get("/page", { "Accept-Encoding": "br;q=0.5, gzip" });
    expect(preferred.headers["content-encoding"]).toBe("gzip");
    for (const header of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const plain = await get("/page", header ? { "Accept-Encoding": header } : {});
      expect(plain.headers["content-encoding"], header).toBeUndefined();
      expect(plain.body.toString(), header).toBe(page);
      expect(Number(plain.headers["content-length"]), header).toBe(plain.body.length);
    }
  });

  it("leaves a small page as it is, and HEAD and event streams to compression()", async () => {
    const get = await site();
    const small = await get("/small", { "Accept-Encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>short</p>");
    const head = await get("/sent", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const events = await get("/events", { "Accept-Encoding": "br" });
    // compression() streams it: no length, and the same bytes once decoded.
    expect(events.headers["content-encoding"]).toBe("br");
    expect(events.headers["content-length"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(events.body).toString()).toBe(
      "data: one\n\n".repeat(200) + "data: two\n\n",
    );
  });

  it("reads Accept-Encoding's weights and wildcard", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("zstd");
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("zstd;q=0.5, br")).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0.9")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("zstd");
    expect(preferredEncoding("zstd;q=0, br;q=0, *;q=0.5")).toBe("gzip");
    expect(preferredEncoding("br;q=1.5")).toBeNull();
    expect(preferredEncoding("identity, deflate")).toBeNull();
    expect(preferredEncoding("BR;Q=0.000")).toBeNull();
    expect(preferredEncoding("br;q=nonsense")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
