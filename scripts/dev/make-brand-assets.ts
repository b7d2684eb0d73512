// Writes public/logo.svg and public/favicon.svg from the drawing in app/demo/artwork.server.ts.
// Run after changing the logo: node scripts/dev/make-brand-assets.ts
import fs from "node:fs";
import path from "node:path";

import { logoSvg } from "#app/demo/artwork.server.ts";

const publicDir = path.resolve(import.meta.dirname, "../../public");
fs.mkdirSync(publicDir, { recursive: true });
fs.writeFileSync(path.join(publicDir, "logo.svg"), logoSvg());
fs.writeFileSync(path.join(publicDir, "favicon.svg"), logoSvg());
console.log("Wrote public/logo.svg and public/favicon.svg");
