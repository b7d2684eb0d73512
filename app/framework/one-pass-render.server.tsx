// A page rendered in one synchronous pass, as a string.
//
// React Router hands a page's loader data to the browser as a stream (turbo-stream) that
// <ServerRouter>'s StreamTransfer reads chunk by chunk while React renders, each read
// suspending the render until the chunk arrives. Nothing of ours suspends on the server
// (loadWhenShown's parts are loaded at start), so once that stream has been read the
// whole page can be rendered at once with renderToString, which builds one string,
// instead of renderToPipeableStream, which encodes every attribute and text into bytes
// one by one and writes them through a stream (a quarter of the main thread's time on a
// list of cars; issue 29).
//
// Two behaviours of React Router 8.4 that its public API does not promise, pinned by
// tests/unit/one-pass-render.test.tsx and tests/e2e/public-pages.test.ts ("a page's
// loader data is one script"):
// - StreamTransfer (lib/dom/ssr/single-fetch.tsx) keeps the chunks it has read in
//   `context.renderMeta.streamCache[n]`, promises carrying `result: {done, value}` (or
//   `error`), and reads the stream only for an `n` it does not find there.
// - It renders a `value` as one `streamController.enqueue(…)` script and `done` as
//   `streamController.close()`: the whole stream as chunk 0 and its end as chunk 1 make
//   the same data in one script.
import { Writable } from "node:stream";

import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

type ReadChunk = Promise<void> & { result?: { done: boolean; value: string }; error?: unknown };
type RenderMeta = { streamCache?: Record<number, ReadChunk> };

/** A chunk StreamTransfer finds already read. */
function alreadyRead(result: ReadChunk["result"], error?: unknown): ReadChunk {
  const chunk: ReadChunk = Promise.resolve();
  if (error === undefined) chunk.result = result;
  else chunk.error = error;
  return chunk;
}

/**
 * Reads the page's loader-data stream to its end and leaves it where <ServerRouter>
 * looks first, so that rendering the page does not wait for it.
 */
export async function readLoaderDataFirst(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = (context as { renderMeta?: RenderMeta }).renderMeta;
  if (!stream || !meta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += decoder.decode(read.value, { stream: true });
    }
    text += decoder.decode();
    meta.streamCache = {
      0: alreadyRead({ done: false, value: text }),
      1: alreadyRead({ done: true, value: "" }),
    };
  } catch (error) {
    // StreamTransfer throws it where it would have met it.
    meta.streamCache = { 0: alreadyRead(undefined, error) };
  } finally {
    // <ServerRouter> takes a reader of its own (and finds nothing left to read).
    reader.releaseLock();
  }
}

/**
 * What React writes where a <Suspense> part was not finished: `<!--$?-->` (pending) or
 * `<!--$!-->` (left for the browser to render). Escaped text cannot contain `<!--`.
 */
const UNFINISHED_PART = /<!--\$[?!]-->/;

const DOCTYPE = "<!DOCTYPE html>";

/**
 * The document `page` renders, with its doctype, as UTF-8 bytes; null when a part of it
 * suspended or failed (renderToString cannot wait for it, and throws when the page itself
 * does): the streaming renderer then renders it, waiting, or failing as it always has.
 * The doctype is written beside the page's bytes rather than joined to its string:
 * joining made V8 copy the whole page into a new string before encoding it (0.15 ms for
 * a conversation of 50 messages).
 */
export function renderInOnePass(page: ReactNode): Buffer<ArrayBuffer> | null {
  let html: string;
  try {
    html = renderToString(page);
  } catch {
    return null;
  }
  if (UNFINISHED_PART.test(html)) return null;
  const bytes = Buffer.allocUnsafe(DOCTYPE.length + Buffer.byteLength(html));
  bytes.write(DOCTYPE, 0, "latin1");
  bytes.write(html, DOCTYPE.length, "utf8");
  return bytes;
}

/**
 * The page from React's streaming renderer once every part is ready, or has failed (then
 * `failed`, and `onError` hears each error once the page itself rendered), collected in one
 * piece: compressed in one pass instead of dozens of small chunks through three streams.
 * Rejects when the page itself cannot render; gives up waiting after `timeoutMs`.
 */
export function renderStreamed(
  page: ReactNode,
  options: { nonce?: string; timeoutMs: number; onError?: (error: unknown) => void },
): Promise<{ html: Buffer<ArrayBuffer>; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const timeout = setTimeout(() => abort(), options.timeoutMs);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        resolve({ html: Buffer.concat(chunks), failed });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: options.nonce,
      // The whole page is sent at once (onAllReady), so React must not move a finished
      // <Suspense> part out of its place to be revealed by a script: a browser without
      // JavaScript would never show it (React outlines parts once the page passes
      // this many bytes, 12,800 by default).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        shellRendered = true;
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        if (shellRendered) options.onError?.(error);
      },
    });
  });
}
