// Debian's Chromium (Playwright's download is not used), for the end-to-end tests and
// `npm run audit:lighthouse`: where it is, and the flags it runs headless with on a
// machine without outside network (background requests would be refused, many at a time).
import fs from "node:fs";

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found)
    throw new Error(
      "Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH.",
    );
  return found;
}

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
