// Run by `npm run build` after React Router's build: writes a brotli (quality 11) and
// a gzip (level 9) copy next to each text file in build/client (`app-1a2b.js.br`,
// `app-1a2b.js.gz`), so the server sends the smallest form without compressing
// anything per request (server/static-files.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const root = path.resolve(process.argv[2] ?? "build/client");
let count = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  // A copy that saves nothing is not written: the plain file is served instead.
  if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
  count++;
  before += body.length;
  after += br.length;
}
console.log(
  `precompressed ${count} files in ${path.relative(process.cwd(), root)}: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB with brotli`,
);
