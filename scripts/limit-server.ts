// `node scripts/limit-server.ts <file> <port>`: the "limit" npm run bench measures
// Carlot against. Serves the bytes of <file> as text/html from memory on
// 127.0.0.1:<port> for every request, with nothing else in the way: no routing, no
// logging, no headers beyond the necessary ones. The brotli and gzip variants are
// compressed once at start and sent when the request's Accept-Encoding asks for
// them. Prints "ready" on standard output once it listens.
import fs from "node:fs";
import http from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const [file, portArg] = process.argv.slice(2);
const port = Number(portArg);
if (!file || !Number.isInteger(port) || port <= 0) {
  console.error("Usage: node scripts/limit-server.ts <file> <port>");
  process.exit(1);
}
const body = fs.readFileSync(file);
const variants = {
  identity: body,
  br: brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }),
  gzip: gzipSync(body, { level: 9 }),
};
const headers = (encoding: keyof typeof variants) => ({
  "Content-Type": "text/html; charset=utf-8",
  "Content-Length": String(variants[encoding].length),
  Vary: "Accept-Encoding",
  ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
});
const precomputed = {
  identity: headers("identity"),
  br: headers("br"),
  gzip: headers("gzip"),
};

function pick(accept: string | undefined): keyof typeof variants {
  if (!accept) return "identity";
  const offered = accept
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.trim().toLowerCase());
  if (offered.includes("br")) return "br";
  if (offered.includes("gzip")) return "gzip";
  return "identity";
}

http
  .createServer((request, response) => {
    const encoding = pick(request.headers["accept-encoding"]);
    response.writeHead(200, precomputed[encoding]);
    response.end(variants[encoding]);
  })
  .listen(port, "127.0.0.1", () => {
    process.stdout.write("ready\n");
  });
