// The page dictionary (decision 025): what goes into it, how it is announced and
// served, and rendered pages compressed with it behind the same compression
// middlewares as server/app.ts, on a real HTTP server.
import type http from "node:http";
import zlib from "node:zlib";

import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";

import {
  acceptsDcz,
  createPageDictionary,
  dczEncode,
  dictionaryOf,
  renderDictionary,
  type PageDictionary,
} from "#server/page-dictionary.ts";
import { compressWholePages } from "#server/whole-page-compression.ts";
import { serveRaw } from "#tests/raw-server.ts";

const ROW = `<tr><td class="rounded-lg bg-white px-3 py-2 text-sm">Car</td></tr>`;
const pageOf = (title: string, rows = 40) =>
  `<!doctype html><html><head><script nonce="">x</script></head><body><h1>${title}</h1>` +
  `<a href="/dashboard/productDetails/7">car</a>${ROW.repeat(rows)}</body></html>`;

/** A dictionary made from stand-in pages, its clock, and what it rendered. */
async function ready(clock = { now: 1_000 }) {
  const rendered: string[] = [];
  const dictionary = createPageDictionary({
    now: () => clock.now,
    render: async (path) => {
      rendered.push(path);
      return new Response(pageOf(`${path} at ${clock.now}`), {
        headers: { "Content-Type": "text/html" },
      });
    },
  });
  const html = { method: "GET", headers: { accept: "text/html" } };
  const link = async () => {
    const res = fakeResponse();
    dictionary.announce(html as unknown as http.IncomingMessage, res);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return res.headers.link;
  };
  return { dictionary, rendered, link };
}

function fakeResponse() {
  const headers: Record<string, string> = {};
  return {
    headers,
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
  } as unknown as http.ServerResponse & { headers: Record<string, string> };
}

describe("the page dictionary", () => {
  it("is made from visitors' pages without their nonce, the first car included", async () => {
    const rendered: string[] = [];
    const bytes = await renderDictionary(async (path) => {
      rendered.push(path);
      return new Response(pageOf(path));
    });
    expect(rendered).toEqual([
      "/",
      "/products/allProducts",
      "/products/allProducts.data",
      "/dashboard/productDetails/7",
    ]);
    expect(bytes?.toString()).not.toContain("nonce");
    // No home page (a failing render), no dictionary.
    expect(await renderDictionary(async () => new Response("", { status: 500 }))).toBeNull();
  });

  it("takes dcz only when Accept-Encoding names it without q=0", () => {
    expect(acceptsDcz("gzip, deflate, br, zstd, dcb, dcz")).toBe(true);
    expect(acceptsDcz("br, DCZ;q=0.5")).toBe(true);
    expect(acceptsDcz("br, dcz;q=0")).toBe(false);
    expect(acceptsDcz("br, dcb")).toBe(false);
    expect(acceptsDcz(undefined)).toBe(false);
  });

  it("encodes a page as the frame naming the dictionary, then zstd with it", () => {
    const dictionary = dictionaryOf(Buffer.from(pageOf("Sedan cars")));
    const body = Buffer.from(pageOf("SUV cars"));
    const encoded = dczEncode(dictionary, body);
    expect([...encoded.subarray(0, 8)]).toEqual([0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0]);
    expect(encoded.subarray(8, 40).toString("hex")).toBe(dictionary.id);
    const decoded = zlib.zstdDecompressSync(encoded.subarray(40), {
      dictionary: dictionary.bytes,
    });
    expect(decoded.equals(body)).toBe(true);
    expect(encoded.length).toBeLessThan(zlib.brotliCompressSync(body).length / 2);
    expect(dictionary.announced).toBe(`:${Buffer.from(dictionary.id, "hex").toString("base64")}:`);
  });

  it("is linked from pages once made, served immutable, and renewed after a day", async () => {
    const clock = { now: 1_000 };
    const { dictionary, rendered, link } = await ready(clock);
    // The first page asks for it to be made; the pages after it link it.
    await link();
    const first = await link();
    expect(first).toMatch(/^<\/_dictionary\/[0-9a-f]{64}>; rel="compression-dictionary"$/);
    expect(rendered).toHaveLength(4);
    const get = await serveRaw((req, res) => {
      if (!dictionary.tryServe(req, res)) res.writeHead(299).end();
    });
    const path = /<([^>]+)>/.exec(first!)![1]!;
    const served = await get(path);
    expect(served.status).toBe(200);
    expect(served.headers["use-as-dictionary"]).toBe('match="/*"');
    expect(served.headers["cache-control"]).toContain("immutable");
    const br = await get(path, { "Accept-Encoding": "br" });
    expect(zlib.brotliDecompressSync(br.body).equals(served.body)).toBe(true);
    expect((await get("/_dictionary/0000")).status).toBe(404);
    expect((await get("/other")).status).toBe(299);

    clock.now += 25 * 60 * 60 * 1000;
    await link();
    const renewed = await link();
    expect(renewed).not.toBe(first);
    // Browsers holding the one before may still use it.
    expect((await get(path)).status).toBe(200);
    const announced = `:${Buffer.from(path.slice(-64), "hex").toString("base64")}:`;
    const asking = (value: string, encodings = "br, dcz") =>
      ({
        headers: { "available-dictionary": value, "accept-encoding": encodings },
      }) as unknown as http.IncomingMessage;
    expect(dictionary.matching(asking(announced))?.id).toBe(path.slice(-64));
    expect(dictionary.matching(asking(announced, "br, dcz;q=0"))).toBeNull();
    expect(dictionary.matching(asking(":AAAA:"))).toBeNull();
  });

  it("is tried again only after a minute when its pages cannot be rendered", async () => {
    const clock = { now: 1_000 };
    let attempts = 0;
    let ready = false;
    const dictionary = createPageDictionary({
      now: () => clock.now,
      render: async (path) => {
        attempts++;
        return ready
          ? new Response(pageOf(path), { headers: { "Content-Type": "text/html" } })
          : new Response("Service Unavailable", { status: 503 });
      },
    });
    const html = {
      method: "GET",
      headers: { accept: "text/html" },
    } as unknown as http.IncomingMessage;
    const page = async () => {
      const res = fakeResponse();
      dictionary.announce(html, res);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return res.headers.link;
    };
    await page();
    const afterFirst = attempts;
    expect(afterFirst).toBeGreaterThan(0);
    // A failing site is not asked again on every page.
    for (let n = 0; n < 5; n++) expect(await page()).toBeUndefined();
    expect(attempts).toBe(afterFirst);
    ready = true;
    clock.now += 61_000;
    await page();
    expect(await page()).toMatch(/rel="compression-dictionary"/);
  });

  it("announces nothing to requests that are not a page", async () => {
    const { dictionary } = await ready();
    const res = fakeResponse();
    const asset = { method: "GET", headers: { accept: "*/*" } } as unknown as http.IncomingMessage;
    dictionary.announce(asset, res);
    await new Promise((resolve) => setTimeout(resolve, 20));
    dictionary.announce(asset, res);
    expect(res.headers.link).toBeUndefined();
  });
});

describe("rendered pages with the dictionary", () => {
  async function app(dictionary: PageDictionary) {
    const site = express();
    site.use(compression());
    site.use(compressWholePages({ dictionaryFor: (req) => dictionary.matching(req) }));
    site.get("/streamed", (_req, res) => {
      // As React Router writes a page: Uint8Array chunks, then end.
      res.type("html");
      const bytes = new TextEncoder().encode(pageOf("streamed", 200));
      res.write(bytes.subarray(0, 1000));
      res.write(bytes.subarray(1000));
      res.end();
    });
    site.get("/sent", (_req, res) => {
      res.type("html").send(pageOf("sent"));
    });
    site.get("/data", (_req, res) => {
      res.type("text/x-script").send(`[{"_1":2},"rows"]`.repeat(100));
    });
    site.get("/events", (_req, res) => {
      res.type("text/event-stream").end("data: hello\n\n".repeat(100));
    });
    site.get("/missing", (_req, res) => {
      res.status(404).type("html").send(pageOf("not found"));
    });
    return serveRaw(site);
  }

  it("go out as dcz that decodes to the page, while the rest is compressed as before", async () => {
    const { dictionary, link } = await ready();
    await link();
    const path = /<([^>]+)>/.exec((await link())!)![1]!;
    const id = path.slice(-64);
    const announced = `:${Buffer.from(id, "hex").toString("base64")}:`;
    const bytes = dictionary.matching({
      headers: { "available-dictionary": announced, "accept-encoding": "dcz" },
    } as unknown as http.IncomingMessage)!.bytes;
    const get = await app(dictionary);
    const asks = {
      "Accept-Encoding": "gzip, br, zstd, dcb, dcz",
      "Available-Dictionary": announced,
    };
    for (const [route, text] of [
      ["/streamed", pageOf("streamed", 200)],
      ["/sent", pageOf("sent")],
      ["/data", `[{"_1":2},"rows"]`.repeat(100)],
    ] as const) {
      const served = await get(route, asks);
      expect(served.headers["content-encoding"], route).toBe("dcz");
      expect(served.headers.vary, route).toContain("Available-Dictionary");
      expect(Number(served.headers["content-length"]), route).toBe(served.body.length);
      expect(served.body.subarray(8, 40).toString("hex"), route).toBe(id);
      const decoded = zlib.zstdDecompressSync(served.body.subarray(40), { dictionary: bytes });
      expect(decoded.toString(), route).toBe(text);
    }
    // Event streams keep compression()'s brotli; errors and an unknown dictionary get
    // zstd without a dictionary, as any page does; HEAD no dcz.
    expect((await get("/events", asks)).headers["content-encoding"]).toBe("br");
    expect((await get("/missing", asks)).headers["content-encoding"]).toBe("zstd");
    expect((await get("/sent", asks, "HEAD")).headers["content-encoding"]).not.toBe("dcz");
    const unknown = await get("/sent", { ...asks, "Available-Dictionary": ":AAAA:" });
    expect(unknown.headers["content-encoding"]).toBe("zstd");
    expect(zlib.zstdDecompressSync(unknown.body).toString()).toBe(pageOf("sent"));
  });
});
