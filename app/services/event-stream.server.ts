// A Server-Sent Events answer (issue 27): `subscribe` is called with a function that sends one
// event, and returns the function that stops it. A comment every 25 seconds keeps proxies from
// closing an idle connection; after 30 minutes the stream ends and the browser's EventSource
// opens a new one (retrying after 2 s), so nothing is held forever. Closing the page (the
// request's signal) stops it at once.
const KEEP_ALIVE_MS = 25_000;
const LIFETIME_MS = 30 * 60_000;

export function eventStream(
  signal: AbortSignal,
  subscribe: (send: (event: string) => void) => () => void,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      write("retry: 2000\n\n");
      const unsubscribe = subscribe((event) => write(`event: ${event}\ndata: \n\n`));
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      const lifetime = setTimeout(end, LIFETIME_MS);
      keepAlive.unref();
      lifetime.unref();
      stop = () => {
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        unsubscribe();
      };
      signal.addEventListener("abort", end);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware passes the events through at once.
      "Cache-Control": "no-store, no-transform",
      // nginx: do not buffer.
      "X-Accel-Buffering": "no",
    },
  });
}
