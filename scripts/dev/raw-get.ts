// One HTTP request with exactly the headers given and the body as sent: unlike fetch, it
// adds no Accept-Encoding and undoes no compression. For the bench and the tests that
// check what the server put on the wire.
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (still compressed if it was). */
  body: Buffer;
}

/** A GET (or `method`) of `url` on a connection of its own. */
export async function rawGet(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.request(url, { headers, method, agent: false }, resolve).on("error", reject).end();
  });
  const body = Buffer.concat((await response.toArray()) as Buffer[]);
  return { status: response.statusCode ?? 0, headers: response.headers, body };
}
