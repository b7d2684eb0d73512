// The page cache on a real HTTP server with a stand-in renderer: what is stored and
// what never is, encodings made once, 304s, the hash-based CSP, flushes racing
// renders, expiry and the byte limit.
import { createHash } from "node:crypto";
import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import {
  createPageCache,
  pageSecurityHeaders,
  type PageCache,
  type PageCacheOptions,
  type RenderPage,
} from "#server/page-cache.ts";
import { chooseEncoding } from "#server/response-negotiation.ts";
import { inlineScriptHashes } from "#server/page-cache-entry.ts";
import { dictionaryOf } from "#server/page-dictionary.ts";
import { serveRaw } from "#tests/raw-server.ts";

function page(nonce: string, text = "hello") {
  const filler = "<p>Cars for sale near you.</p>".repeat(100);
  return (
    `<!doctype html><html><head><script nonce="${nonce}">window.a = 1;</script>` +
    `<script type="module" nonce="${nonce}" src="/assets/x.js"></script></head>` +
    `<body><h1>${text}</h1>${filler}<script nonce="${nonce}">import("/assets/y.js");</script></body></html>`
  );
}

async function start(overrides: Partial<PageCacheOptions> & { render?: RenderPage } = {}) {
  const renders: string[] = [];
  let fallbacks = 0;
  let text = "hello";
  const render: RenderPage =
    overrides.render ??
    (async ({ url, nonce }) => {
      renders.push(url);
      return new Response(page(nonce, text), {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "private, no-cache",
        },
      });
    });
  const cache: PageCache = createPageCache({
    maxBytes: 8 * 1024 * 1024,
    ttlMs: 60_000,
    hosts: null,
    headers: pageSecurityHeaders({ formTargets: [], secure: false }),
    nonce: () => `n${Math.random().toString(36).slice(2)}`,
    ...overrides,
    render,
  });
  const get = await serveRaw((req, res) => {
    const fallback = () => {
      fallbacks++;
      res.writeHead(299, { "Content-Type": "text/plain" });
      res.end("fallback");
    };
    if (!cache.tryServe(req, res, fallback)) fallback();
  });
  return {
    cache,
    get,
    renders,
    fallbacks: () => fallbacks,
    setText: (value: string) => (text = value),
  };
}

describe("the page cache", () => {
  it("renders a visitor's page once and serves it from memory after that", async () => {
    const site = await start();
    const first = await site.get("/");
    const second = await site.get("/");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(site.renders).toEqual(["/"]);
  });

  it("renders a page once however many visitors ask for it at the same moment", async () => {
    const site = await start();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => site.get("/products/sedan")),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(site.renders).toEqual(["/products/sedan"]);
  });

  it("stores br and gzip forms once and picks them by Accept-Encoding", async () => {
    const site = await start();
    const plain = await site.get("/");
    const br = await site.get("/", { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await site.get("/", { "Accept-Encoding": "gzip" });
    const refused = await site.get("/", { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(br.headers.vary).toBe("Accept-Encoding, Available-Dictionary");
    // The same bytes again: nothing is compressed per request.
    const again = await site.get("/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(again.body.equals(br.body)).toBe(true);
    expect(site.renders).toHaveLength(1);
  });

  it("answers 304 to a matching If-None-Match or an unchanged If-Modified-Since", async () => {
    const site = await start();
    const first = await site.get("/blogs");
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers["last-modified"]).toBeTruthy();
    const byTag = await site.get("/blogs", { "If-None-Match": `W/${etag}` });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toHaveLength(0);
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await site.get("/blogs", {
      "If-Modified-Since": first.headers["last-modified"]!,
    });
    expect(byDate.status).toBe(304);
    const otherTag = await site.get("/blogs", { "If-None-Match": '"something-else"' });
    expect(otherTag.status).toBe(200);
    const old = await site.get("/blogs", { "If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT" });
    expect(old.status).toBe(200);
  });

  it("takes the nonce out and allows exactly the page's inline scripts by hash", async () => {
    const site = await start();
    const { body, headers } = await site.get("/");
    const html = body.toString();
    expect(html).not.toMatch(/nonce=/);
    const csp = String(headers["content-security-policy"]);
    const scriptSrc = csp.split("; ").find((part) => part.startsWith("script-src"))!;
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(scriptSrc).toBe(
      `script-src 'self' 'sha256-${sha("window.a = 1;")}' 'sha256-${sha('import("/assets/y.js");')}'`,
    );
    expect(csp).not.toMatch(/unsafe-inline'[^;]*script|nonce-/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("never takes requests that carry one of our cookies, other methods or other pages", async () => {
    const site = await start();
    for (const cookie of [
      "carlot.session_token=abc",
      "__Secure-carlot.session_token=abc",
      "carlot_toast=xyz",
      "theme=dark; carlot.session_token=abc",
    ]) {
      expect((await site.get("/", { Cookie: cookie })).body.toString()).toBe("fallback");
    }
    for (const path of [
      "/dashboard",
      "/dashboard/myProducts",
      "/dashboard/productDetails/editProduct/4",
      "/login",
      "/register",
      "/resources/price-guidance?id=1",
      "/products/sedan/extra",
      `/products/allProducts?make=${"x".repeat(600)}`,
    ]) {
      expect((await site.get(path)).body.toString(), path).toBe("fallback");
    }
    expect((await site.get("/", {}, "POST")).body.toString()).toBe("fallback");
    expect(site.renders).toEqual([]);
    // The router's route manifest is the same for everyone.
    expect((await site.get("/__manifest?paths=%2Fblogs&version=1")).headers["x-cache"]).toBe(
      "miss",
    );
    expect((await site.get("/__manifest/x")).body.toString()).toBe("fallback");
    // A client navigation's data is the page's too: the home page's is /_.data
    // (app/framework/data-url.ts); React Router 7's /_root.data is no page.
    for (const path of ["/_.data", "/products/sedan.data", "/blogs.data?_routes=root"]) {
      expect((await site.get(path)).headers["x-cache"], path).toBe("miss");
    }
    expect((await site.get("/_root.data")).body.toString()).toBe("fallback");
    site.renders.length = 0;
    // A cookie that is not ours does not make the page personal.
    expect((await site.get("/", { Cookie: "_ga=1" })).headers["x-cache"]).toBe("miss");
  });

  it("never stores a response that sets a cookie, is not a 200 or is not a page", async () => {
    const bodies: Record<string, Response> = {
      "/cookie": new Response("<p>x</p>", {
        headers: { "Content-Type": "text/html", "Set-Cookie": "carlot_toast=1" },
      }),
      "/products/missing": new Response("<p>Not found</p>", {
        status: 404,
        headers: { "Content-Type": "text/html" },
      }),
      "/products/redirect": new Response(null, { status: 301, headers: { Location: "/" } }),
      "/products/json": new Response("{}", { headers: { "Content-Type": "application/json" } }),
      "/products/nostore": new Response("<p>x</p>", {
        headers: { "Content-Type": "text/html", "Cache-Control": "no-store" },
      }),
    };
    let renders = 0;
    const site = await start({
      render: async ({ url }) => {
        renders++;
        return (bodies[url] ?? bodies["/cookie"]!).clone();
      },
    });
    const cookie = await site.get("/products/cookie");
    expect(cookie.headers["set-cookie"]).toEqual(["carlot_toast=1"]);
    expect(cookie.headers["content-security-policy"]).toMatch(/script-src 'nonce-/);
    expect((await site.get("/products/missing")).status).toBe(404);
    expect((await site.get("/products/redirect")).headers.location).toBe("/");
    expect((await site.get("/products/json")).status).toBe(200);
    expect((await site.get("/products/nostore")).status).toBe(200);
    expect(renders).toBe(5);
    // Asked again, each is rendered again (and a stored one would say "hit").
    for (const path of ["/products/missing", "/products/json", "/products/nostore"]) {
      expect((await site.get(path)).headers["x-cache"]).toBeUndefined();
    }
    expect(renders).toBe(8);
  });

  it("renders HEAD requests as GET, so the stored page is whole", async () => {
    const site = await start();
    const head = await site.get("/safety", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    const get = await site.get("/safety");
    expect(get.headers["x-cache"]).toBe("hit");
    expect(get.body.toString()).toContain("<h1>hello</h1>");
    expect(Number(head.headers["content-length"])).toBe(get.body.length);
  });

  it("forgets every page on a flush and does not store a render the flush overtook", async () => {
    let release: () => void = () => {};
    let hold = false;
    let text = "before";
    const site = await start({
      render: async ({ nonce }) => {
        const rendered = text;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return new Response(page(nonce, rendered), { headers: { "Content-Type": "text/html" } });
      },
    });
    expect((await site.get("/")).body.toString()).toContain("before");
    text = "after";
    site.cache.flush();
    expect((await site.get("/")).body.toString()).toContain("after");

    // A render reads old data, a change commits, then the render finishes.
    site.cache.flush();
    text = "stale";
    hold = true;
    const slow = site.get("/");
    await new Promise((resolve) => setTimeout(resolve, 20));
    site.cache.flush();
    text = "fresh";
    hold = false;
    const late = await site.get("/");
    release();
    expect((await slow).body.toString()).toContain("stale");
    expect(late.body.toString()).toContain("fresh");
    const next = await site.get("/");
    expect(next.headers["x-cache"]).toBe("hit");
    expect(next.body.toString()).toContain("fresh");
  });

  it("serves nothing from memory while disabled (change notifications are down)", async () => {
    const site = await start();
    await site.get("/");
    site.cache.setEnabled(false);
    expect((await site.get("/")).body.toString()).toBe("fallback");
    site.cache.setEnabled(true);
    expect((await site.get("/")).headers["x-cache"]).toBe("miss");
  });

  it("lets a page expire after the time to live", async () => {
    let clock = 1_000_000;
    const site = await start({ ttlMs: 60_000, now: () => clock });
    await site.get("/");
    clock += 59_000;
    expect((await site.get("/")).headers["x-cache"]).toBe("hit");
    clock += 2_000;
    expect((await site.get("/")).headers["x-cache"]).toBe("miss");
  });

  it("stays under its byte limit by dropping the least recently used pages", async () => {
    const sizing = await start();
    await sizing.get("/products/a");
    const entryBytes = sizing.cache.stats().bytes;
    // Room for four pages.
    const limit = entryBytes * 4 + 100;
    const site = await start({ maxBytes: limit });
    await site.get("/products/a");
    await site.get("/products/b");
    await site.get("/products/a");
    for (const path of ["/products/c", "/products/d", "/products/e"]) await site.get(path);
    const stats = site.cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(limit);
    expect(stats.entries).toBe(4);
    expect((await site.get("/products/a")).headers["x-cache"]).toBe("hit");
    expect((await site.get("/products/e")).headers["x-cache"]).toBe("hit");
    expect((await site.get("/products/b")).headers["x-cache"]).toBe("miss");
  });

  it("is off with a limit of 0 and answers only its own host names", async () => {
    const off = await start({ maxBytes: 0 });
    expect((await off.get("/")).body.toString()).toBe("fallback");
    const hosted = await start({ hosts: new Set(["cars.example"]) });
    expect((await hosted.get("/")).body.toString()).toBe("fallback");
    expect((await hosted.get("/", { Host: "cars.example" })).headers["x-cache"]).toBe("miss");
  });

  it("hands the request on when rendering fails", async () => {
    const site = await start({
      render: async () => {
        throw new Error("database down");
      },
    });
    expect((await site.get("/")).body.toString()).toBe("fallback");
    expect(site.fallbacks()).toBe(1);
  });
});

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    ["gzip;q=0, *;q=0", "identity"],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only", () => {
    const html =
      '<script src="/a.js"></script><script>one()</script><SCRIPT type="module">two()</SCRIPT><script></script>';
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(inlineScriptHashes(html)).toEqual([sha("one()"), sha("two()")]);
  });
});

describe("with a page dictionary (decision 025)", () => {
  it("answers a request that names the dictionary with dcz, made once, and others as before", async () => {
    const dictionary = dictionaryOf(Buffer.from(page("", "a page like the others")));
    const site = await start({
      dictionaryFor: (req) =>
        req.headers["available-dictionary"] === dictionary.announced ? dictionary : null,
    });
    const asks = { "Accept-Encoding": "br, dcz", "Available-Dictionary": dictionary.announced };
    const plain = await site.get("/");
    const stored = site.cache.stats().bytes;
    const first = await site.get("/", asks);
    const second = await site.get("/", asks);
    expect(first.headers["content-encoding"]).toBe("dcz");
    expect(first.headers.vary).toContain("Available-Dictionary");
    expect(first.body.subarray(0, 40).equals(dictionary.dczHeader)).toBe(true);
    const decoded = zlib.zstdDecompressSync(first.body.subarray(40), {
      dictionary: dictionary.bytes,
    });
    expect(decoded.equals(plain.body)).toBe(true);
    expect(second.body.equals(first.body)).toBe(true);
    // Counted once in the cache's bytes, and smaller than brotli without the dictionary.
    expect(site.cache.stats().bytes).toBe(stored + first.body.length);
    const br = await site.get("/", { "Accept-Encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(first.body.length).toBeLessThan(br.body.length);
    // Another dictionary, or dcz refused: brotli.
    const other = await site.get("/", { ...asks, "Available-Dictionary": ":AAAA:" });
    expect(other.headers["content-encoding"]).toBe("br");
    expect(site.renders).toEqual(["/"]);
  });
});
