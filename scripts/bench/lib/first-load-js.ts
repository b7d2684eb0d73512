// The JavaScript a first visit to each public page downloads, in two parts: the
// framework (React, React DOM and React Router: the build's `framework-*.js` chunk,
// vite.config.ts) and our own code (every other script). Issue 22's budget: the
// framework plus at most 15 kB gzip of our own code on every public page; issue 26
// let languages add at most 5 kB to it (the translator, its ICU formatter and the
// switcher; a page's messages travel as its loader data). Used by `npm run bench` and
// `npm run audit:lighthouse`.
import path from "node:path";
import zlib from "node:zlib";

import { chromium } from "playwright-core";

import { CHROMIUM_FLAGS, chromiumPath } from "#scripts/dev/chromium.ts";

/** Our own code's first-load budget per public page, gzip bytes (1 kB = 1,000 bytes). */
export const OWN_JS_BUDGET = 20_000;

export type JsPart = { files: number; raw: number; gzip: number };
export type FirstLoadJs = {
  framework: JsPart;
  own: JsPart;
  largestOwn: { name: string; gzip: number };
  /** Each file of ours, largest first: name and gzip bytes. */
  ownFiles: { name: string; gzip: number }[];
};

/**
 * The framework's files: the framework chunk (vite.config.ts), React Router's default
 * browser entry (Carlot has no app/entry.client.tsx) and the bundler's module helpers
 * (CommonJS interop for React): what a React Router app with no code of ours loads.
 */
const isFramework = (url: string) =>
  /^(framework|entry\.client|rolldown-runtime)-[\w-]+\.js$/.test(path.basename(url));
const isFrameworkChunk = (url: string) => /^framework-[\w-]+\.js$/.test(path.basename(url));

/** The public pages measured, found on the running site. */
export async function publicPages(baseURL: string): Promise<(readonly [string, string])[]> {
  const html = await (await fetch(`${baseURL}/products/allProducts`)).text();
  const ids = [
    ...new Set([...html.matchAll(/href="\/dashboard\/productDetails\/(\d+)"/g)].map((m) => m[1]!)),
  ];
  if (ids.length < 2) throw new Error("/products/allProducts links to fewer than two cars.");
  return [
    ["home", "/"],
    ["category", "/products/sedan"],
    ["search", "/products/allProducts?make=Toyota&maxPrice=30000&fuel=Petrol"],
    ["detail", `/dashboard/productDetails/${ids[0]}`],
    ["blogs", "/blogs"],
    ["safety", "/safety"],
    ["compare", `/compare?ids=${ids[0]},${ids[1]}`],
  ];
}

/**
 * Loads each page once in Chromium with a phone's screen and adds up the scripts it
 * downloads until the network is idle for 0.5 s (module preloads, the entry, and what
 * loads by itself after hydration), gzipped at zlib's default level, as the server's
 * compression sends them to a gzip-only client.
 */
export async function measureFirstLoadJs(
  baseURL: string,
  pages: readonly (readonly [string, string])[],
): Promise<Map<string, FirstLoadJs>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const result = new Map<string, FirstLoadJs>();
  try {
    for (const [name, pagePath] of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const bodies: Promise<{ url: string; body: Buffer }>[] = [];
        page.on("response", (response) => {
          if (response.request().resourceType() !== "script") return;
          bodies.push(response.body().then((body) => ({ url: response.url(), body })));
        });
        const response = await page.goto(`${baseURL}${pagePath}`, { waitUntil: "networkidle" });
        if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}.`);
        const load: FirstLoadJs = {
          framework: { files: 0, raw: 0, gzip: 0 },
          own: { files: 0, raw: 0, gzip: 0 },
          largestOwn: { name: "", gzip: 0 },
          ownFiles: [],
        };
        const loaded = await Promise.all(bodies);
        const chunks = loaded.filter(({ url }) => isFrameworkChunk(new URL(url).pathname));
        if (chunks.length !== 1) {
          throw new Error(`${pagePath} loaded ${chunks.length} framework chunks, not one.`);
        }
        for (const { url, body } of loaded) {
          const gzip = zlib.gzipSync(body).length;
          const part = isFramework(new URL(url).pathname) ? load.framework : load.own;
          part.files += 1;
          part.raw += body.length;
          part.gzip += gzip;
          if (part !== load.own) continue;
          const name = path.basename(new URL(url).pathname);
          load.ownFiles.push({ name, gzip });
          if (gzip > load.largestOwn.gzip) load.largestOwn = { name, gzip };
        }
        load.ownFiles.sort((a, b) => b.gzip - a.gzip);
        result.set(name, load);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** One table row per page: both parts, the total and the budget. */
export function firstLoadRows(
  pages: readonly (readonly [string, string])[],
  measured: Map<string, FirstLoadJs>,
) {
  return pages.map(([name, pagePath]) => {
    const load = measured.get(name)!;
    return {
      page: name,
      path: pagePath.length > 36 ? `${pagePath.slice(0, 35)}…` : pagePath,
      "framework (kB gzip)": kB(load.framework.gzip),
      "our code (kB gzip)": `${kB(load.own.gzip)} in ${load.own.files} files`,
      "total (kB gzip)": kB(load.framework.gzip + load.own.gzip),
      [`our code ≤ ${kB(OWN_JS_BUDGET)} kB`]: load.own.gzip <= OWN_JS_BUDGET ? "met" : "NOT met",
      "largest of ours (kB gzip)": `${load.largestOwn.name} ${kB(load.largestOwn.gzip)}`,
    };
  });
}

/** The summary line: how many pages keep our code within the budget. */
export function firstLoadSummary(measured: Map<string, FirstLoadJs>): string {
  const over = [...measured].filter(([, load]) => load.own.gzip > OWN_JS_BUDGET);
  return `First-load JavaScript (framework + our code ≤ ${kB(OWN_JS_BUDGET)} kB gzip): ${
    measured.size - over.length
  } of ${measured.size} public pages met${
    over.length
      ? `; NOT met: ${over.map(([name, l]) => `${name} ${kB(l.own.gzip)} kB`).join(", ")}`
      : ""
  }`;
}

/** Every file of ours per page, largest first: where a page's budget goes. */
export function firstLoadFileLines(measured: Map<string, FirstLoadJs>): string[] {
  return [...measured].map(
    ([name, load]) =>
      `${name}: ${load.ownFiles.map((file) => `${file.name} ${kB(file.gzip)}`).join(", ")}`,
  );
}
