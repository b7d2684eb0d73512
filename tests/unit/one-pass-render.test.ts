// A page rendered in one pass (renderToString) is byte for byte the page React's
// streaming renderer sends, and any part that would have had to wait sends the page
// back to the streaming renderer (app/framework/one-pass-render.server.tsx).
import { createElement as h, Suspense, use, useId, type ReactNode } from "react";
import { preload } from "react-dom";
import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";

import {
  readLoaderDataFirst,
  renderInOnePass,
  renderStreamed,
} from "#app/framework/one-pass-render.server.tsx";

/** What entry.server.tsx's streaming path sends for `page`: every part, in place. */
async function streamed(page: ReactNode): Promise<string> {
  return (await renderStreamed(page, { timeoutMs: 5_000 })).html.toString("utf8");
}

function Field({ label }: { label: string }) {
  const id = useId();
  return h("p", null, h("label", { htmlFor: id }, label, " ", 3), h("input", { id }));
}

function Photo() {
  preload("/media/a.webp", { as: "image", fetchPriority: "high" });
  return h("img", { src: "/media/a.webp", alt: "" });
}

/** A document like ours: head tags, text beside numbers, ids, a part in <Suspense>, a preload. */
function document(part: ReactNode = h(Field, { label: "Price" })): ReactNode {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Cars — Carlot")),
    h(
      "body",
      null,
      h("h1", null, "Cars <for> sale & more ", 12, " found"),
      h(Photo),
      h(Suspense, { fallback: h("p", null, "…") }, part),
      h("script", { dangerouslySetInnerHTML: { __html: "window.x = 1;" } }),
    ),
  );
}

const never = new Promise<string>(() => undefined);

function Waits() {
  return h("p", null, use(never));
}

function Fails(): ReactNode {
  throw new Error("broken part");
}

describe("renderInOnePass", () => {
  test("writes exactly what the streaming renderer writes", async () => {
    const once = renderInOnePass(document())?.toString("utf8");
    expect(once).not.toBeUndefined();
    expect(once).toBe(await streamed(document()));
    expect(once).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    // The preload moved into <head>, as the streaming renderer puts it.
    expect(once).toMatch(/<head>.*rel="preload".*<\/head>/);
  });

  test("a part that waits or fails is left to the streaming renderer", () => {
    expect(renderInOnePass(document(h(Waits)))).toBeNull();
    expect(renderInOnePass(document(h(Fails)))).toBeNull();
    // Outside any <Suspense>: renderToString throws; the streaming renderer decides.
    expect(renderInOnePass(h("html", null, h("body", null, h(Waits))))).toBeNull();
    expect(renderInOnePass(h("html", null, h("body", null, h(Fails))))).toBeNull();
  });
});

describe("renderStreamed (what a page that suspends gets instead)", () => {
  test("waits for the part and sends it in place; a failed part marks the page failed", async () => {
    const later = new Promise<string>((resolve) => setTimeout(() => resolve("Ready now"), 20));
    function Later() {
      return h("p", null, use(later));
    }
    const page = document(h(Later));
    expect(renderInOnePass(page)).toBeNull();
    const { html, failed } = await renderStreamed(page, { timeoutMs: 5_000 });
    expect(failed).toBe(false);
    expect(html.toString()).toContain("<p>Ready now</p>");
    expect(html.toString()).not.toMatch(/<!--\$[?!]-->/);

    const broken = await renderStreamed(document(h(Fails)), { timeoutMs: 5_000 });
    expect(broken.failed).toBe(true);
    expect(broken.html.toString()).toContain("<!--$!-->");
  });
});

/** A context with the two fields readLoaderDataFirst uses, its stream sending `chunks`. */
function contextSending(chunks: (Uint8Array | Error)[]) {
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await Promise.resolve();
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else if (next instanceof Error) controller.error(next);
      else controller.enqueue(next);
    },
  });
  const renderMeta: { streamCache?: Record<number, { result?: unknown; error?: unknown }> } = {};
  return {
    context: { serverHandoffStream: stream, renderMeta } as unknown as EntryContext,
    renderMeta,
    stream,
  };
}

describe("readLoaderDataFirst", () => {
  test("the whole stream becomes chunk 0 and its end chunk 1; the stream is free again", async () => {
    const bytes = new TextEncoder().encode('[{"_1":2},"prix","é"]\n');
    // "é" is split across two chunks, and decoded whole.
    const split = bytes.length - 3;
    const { context, renderMeta, stream } = contextSending([
      bytes.slice(0, split),
      bytes.slice(split),
    ]);
    await readLoaderDataFirst(context);
    expect(renderMeta.streamCache?.[0]?.result).toEqual({
      done: false,
      value: '[{"_1":2},"prix","é"]\n',
    });
    expect(renderMeta.streamCache?.[1]?.result).toEqual({ done: true, value: "" });
    expect(renderMeta.streamCache?.[2]).toBeUndefined();
    expect(stream.locked).toBe(false);
  });

  test("a stream that fails leaves its error for StreamTransfer to throw", async () => {
    const failure = new Error("aborted");
    const { context, renderMeta } = contextSending([new TextEncoder().encode("[1]"), failure]);
    await readLoaderDataFirst(context);
    expect(renderMeta.streamCache?.[0]?.error).toBe(failure);
    expect(renderMeta.streamCache?.[0]?.result).toBeUndefined();
  });
});
