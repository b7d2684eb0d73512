// `node scripts/bench/limit-server.ts <port> <file>[:<encoding>]…`: the "limit" npm run bench
// measures Carlot against. Serves the bytes of the given files from memory on
// 127.0.0.1:<port> for every request, with nothing else in the way: no routing, no
// logging, no compression, no headers beyond the necessary ones. Each file is one
// variant of the same page exactly as Carlot sent it: `page.html` (no encoding) and,
// for example, `page.br:br` (the bytes Carlot sent with `Content-Encoding: br`). A
// request gets the first encoded variant its Accept-Encoding accepts, otherwise the
// plain one, so for the same Accept-Encoding both servers send the same body bytes.
// Prints "ready" on standard output once it listens.
import fs from "node:fs";
import http from "node:http";

const [portArg, ...fileArgs] = process.argv.slice(2);
const port = Number(portArg);
if (!Number.isInteger(port) || port <= 0 || fileArgs.length === 0) {
  console.error("Usage: node scripts/bench/limit-server.ts <port> <file>[:<encoding>]…");
  process.exit(1);
}

type Variant = { encoding: string; headers: Record<string, string>; body: Buffer };

const variants: Variant[] = fileArgs.map((arg) => {
  const colon = arg.lastIndexOf(":");
  const [file, encoding] = colon > 0 ? [arg.slice(0, colon), arg.slice(colon + 1)] : [arg, ""];
  const body = fs.readFileSync(file);
  return {
    encoding,
    body,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(body.length),
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    },
  };
});
const plain = variants.find((variant) => !variant.encoding);
const encoded = variants.filter((variant) => variant.encoding);
if (!plain) {
  console.error("limit-server: one file must be given without an encoding (the plain bytes).");
  process.exit(1);
}

/** The encodings an Accept-Encoding header accepts (q=0 refuses one). */
function accepted(header: string | undefined): Set<string> {
  if (!header) return new Set();
  return new Set(
    header
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
}

http
  .createServer((request, response) => {
    const offered = accepted(request.headers["accept-encoding"]);
    const variant = encoded.find((v) => offered.has(v.encoding)) ?? plain;
    response.writeHead(200, variant.headers);
    response.end(variant.body);
  })
  .listen(port, "127.0.0.1", () => {
    process.stdout.write("ready\n");
  });
