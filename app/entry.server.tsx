import { Writable } from "node:stream";

import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type {
  ActionFunctionArgs,
  EntryContext,
  LoaderFunctionArgs,
  RouterContextProvider,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

import { NonceProvider } from "#app/components/nonce.tsx";
import { LowPriorityModules } from "#app/framework/module-preloads.server.tsx";
import { readLoaderDataFirst, renderInOnePass } from "#app/framework/one-pass-render.server.tsx";
import { nonceContext } from "#app/services/app-context.server.ts";
import { logger } from "#app/services/logger.server.ts";

export const streamTimeout = 5_000;

/** Loader data fetched during client navigations is personal too. */
export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control"))
    response.headers.set("Cache-Control", "private, no-cache");
  return response;
}

/**
 * Errors from loaders, actions and rendering. A refused request (4xx: a page
 * without a form, an unreadable body, a missing page) is routine: one info line,
 * no stack. Anything else is a fault worth a full error entry.
 */
export function handleError(
  error: unknown,
  { request }: LoaderFunctionArgs | ActionFunctionArgs,
): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info(
      { method: request.method, path: new URL(request.url).pathname, status: error.status },
      "request refused",
    );
    return;
  }
  logger.error({ err: error }, "unhandled error in a loader, action or page");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext) || undefined;
  // Pages carry a per-request nonce and, when signed in, personal data: browsers may
  // keep them (back/forward cache) but must revalidate, and shared caches must not store them.
  if (!responseHeaders.has("Cache-Control"))
    responseHeaders.set("Cache-Control", "private, no-cache");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const page = (
    <NonceProvider value={nonce ?? ""}>
      <LowPriorityModules context={routerContext} nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </LowPriorityModules>
    </NonceProvider>
  );
  // Nothing suspends on the server once the loader data is read (the lazy dialogs
  // render only once opened, loadWhenShown's parts are loaded at start): the page is
  // one string, rendered in one pass (framework/one-pass-render.server.tsx).
  await readLoaderDataFirst(routerContext);
  const html = renderInOnePass(page);
  if (html !== null) {
    // As bytes: a string body is first checked for lone surrogates, character by
    // character (undici's USVString conversion: 0.25 ms for a list of cars), then encoded.
    return new Response(Buffer.from(html), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  return renderStreamed(page, { status: responseStatusCode, headers: responseHeaders, nonce });
}

/**
 * A page a part of which suspended or failed: React's streaming renderer waits for every
 * part (or gives up after streamTimeout) and sends the whole page at once.
 */
function renderStreamed(
  page: ReactNode,
  { status, headers, nonce }: { status: number; headers: Headers; nonce: string | undefined },
) {
  let responseStatusCode = status;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // The page is collected and sent in one piece, compressed in one pass, instead of
    // dozens of small chunks through three streams.
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        resolve(new Response(Buffer.concat(chunks), { headers, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // The whole page is sent at once (onAllReady), so React must not move a finished
      // <Suspense> part out of its place to be revealed by a script: a browser without
      // JavaScript would never show it (React outlines parts once the page passes
      // this many bytes, 12,800 by default, and our inline stylesheet alone does).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        shellRendered = true;
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error }, "error while rendering a page");
      },
    });
  });
}
