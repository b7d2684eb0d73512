import type {
  ActionFunctionArgs,
  EntryContext,
  LoaderFunctionArgs,
  RouterContextProvider,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

import { NonceProvider } from "#app/components/nonce.tsx";
import { LowPriorityModules } from "#app/framework/module-preloads.server.tsx";
import {
  readLoaderDataFirst,
  renderInOnePass,
  renderStreamed,
} from "#app/framework/one-pass-render.server.tsx";
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
    return new Response(html, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  // A part suspended or failed: React's streaming renderer waits for every part (or gives
  // up after streamTimeout) and the page is sent whole all the same.
  const streamed = await renderStreamed(page, {
    nonce,
    timeoutMs: streamTimeout + 1000,
    onError: (error) => logger.error({ err: error }, "error while rendering a page"),
  });
  return new Response(streamed.html, {
    headers: responseHeaders,
    status: streamed.failed ? 500 : responseStatusCode,
  });
}
